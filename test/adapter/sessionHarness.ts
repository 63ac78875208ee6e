// Test helpers for the debug session: the real SymDebugSession served in-process on a TCP
// socket (one session per connection) and driven by @vscode/debugadapter-testsupport's
// DebugClient, plus small programs written to a temporary directory.

import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { SymDebugSession } from '../../src/adapter/session/session';

export const ROOT = path.resolve(__dirname, '..', '..');
export const sample = (name: string): string => path.join(ROOT, 'samples', name);

export interface Harness {
  readonly dc: DebugClient;
  readonly port: number;
  close(): Promise<void>;
}

export async function openSession(): Promise<Harness> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    const session = new SymDebugSession();
    session.setRunAsServer(true);
    session.start(socket, socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dc = new DebugClient('node', 'unused', 'symdap');
  dc.defaultTimeout = 15_000;
  await dc.start(port);
  return {
    dc,
    port,
    async close() {
      await dc.stop();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Launches `program` and waits for the first stopped event (entry by default). */
export async function launchAndStop(
  dc: DebugClient,
  program: string,
  extra: Record<string, unknown> = {},
): Promise<DebugProtocol.StoppedEvent> {
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([dc.configurationSequence(), dc.launch({ program, ...extra })]);
  return (await stopped) as DebugProtocol.StoppedEvent;
}

let tmpDir: string | undefined;

/** Writes a Sym program to a temporary file and returns its path. */
export function writeProgram(name: string, source: string): string {
  tmpDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-session-'));
  const file = path.join(tmpDir, name);
  fs.writeFileSync(file, source);
  return file;
}

export async function topFrame(dc: DebugClient, threadId: number): Promise<DebugProtocol.StackFrame> {
  const r = await dc.stackTraceRequest({ threadId });
  return r.body.stackFrames[0];
}

/** Variables of the named scope of a frame, by name → value. */
export async function scopeValues(
  dc: DebugClient,
  frameId: number,
  scope: string,
): Promise<Map<string, DebugProtocol.Variable>> {
  const scopes = await dc.scopesRequest({ frameId });
  const s = scopes.body.scopes.find((x) => x.name === scope);
  if (!s) throw new Error(`no scope ${scope}`);
  const vars = await dc.variablesRequest({ variablesReference: s.variablesReference });
  return new Map(vars.body.variables.map((v) => [v.name, v]));
}

/** Sends a request and returns the event of `type` that follows it. */
export async function afterRequest<T extends DebugProtocol.Event>(
  dc: DebugClient,
  type: string,
  send: () => Promise<unknown>,
): Promise<T> {
  const event = dc.waitForEvent(type);
  await send();
  return (await event) as T;
}

/** Sends raw (possibly malformed) request objects on a fresh connection; returns the response to each. */
export async function rawExchange(port: number, requests: object[]): Promise<Record<string, unknown>[]> {
  const socket = net.createConnection(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const responses: Record<string, unknown>[] = [];
  let buffer = Buffer.alloc(0);
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const header = buffer.indexOf('\r\n\r\n');
        if (header < 0) break;
        const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, header).toString())?.[1]);
        if (buffer.length < header + 4 + length) break;
        const msg = JSON.parse(buffer.subarray(header + 4, header + 4 + length).toString()) as Record<string, unknown>;
        buffer = buffer.subarray(header + 4 + length);
        if (msg.type === 'response') responses.push(msg);
        if (responses.length === requests.length) resolve();
      }
    });
  });
  for (const r of requests) {
    const json = JSON.stringify(r);
    socket.write(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
  }
  await done;
  socket.destroy();
  return responses;
}
