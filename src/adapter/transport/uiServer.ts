// The execution-tree page of one debug session (`symdap dap --ui`, launch `ui: true`): an
// HTTP server on 127.0.0.1 (a free port) that serves the page, and a WebSocket on the same
// port through which the page gets the tree and sends clicks. Both are admitted exactly as
// the DAP WebSocket transport admits (wsPolicy: token, Host, Origin); the only Origin allowed
// is the page's own. The page speaks a small subset of DAP: see session/treePages.ts.

import * as http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from './connection';
import { parseMessage } from './framing';
import { listen } from './tcpServer';
import { refuse, STATUS_TEXT, WS_HARD_CAP_FACTOR } from './wsServer';
import { admit, hostForUrl, newToken, type WsPolicy } from './wsPolicy';
import type { TransportLimits } from '../limits';

/** One connected page: where its messages go, and how to send it one. */
export interface PageSink {
  send(message: object): void;
}

export interface PageHandler {
  /** One JSON message from the page. */
  message(page: PageSink, message: object): void;
  /** The page's socket closed. */
  closed(page: PageSink): void;
}

export interface UiServerOptions {
  readonly html: () => string;
  readonly handler: PageHandler;
  readonly limits: TransportLimits;
  readonly log: Logger;
  readonly host?: string;
  readonly token?: string;
}

export interface RunningUiServer {
  /** The page's address, token included. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startUiServer(o: UiServerOptions): Promise<RunningUiServer> {
  const host = o.host ?? '127.0.0.1';
  const token = o.token ?? newToken();
  let policy: WsPolicy | undefined; // eslint-disable-line prefer-const -- the handlers close over it before listen() gives the port
  const server = http.createServer((req, res) => {
    const verdict = admit(req.url, req.headers, policy!, req.rawHeaders);
    if (!verdict.ok) {
      o.log.error(`ui: refused a page request from ${req.socket.remoteAddress}: ${verdict.reason}`);
      res
        .writeHead(verdict.status, STATUS_TEXT[verdict.status], { 'Content-Type': 'text/plain', Connection: 'close' })
        .end(`${verdict.reason}\n`);
      return;
    }
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://localhost').pathname !== '/') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    // The token is in the address: keep it out of Referer headers and caches.
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Frame-Options': 'DENY',
      })
      .end(o.html());
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_HARD_CAP_FACTOR * o.limits.maxMessageBytes });
  const port = await listen(server, host, 0);
  const origin = `http://${hostForUrl(host)}:${port}`;
  policy = { token, port, listenHost: host, allowedOrigins: [origin, `http://localhost:${port}`] };
  server.on('upgrade', (req, socket, head) => {
    const verdict = admit(req.url, req.headers, policy!, req.rawHeaders);
    if (!verdict.ok) {
      o.log.error(`ui: refused a page socket from ${req.socket.remoteAddress}: ${verdict.reason}`);
      refuse(socket, verdict.status, verdict.reason);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => servePage(ws, o));
  });
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function servePage(ws: WebSocket, o: UiServerOptions): void {
  const page: PageSink = {
    send: (m) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    },
  };
  ws.on('message', (data, isBinary) => {
    const text = isBinary ? undefined : data.toString();
    const message =
      text === undefined || text.length > o.limits.maxMessageBytes
        ? 'not a text frame within the size cap'
        : parseMessage(text);
    if (typeof message === 'string') {
      ws.close(1003, message);
      return;
    }
    o.handler.message(page, message);
  });
  ws.on('error', () => ws.terminate());
  ws.on('close', () => o.handler.closed(page));
}
