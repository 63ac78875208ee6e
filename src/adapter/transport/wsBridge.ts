// One debug session over one WebSocket: each text frame carries exactly one JSON DAP
// message, in both directions (no Content-Length headers). A binary frame or a frame that
// is not a JSON object closes the socket. A frame over the message cap is answered with an
// error, as on the byte streams; ws closes the socket only past its hard cap (maxPayload).

import type { RawData, WebSocket } from 'ws';
import { SessionConnection, type Logger, type SessionFactory } from './connection';
import { oversizeBody, parseMessage } from './framing';
import type { TransportLimits } from '../limits';

/** WebSocket close codes (RFC 6455 section 7.4.1). */
const NORMAL = 1000;
const UNSUPPORTED_DATA = 1003;
const INVALID_PAYLOAD = 1007;

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Runs a session on the socket; resolves once the socket is closed and the session freed,
 *  with whether the client spoke DAP on it. */
export function serveWebSocket(
  ws: WebSocket,
  createSession: SessionFactory,
  limits: TransportLimits,
  log: Logger,
  name: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = new SessionConnection(
      createSession(),
      {
        send: (message) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
        },
        close: (reason) => {
          if (ws.readyState === ws.OPEN) ws.close(reason ? INVALID_PAYLOAD : NORMAL, reason?.slice(0, 120));
          resolve(connection.spoke);
        },
      },
      log,
      name,
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        if (ws.readyState === ws.OPEN) ws.close(UNSUPPORTED_DATA, 'DAP messages are text frames');
        connection.close('binary frame');
        return;
      }
      const bytes = bytesOf(data);
      if (bytes.length > limits.maxMessageBytes) {
        const refused = oversizeBody(bytes, limits.maxMessageBytes);
        connection.refuse(refused.seq, refused.command, refused.reason);
        return;
      }
      const message = parseMessage(bytes.toString('utf8'));
      if (typeof message === 'string') connection.close(message);
      else connection.deliver(message);
    });
    ws.on('error', (e) => connection.close(`socket error: ${e.message}`));
    ws.on('close', () => connection.close());
  });
}
