// One debug session over one WebSocket: each text frame carries exactly one JSON DAP
// message, in both directions (no Content-Length headers). A binary frame or a frame that
// is not a JSON object closes the socket; ws itself enforces the size cap (maxPayload).

import type { RawData, WebSocket } from 'ws';
import { SessionConnection, type Logger, type SessionFactory } from './connection';
import { parseMessage } from './framing';

/** WebSocket close codes (RFC 6455 section 7.4.1). */
const NORMAL = 1000;
const UNSUPPORTED_DATA = 1003;
const INVALID_PAYLOAD = 1007;

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}

/** Runs a session on the socket; resolves once the socket is closed and the session freed. */
export function serveWebSocket(ws: WebSocket, createSession: SessionFactory, log: Logger, name: string): Promise<void> {
  return new Promise((resolve) => {
    const connection = new SessionConnection(createSession(), {
      send: (message) => { if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message)); },
      close: (reason) => {
        if (ws.readyState === ws.OPEN) ws.close(reason ? INVALID_PAYLOAD : NORMAL, reason?.slice(0, 120));
        resolve();
      },
    }, log, name);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        if (ws.readyState === ws.OPEN) ws.close(UNSUPPORTED_DATA, 'DAP messages are text frames');
        connection.close('binary frame');
        return;
      }
      const message = parseMessage(textOf(data));
      if (typeof message === 'string') connection.close(message);
      else connection.deliver(message);
    });
    ws.on('error', (e) => connection.close(`socket error: ${e.message}`));
    ws.on('close', () => connection.close());
  });
}
