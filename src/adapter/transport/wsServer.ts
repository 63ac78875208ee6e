// `symdap dap --ws=PORT`: DAP over WebSocket for browser-based and remote-UI clients, one
// session per socket. The upgrade request is checked (token, Host, Origin; see wsPolicy)
// before any session exists; a refused request gets a plain HTTP error and no socket.

import * as http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RunningServer, ServerOptions } from './tcpServer';
import { listen } from './tcpServer';
import { admit, hostForUrl, type WsPolicy } from './wsPolicy';
import { serveWebSocket } from './wsBridge';

export interface WsServerOptions extends ServerOptions {
  readonly token: string;
  readonly allowedOrigins: readonly string[];
}

export interface RunningWsServer extends RunningServer {
  /** Where a client connects, token included. */
  readonly url: string;
}

/** How far past the message cap a frame may go before the socket is closed (1009) unread. */
export const WS_HARD_CAP_FACTOR = 16;

export const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  426: 'Upgrade Required',
} as const;

/** Answers a refused upgrade with a plain HTTP error (shared with the tree page's server). */
export function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export async function startWsServer(options: WsServerOptions): Promise<RunningWsServer> {
  const server = http.createServer((_req, res) => {
    res
      .writeHead(426, { 'Content-Type': 'text/plain', Connection: 'close' })
      .end('symdap speaks DAP over WebSocket only\n');
  });
  // Frames up to the hard cap are read and, over the message cap, answered with an error.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_HARD_CAP_FACTOR * options.limits.maxMessageBytes });
  const port = await listen(server, options.host, options.port);
  const policy: WsPolicy = {
    token: options.token,
    port,
    listenHost: options.host,
    allowedOrigins: options.allowedOrigins,
  };
  let next = 1;
  let active = 0;
  server.on('upgrade', (req, socket, head) => {
    const verdict = admit(req.url, req.headers, policy, req.rawHeaders);
    if (!verdict.ok) {
      options.log.error(`ws: refused a connection from ${req.socket.remoteAddress}: ${verdict.reason}`);
      refuse(socket, verdict.status, verdict.reason);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const name = `ws#${next++}`;
      options.log.info(`${name}: connected from ${req.socket.remoteAddress}`);
      active++;
      options.watcher?.opened();
      void serveWebSocket(ws, options.createSession, options.limits, options.log, name).then((spoke) => {
        active--;
        options.watcher?.closed(spoke);
      });
    });
  });
  return {
    host: options.host,
    port,
    activeSessions: () => active,
    url: `ws://${hostForUrl(options.host)}:${port}/?token=${encodeURIComponent(options.token)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
