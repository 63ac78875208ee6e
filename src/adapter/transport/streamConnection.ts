// Serves one debug session over a pair of byte streams with Content-Length framing: the
// transport of stdio and of each TCP connection. A framing error closes this connection
// only; a request over the size cap is answered with an error and the connection goes on.

import type { Readable } from 'node:stream';
import { SessionConnection, type Logger, type SessionFactory } from './connection';
import { ContentLengthDecoder, OversizeMessage, encodeMessage } from './framing';
import type { TransportLimits } from '../limits';

export interface ByteChannel {
  readonly input: Readable;
  /** Writes protocol bytes; must tolerate a channel that is already closing. */
  write(text: string): void;
  /** Ends the output side (and, for a socket, the connection). */
  end(): void;
}

/** Runs a session on the channel; resolves once the connection is closed and the session
 *  freed, with whether the client spoke DAP on it. */
export function serveStream(
  channel: ByteChannel,
  createSession: SessionFactory,
  limits: TransportLimits,
  log: Logger,
  name: string,
  endOnDisconnect = false,
): Promise<boolean> {
  return new Promise((resolve) => {
    const decoder = new ContentLengthDecoder(limits);
    const connection = new SessionConnection(
      createSession(),
      {
        send: (message) => channel.write(encodeMessage(message)),
        close: () => {
          channel.input.off('data', onData);
          channel.end();
          resolve(connection.spoke);
        },
      },
      log,
      name,
      endOnDisconnect,
    );
    const onData = (chunk: Buffer): void => {
      const { messages, error } = decoder.push(chunk);
      for (const m of messages) {
        if (m instanceof OversizeMessage) connection.refuse(m.seq, m.command, m.reason);
        else connection.deliver(m);
      }
      if (error) connection.close(error);
    };
    channel.input.on('data', onData);
    channel.input.once('end', () => connection.close());
    channel.input.once('close', () => connection.close());
    channel.input.on('error', (e) => connection.close(`input error: ${e.message}`));
    channel.input.resume();
  });
}
