// `symdap dap`: the debug adapter. Default transport is stdio (stdout carries only DAP
// messages); `--server=PORT` serves TCP and `--ws=PORT` WebSocket, one session per
// connection, on 127.0.0.1 unless `--host` says otherwise. A server exits once its last
// session has ended or the editor that started it is gone (serverLifetime.ts); with
// `--multi` it runs until SIGINT/SIGTERM. A server listens before it loads the engine (the
// session module loads right after, or at the first connection): Helix connects once,
// 500 ms after starting it.

import type * as SessionModule from '../adapter/session/session';
import type { Logger, SessionFactory } from '../adapter/transport/connection';
import { DEFAULT_LIMITS } from '../adapter/limits';
import type { RunningServer, ServerOptions } from '../adapter/transport/tcpServer';
import { parseArgs } from './args';
import type { CliIO } from './io';
import { watchParent } from './parentWatch';
import { ServerLifetime } from './serverLifetime';

const USAGE =
  'usage: symdap dap [--server=PORT | --ws=PORT] [--multi] [--host H] [--token T] [--allow-origin O]... [--ui] [--verbose]\n';

interface DapOptions {
  readonly transport: 'stdio' | 'tcp' | 'ws';
  readonly port: number;
  readonly host: string;
  readonly token?: string;
  readonly allowedOrigins: readonly string[];
  readonly verbose: boolean;
  /** Serve session after session until a signal, instead of exiting after the last one. */
  readonly multi: boolean;
  /** Every session serves the tree page (unless its launch says `ui: false`). */
  readonly ui: boolean;
}

function portOf(value: string, name: string): number | string {
  const n = Number(value);
  return /^\d+$/.test(value) && n <= 65535 ? n : `option '--${name}' must be a port number (0-65535), got '${value}'`;
}

/** --allow-origin may repeat, which parseArgs does not keep; take it out first. */
function splitOrigins(args: readonly string[]): { rest: string[]; origins: string[]; error?: string } {
  const rest: string[] = [];
  const origins: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--allow-origin=')) origins.push(a.slice('--allow-origin='.length));
    else if (a === '--allow-origin') {
      if (args[i + 1] === undefined) return { rest, origins, error: "option '--allow-origin' needs a value" };
      origins.push(args[++i]);
    } else rest.push(a);
  }
  return { rest, origins };
}

function options(args: readonly string[]): DapOptions | string {
  const split = splitOrigins(args);
  if (split.error) return split.error;
  const p = parseArgs(split.rest, { flags: ['verbose', 'multi', 'ui'], values: ['server', 'ws', 'host', 'token'] });
  if (p.error) return p.error;
  if (p.positional.length > 0) return `unexpected argument '${p.positional[0]}'`;
  const server = p.options.get('server');
  const ws = p.options.get('ws');
  if (server !== undefined && ws !== undefined) return 'choose one of --server and --ws';
  const portText = server ?? ws;
  const port = portText === undefined ? 0 : portOf(portText, server !== undefined ? 'server' : 'ws');
  if (typeof port === 'string') return port;
  const transport = server !== undefined ? 'tcp' : ws !== undefined ? 'ws' : 'stdio';
  if (transport !== 'ws' && (p.options.has('token') || split.origins.length > 0))
    return '--token and --allow-origin apply to --ws only';
  if (transport === 'stdio' && p.flags.has('multi')) return '--multi applies to --server and --ws only';
  return {
    transport,
    port,
    host: p.options.get('host') ?? '127.0.0.1',
    token: p.options.get('token'),
    allowedOrigins: split.origins,
    verbose: p.flags.has('verbose'),
    multi: p.flags.has('multi'),
    ui: p.flags.has('ui'),
  };
}

function logger(io: CliIO, verbose: boolean, errors: boolean): Logger {
  return {
    info: (line) => {
      if (verbose) io.err(`symdap dap: ${line}\n`);
    },
    error: (line) => {
      if (errors) io.err(`symdap dap: ${line}\n`);
    },
  };
}

/** Resolves on the first SIGINT or SIGTERM; `dispose` stops listening for them. */
function untilSignal(): { readonly received: Promise<string>; dispose(): void } {
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  const dispose = (): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
  const received = new Promise<string>((resolve) => {
    stop = (signal) => {
      dispose();
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { received, dispose };
}

/** Sessions from a module loaded on first use: the engine and the front end take longer to
 *  load than Node takes to start, and a server must listen at once. */
function lazySessions(ui: boolean): { readonly create: SessionFactory; preload(): void } {
  let module: typeof SessionModule | undefined;
  const load = (): typeof SessionModule => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (start-up time), synchronously
    module ??= require('../adapter/session/session') as typeof SessionModule;
    return module;
  };
  return {
    create: () => new (load().SymDebugSession)({ ui }),
    preload: () => {
      load();
    },
  };
}

async function startServer(o: DapOptions, common: ServerOptions, io: CliIO): Promise<RunningServer> {
  if (o.transport === 'tcp') {
    const { startTcpServer } = await import('../adapter/transport/tcpServer');
    const server = await startTcpServer(common);
    io.err(`listening on ${server.host}:${server.port}\n`);
    return server;
  }
  const [{ startWsServer }, { newToken }] = await Promise.all([
    import('../adapter/transport/wsServer'),
    import('../adapter/transport/wsPolicy'),
  ]);
  const ws = await startWsServer({ ...common, token: o.token ?? newToken(), allowedOrigins: o.allowedOrigins });
  io.err(`listening on ${ws.url}\n`);
  return ws;
}

/** One request's stray rejected promise must not end the adapter (and every other session). */
function survivingRejections(log: Logger): () => void {
  const onRejection = (e: unknown): void =>
    log.error(`unhandled rejection: ${e instanceof Error ? e.message : String(e)}`);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('unhandledRejection', onRejection);
  };
}

async function serve(o: DapOptions, io: CliIO): Promise<number> {
  const log = logger(io, o.verbose, true);
  const stopSurviving = survivingRejections(log);
  const sessions = lazySessions(o.ui);
  const lifetime = new ServerLifetime({ multi: o.multi });
  const signal = untilSignal();
  let server: RunningServer;
  try {
    server = await startServer(
      o,
      { host: o.host, port: o.port, createSession: sessions.create, limits: DEFAULT_LIMITS, log, watcher: lifetime },
      io,
    );
  } catch (e) {
    signal.dispose();
    lifetime.dispose();
    stopSurviving();
    io.err(`symdap dap: cannot listen on ${o.host}:${o.port}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  // Listening first: the client's connect succeeds while the engine loads.
  setImmediate(sessions.preload);
  const stopWatching = o.multi ? () => undefined : watchParent(() => lifetime.parentGone());
  const reason = await Promise.race([signal.received, lifetime.ended]);
  log.info(`stopping: ${reason}`);
  signal.dispose();
  lifetime.dispose();
  stopWatching();
  await server.close();
  stopSurviving();
  return 0;
}

export async function runDap(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const o = options(args);
  if (typeof o === 'string') {
    io.err(`symdap dap: ${o}\n${USAGE}`);
    return 2;
  }
  if (o.transport !== 'stdio') return serve(o, io);
  const log = logger(io, o.verbose, o.verbose);
  const stopSurviving = survivingRejections(log);
  const [{ serveStdio }, { SymDebugSession }] = await Promise.all([
    import('../adapter/transport/stdio'),
    import('../adapter/session/session'),
  ]);
  await serveStdio(() => new SymDebugSession({ ui: o.ui }), DEFAULT_LIMITS, log);
  stopSurviving();
  return 0;
}
