// `symdap dap --server=PORT`: a TCP server with one independent session per connection
// (the way VS Code's `debugServer` setting talks to an adapter). A connection that breaks
// frames or hangs up frees its own session; the others keep running.

import * as net from 'node:net';
import type { Logger, SessionFactory } from './connection';
import type { TransportLimits } from '../limits';
import { serveStream } from './streamConnection';

export interface ServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly createSession: SessionFactory;
  readonly limits: TransportLimits;
  readonly log: Logger;
  /** Told of each connection's start and end (how `symdap dap` decides when to exit). */
  readonly watcher?: ConnectionWatcher;
}

export interface ConnectionWatcher {
  opened(): void;
  /** `spoke`: the client sent DAP messages (a port probe or a refused HTTP request did not). */
  closed(spoke: boolean): void;
}

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** Connections whose session is still alive. */
  activeSessions(): number;
  /** Stops listening, ends every open connection (freeing its session), then resolves. */
  close(): Promise<void>;
}

export function listen(server: net.Server | import('node:http').Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

export async function startTcpServer(options: ServerOptions): Promise<RunningServer> {
  const sockets = new Set<net.Socket>();
  let next = 1;
  const server = net.createServer((socket) => {
    const name = `tcp#${next++}`;
    sockets.add(socket);
    options.watcher?.opened();
    socket.setNoDelay(true);
    options.log.info(`${name}: connected from ${socket.remoteAddress}:${socket.remotePort}`);
    void serveStream(
      {
        input: socket,
        write: (text) => {
          if (socket.writable) socket.write(text);
        },
        end: () => socket.end(),
      },
      options.createSession,
      options.limits,
      options.log,
      name,
    ).then((spoke) => {
      sockets.delete(socket);
      options.watcher?.closed(spoke);
    });
  });
  const port = await listen(server, options.host, options.port);
  return {
    host: options.host,
    port,
    activeSessions: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
