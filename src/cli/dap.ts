// `symdap dap`: the debug adapter. Default transport is stdio (stdout carries only DAP
// messages); `--server=PORT` serves TCP and `--ws=PORT` WebSocket, one session per
// connection, on 127.0.0.1 unless `--host` says otherwise. Servers run until SIGINT/SIGTERM.

import { SymDebugSession } from '../adapter/session/session';
import type { Logger, SessionFactory } from '../adapter/transport/connection';
import { DEFAULT_LIMITS } from '../adapter/limits';
import { serveStdio } from '../adapter/transport/stdio';
import { startTcpServer, type RunningServer } from '../adapter/transport/tcpServer';
import { startWsServer } from '../adapter/transport/wsServer';
import { newToken } from '../adapter/transport/wsPolicy';
import { parseArgs } from './args';
import type { CliIO } from './io';

const USAGE = 'usage: symdap dap [--server=PORT | --ws=PORT] [--host H] [--token T] [--allow-origin O]... [--verbose]\n';

interface DapOptions {
  readonly transport: 'stdio' | 'tcp' | 'ws';
  readonly port: number;
  readonly host: string;
  readonly token?: string;
  readonly allowedOrigins: readonly string[];
  readonly verbose: boolean;
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
  const p = parseArgs(split.rest, { flags: ['verbose'], values: ['server', 'ws', 'host', 'token'] });
  if (p.error) return p.error;
  if (p.positional.length > 0) return `unexpected argument '${p.positional[0]}'`;
  const server = p.options.get('server');
  const ws = p.options.get('ws');
  if (server !== undefined && ws !== undefined) return 'choose one of --server and --ws';
  const portText = server ?? ws;
  const port = portText === undefined ? 0 : portOf(portText, server !== undefined ? 'server' : 'ws');
  if (typeof port === 'string') return port;
  const transport = server !== undefined ? 'tcp' : ws !== undefined ? 'ws' : 'stdio';
  if (transport !== 'ws' && (p.options.has('token') || split.origins.length > 0)) return '--token and --allow-origin apply to --ws only';
  return {
    transport, port, host: p.options.get('host') ?? '127.0.0.1', token: p.options.get('token'),
    allowedOrigins: split.origins, verbose: p.flags.has('verbose'),
  };
}

function logger(io: CliIO, verbose: boolean, errors: boolean): Logger {
  return {
    info: (line) => { if (verbose) io.err(`symdap dap: ${line}\n`); },
    error: (line) => { if (errors) io.err(`symdap dap: ${line}\n`); },
  };
}

/** Resolves on the first SIGINT or SIGTERM. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** One request's stray rejected promise must not end the adapter (and every other session). */
function survivingRejections(log: Logger): () => void {
  const onRejection = (e: unknown): void => log.error(`unhandled rejection: ${e instanceof Error ? e.message : String(e)}`);
  process.on('unhandledRejection', onRejection);
  return () => { process.off('unhandledRejection', onRejection); };
}

async function serve(o: DapOptions, createSession: SessionFactory, io: CliIO): Promise<number> {
  const log = logger(io, o.verbose, true);
  const stopSurviving = survivingRejections(log);
  let server: RunningServer;
  try {
    const common = { host: o.host, port: o.port, createSession, limits: DEFAULT_LIMITS, log };
    if (o.transport === 'tcp') {
      server = await startTcpServer(common);
      io.err(`listening on ${server.host}:${server.port}\n`);
    } else {
      const ws = await startWsServer({ ...common, token: o.token ?? newToken(), allowedOrigins: o.allowedOrigins });
      io.err(`listening on ${ws.url}\n`);
      server = ws;
    }
  } catch (e) {
    stopSurviving();
    io.err(`symdap dap: cannot listen on ${o.host}:${o.port}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  await untilSignal();
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
  const createSession: SessionFactory = () => new SymDebugSession();
  if (o.transport !== 'stdio') return serve(o, createSession, io);
  const log = logger(io, o.verbose, o.verbose);
  const stopSurviving = survivingRejections(log);
  await serveStdio(createSession, DEFAULT_LIMITS, log);
  stopSurviving();
  return 0;
}
