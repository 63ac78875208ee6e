// Test helpers for the DAP transports: a message-level client over a raw TCP socket or a
// WebSocket (framing done by the adapter's own encoder/decoder), a DebugClient that talks to
// a spawned `symdap dap` on stdio, and the shared scenario every transport must pass.

import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import * as net from 'node:net';
import * as path from 'node:path';
import type { DebugSession } from '@vscode/debugadapter';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { ContentLengthDecoder, encodeMessage } from '../../src/adapter/transport/framing';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { SymDebugSession } from '../../src/adapter/session/session';

export const ROOT = path.resolve(__dirname, '..', '..');
export const sample = (name: string): string => path.join(ROOT, 'samples', name);

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The part of DebugClient the scenario needs; MessageClient offers the same. */
export interface DapLike {
  send(command: string, args?: unknown): Promise<DebugProtocol.Response>;
  waitForEvent(event: string, timeout?: number): Promise<DebugProtocol.Event>;
}

/** A DAP client over any message channel; `send` rejects on an error response, like DebugClient. */
export class MessageClient extends EventEmitter implements DapLike {
  private seq = 1;
  private readonly pending = new Map<unknown, (r: DebugProtocol.Response) => void>();
  readonly closed: Promise<void>;
  private markClosed!: () => void;
  isClosed = false;

  constructor(private readonly write: (message: object) => void) {
    super();
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
  }

  receive(message: DebugProtocol.ProtocolMessage): void {
    if (message.type === 'event') this.emit((message as DebugProtocol.Event).event, message);
    if (message.type !== 'response') return;
    const response = message as DebugProtocol.Response;
    const resolve = this.pending.get(response.request_seq);
    this.pending.delete(response.request_seq);
    resolve?.(response);
  }

  close(): void {
    this.isClosed = true;
    this.markClosed();
  }

  /** Sends any object as a request; resolves with whatever response comes back. */
  request(message: Record<string, unknown>): Promise<DebugProtocol.Response> {
    const seq = 'seq' in message ? message.seq : this.seq++;
    const full = { type: 'request', ...message, seq };
    return new Promise((resolve) => {
      this.pending.set(seq, resolve);
      this.write(full);
    });
  }

  async send(command: string, args?: unknown): Promise<DebugProtocol.Response> {
    const r = await this.request(args === undefined ? { command } : { command, arguments: args });
    if (!r.success) throw new Error(r.message ?? `${command} failed`);
    return r;
  }

  waitForEvent(event: string, timeout = 10_000): Promise<DebugProtocol.Event> {
    return withTimeout(new Promise((resolve) => this.once(event, resolve)), timeout, `event '${event}'`);
  }
}

export function tcpClient(port: number): Promise<MessageClient & { socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(port, '127.0.0.1');
    const client = Object.assign(new MessageClient((m) => socket.write(encodeMessage(m))), { socket });
    const decoder = new ContentLengthDecoder(DEFAULT_LIMITS);
    socket.on('data', (chunk) =>
      decoder.push(chunk).messages.forEach((m) => client.receive(m as DebugProtocol.ProtocolMessage)),
    );
    socket.on('close', () => client.close());
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => client.close());
      resolve(client);
    });
  });
}

export function wsClient(url: string, options?: WebSocket.ClientOptions): Promise<MessageClient & { ws: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    const client = Object.assign(new MessageClient((m) => ws.send(JSON.stringify(m))), { ws });
    ws.on('message', (data) => client.receive(JSON.parse(String(data))));
    ws.on('close', () => client.close());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(client));
  });
}

/** DebugClient over a `symdap dap` child process (DebugClient.start() cannot pass arguments). */
export class StdioDebugClient extends DebugClient {
  readonly child: ChildProcess;
  stderr = '';

  constructor(args: readonly string[] = []) {
    super('node', path.join(ROOT, 'bin', 'symdap.js'), 'symdap');
    this.child = spawn(process.execPath, [path.join(ROOT, 'bin', 'symdap.js'), 'dap', ...args], { stdio: 'pipe' });
    this.child.stderr?.on('data', (d) => {
      this.stderr += String(d);
    });
    this.connect(this.child.stdout!, this.child.stdin!);
  }

  exited(): Promise<number | null> {
    if (this.child.exitCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
}

/** initialize → launch with stopOnEntry → configurationDone, as editors do it; returns the first stop. */
export async function launchStopped(
  c: DapLike,
  program: string,
  extra: Record<string, unknown> = {},
): Promise<DebugProtocol.StoppedEvent> {
  const initialized = c.waitForEvent('initialized', 20_000);
  const init = await c.send('initialize', {
    adapterID: 'symdap',
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: 'path',
  });
  expect(init.success).toBe(true);
  const stopped = c.waitForEvent('stopped', 20_000);
  const launch = c.send('launch', { program, stopOnEntry: true, ...extra });
  await initialized;
  await c.send('configurationDone');
  await launch;
  return (await stopped) as DebugProtocol.StoppedEvent;
}

async function topLine(c: DapLike, threadId: number): Promise<number> {
  const st = (await c.send('stackTrace', { threadId })) as DebugProtocol.StackTraceResponse;
  expect(st.body.stackFrames.length).toBeGreaterThan(0);
  return st.body.stackFrames[0].line;
}

/**
 * The scenario every transport must carry: three_paths.sym stops on the entry line of
 * main (line 22), `next` moves on, `continue` explores the three paths to the end.
 */
export async function threePathsScenario(c: DapLike): Promise<void> {
  const first = await launchStopped(c, sample('lecture/three_paths.sym'));
  expect(first.body.reason).toBe('entry');
  const threads = (await c.send('threads')) as DebugProtocol.ThreadsResponse;
  expect(threads.body.threads.length).toBeGreaterThanOrEqual(1);
  const threadId = first.body.threadId ?? threads.body.threads[0].id;
  expect(await topLine(c, threadId)).toBe(22);
  const stepped = c.waitForEvent('stopped', 20_000);
  await c.send('next', { threadId });
  expect(((await stepped) as DebugProtocol.StoppedEvent).body.reason).toBe('step');
  expect(await topLine(c, threadId)).toBeGreaterThan(22);
  const terminated = c.waitForEvent('terminated', 20_000);
  await c.send('continue', { threadId });
  await terminated;
  await c.send('disconnect', {});
}

export const createSession = (): DebugSession => new SymDebugSession();

/** Spawns `symdap dap ARGS` (a server mode) and waits for its `listening on …` line. */
export async function spawnServer(
  args: readonly string[],
): Promise<{ child: ChildProcess; listening: string; stderr: () => string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'symdap.js'), 'dap', ...args], { stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const listening = await withTimeout(
    new Promise<string>((resolve, reject) => {
      child.stderr?.on('data', () => {
        const m = /listening on (\S+)\n/.exec(stderr);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`symdap dap exited with ${code}: ${stderr}`)));
    }),
    20_000,
    `symdap dap ${args.join(' ')} to listen`,
  );
  return { child, listening, stderr: () => stderr };
}

/** Sends a signal and resolves with the exit code. */
export function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  child.kill(signal);
  return withTimeout(exited, 10_000, `exit after ${signal}`);
}
