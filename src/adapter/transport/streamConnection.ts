// Serves one debug session over a pair of byte streams with Content-Length framing: the
// transport of stdio and of each TCP connection. A framing error or an oversized message
// closes this connection only.

import type { Readable } from 'node:stream';
import { SessionConnection, type Logger, type SessionFactory } from './connection';
import { ContentLengthDecoder, encodeMessage } from './framing';
import type { TransportLimits } from '../limits';

export interface ByteChannel {
  readonly input: Readable;
  /** Writes protocol bytes; must tolerate a channel that is already closing. */
  write(text: string): void;
  /** Ends the output side (and, for a socket, the connection). */
  end(): void;
}

/** Runs a session on the channel; resolves once the connection is closed and the session freed. */
export function serveStream(
  channel: ByteChannel,
  createSession: SessionFactory,
  limits: TransportLimits,
  log: Logger,
  name: string,
  endOnDisconnect = false,
): Promise<void> {
  return new Promise((resolve) => {
    const decoder = new ContentLengthDecoder(limits);
    const connection = new SessionConnection(createSession(), {
      send: (message) => channel.write(encodeMessage(message)),
      close: () => {
        channel.input.off('data', onData);
        channel.end();
        resolve();
      },
    }, log, name, endOnDisconnect);
    const onData = (chunk: Buffer): void => {
      const { messages, error } = decoder.push(chunk);
      for (const m of messages) connection.deliver(m);
      if (error) connection.close(error);
    };
    channel.input.on('data', onData);
    channel.input.once('end', () => connection.close());
    channel.input.once('close', () => connection.close());
    channel.input.on('error', (e) => connection.close(`input error: ${e.message}`));
    channel.input.resume();
  });
}
