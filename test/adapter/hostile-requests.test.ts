// The adapter under hostile requests, over real transports: a raw DAP client on a spawned
// `symdap dap` (stdio) and on a TCP server. Oversize input (a 1 MB expression, 100,000
// breakpoints, a 240 KB sum) is refused with an error naming the limit, deep nesting is an
// error response, nothing but `initialize` is served before `initialize`, `launch` reads only
// regular .sym files and never echoes another file's content, an HTTP request to the TCP port
// gets nothing, and one session's request does not hold up another session on the server.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentLengthDecoder, encodeMessage } from '../../src/adapter/transport/framing';
import { DEFAULT_LIMITS, MAX_LAUNCH_SOURCE_BYTES, REQUEST_LIMITS } from '../../src/adapter/limits';
import { SILENT } from '../../src/adapter/transport/connection';
import { startTcpServer, type RunningServer } from '../../src/adapter/transport/tcpServer';
import { MessageClient, ROOT, createSession, launchStopped, sample, tcpClient, withTimeout } from './transportSupport';

const BIN = path.join(ROOT, 'bin', 'symdap.js');
const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js):\d+/;
/** Generous: a refusal is immediate; this only separates "answered" from "stuck". */
const PROMPT_MS = 10_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'symdap-hostile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `symdap dap` on stdio with a message-level client. */
function stdioAdapter(): MessageClient & { child: ChildProcess } {
  const child = spawn(process.execPath, [BIN, 'dap'], { stdio: 'pipe' });
  const client = Object.assign(new MessageClient((m) => child.stdin!.write(encodeMessage(m))), { child });
  // Responses are not capped (10,000 breakpoints answer with 2 MB); only requests are.
  const decoder = new ContentLengthDecoder({ ...DEFAULT_LIMITS, maxMessageBytes: 64 * 1024 * 1024 });
  child.stdout!.on('data', (chunk: Buffer) =>
    decoder.push(chunk).messages.forEach((m) => client.receive(m as DebugProtocol.ProtocolMessage)),
  );
  child.once('exit', () => client.close());
  return client;
}

/** Sends a request and returns its response, failing the test if none comes within PROMPT_MS. */
function ask(c: MessageClient, command: string, args?: unknown): Promise<DebugProtocol.Response> {
  return withTimeout(c.request(args === undefined ? { command } : { command, arguments: args }), PROMPT_MS, command);
}

function expectRefused(r: DebugProtocol.Response, message: RegExp): void {
  expect(r.success).toBe(false);
  expect(r.message).toMatch(message);
  expect(r.message).not.toMatch(STACK_TRACE);
}

describe('stdio adapter: hostile requests', () => {
  let c: MessageClient & { child: ChildProcess };
  beforeAll(async () => {
    c = stdioAdapter();
    await launchStopped(c, sample('lecture/three_paths.sym'));
  }, 60_000);
  afterAll(() => {
    c.child.kill();
  });

  it('refuses a 1 MB expression at once, naming the limit, and keeps answering', async () => {
    const r = await ask(c, 'evaluate', { expression: 'x'.repeat(1_000_000), context: 'repl' });
    expectRefused(r, new RegExp(`the limit is ${REQUEST_LIMITS.maxExpressionChars}`));
    const ok = await ask(c, 'evaluate', { expression: 'x + 1', context: 'repl' });
    expect(ok.success).toBe(true);
  }, 30_000);

  it('refuses completions on a 1 MB line (no quadratic scan), then completes as usual', async () => {
    const r = await ask(c, 'completions', { text: 'x'.repeat(1_000_000), column: 1_000_001 });
    expectRefused(r, new RegExp(`the limit is ${REQUEST_LIMITS.maxExpressionChars}`));
    const ok = (await ask(c, 'completions', { text: ':s', column: 3 })) as DebugProtocol.CompletionsResponse;
    expect(ok.body.targets.map((t) => t.label)).toContain(':sat');
  }, 30_000);

  it('answers deep nesting with an error response, not a crash or a stack trace', async () => {
    const deep = `:sat ${'!'.repeat(REQUEST_LIMITS.maxExpressionChars - 20)}(x > 0)`;
    expectRefused(await ask(c, 'evaluate', { expression: deep, context: 'repl' }), /error/);
    const tooDeep = `:sat ${'('.repeat(20_000)}x > 0${')'.repeat(20_000)}`;
    expectRefused(await ask(c, 'evaluate', { expression: tooDeep, context: 'repl' }), /limit/);
    expect((await ask(c, 'threads')).success).toBe(true);
  }, 30_000);

  it('refuses setBreakpoints with 100,000 lines (over the message cap) and stays alive', async () => {
    const breakpoints = Array.from({ length: 100_000 }, (_, i) => ({ line: i + 1 }));
    const r = await ask(c, 'setBreakpoints', { source: { path: sample('lecture/three_paths.sym') }, breakpoints });
    expectRefused(r, new RegExp(`exceeds the ${DEFAULT_LIMITS.maxMessageBytes}-byte message limit`));
    expect(r.command).toBe('setBreakpoints');
    expect(c.child.exitCode).toBeNull();
    expect((await ask(c, 'threads')).success).toBe(true);
  }, 30_000);

  it('refuses more breakpoints than the per-source cap', async () => {
    const lines = Array.from({ length: REQUEST_LIMITS.maxBreakpointsPerSource + 1 }, (_, i) => i + 1);
    const r = await ask(c, 'setBreakpoints', { source: { path: sample('lecture/three_paths.sym') }, lines });
    expectRefused(r, new RegExp(`the limit is ${REQUEST_LIMITS.maxBreakpointsPerSource}`));
    const ok = await ask(c, 'setBreakpoints', {
      source: { path: sample('lecture/three_paths.sym') },
      lines: lines.slice(1),
    });
    expect((ok as DebugProtocol.SetBreakpointsResponse).body.breakpoints).toHaveLength(
      REQUEST_LIMITS.maxBreakpointsPerSource,
    );
    await ask(c, 'setBreakpoints', { source: { path: sample('lecture/three_paths.sym') }, lines: [] });
  }, 30_000);
});

describe('launch: only after initialize, only regular .sym files', () => {
  it('refuses launch, attach and every other request before initialize', async () => {
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'TOPSECRET-1234 rest of the file\n');
    const c = stdioAdapter();
    for (const [command, args] of [
      ['launch', { program: secret }],
      ['attach', {}],
      ['threads', undefined],
      ['evaluate', { expression: 'x' }],
    ] as const) {
      const r = await ask(c, command, args);
      expectRefused(r, /before 'initialize'/);
      expect(JSON.stringify(r)).not.toMatch(/TOPSECRET/);
    }
    c.child.kill();
  }, 30_000);

  it('after initialize, refuses a file that is not a .sym program without quoting it', async () => {
    const secret = path.join(dir, 'id_rsa');
    await writeFile(secret, 'TOPSECRET-1234 rest of the file\n');
    const c = stdioAdapter();
    const seen: string[] = [];
    c.on('output', (e: DebugProtocol.OutputEvent) => seen.push(e.body.output));
    await ask(c, 'initialize', { adapterID: 'symdap' });
    const r = await ask(c, 'launch', { program: secret });
    expectRefused(r, /only \.sym and \.vpr programs can be launched/);
    expect(JSON.stringify(r) + seen.join('')).not.toMatch(/TOPSECRET/);
    c.child.kill();
  }, 30_000);

  it('refuses a .sym link to a file of another kind, quoting neither its content nor where it leads (issue 21.5)', async () => {
    const secret = path.join(dir, 'shadow');
    await writeFile(secret, 'TOPSECRET-1234 rest of the file\n');
    const link = path.join(dir, 'x.sym');
    await symlink(secret, link);
    const c = stdioAdapter();
    const seen: string[] = [];
    c.on('output', (e: DebugProtocol.OutputEvent) => seen.push(e.body.output));
    await ask(c, 'initialize', { adapterID: 'symdap' });
    const r = await ask(c, 'launch', { program: link });
    expectRefused(r, /only \.sym and \.vpr programs can be launched \(the file this link leads to is not one\)/);
    expect(JSON.stringify(r) + seen.join('')).not.toMatch(/TOPSECRET|shadow/);
    c.child.kill();
  }, 30_000);

  it('refuses a program over the launch size cap, naming the limit', async () => {
    const huge = path.join(dir, 'huge.sym');
    await writeFile(huge, Buffer.alloc(MAX_LAUNCH_SOURCE_BYTES + 1, 0x20));
    const c = stdioAdapter();
    await ask(c, 'initialize', { adapterID: 'symdap' });
    expectRefused(
      await ask(c, 'launch', { program: huge }),
      new RegExp(`the limit is ${MAX_LAUNCH_SOURCE_BYTES} bytes`),
    );
    c.child.kill();
  }, 30_000);

  it('refuses a device before reading it (a .sym link to /dev/zero)', async () => {
    const zero = path.join(dir, 'zero.sym');
    await symlink('/dev/zero', zero);
    const c = stdioAdapter();
    await ask(c, 'initialize', { adapterID: 'symdap' });
    const r = await ask(c, 'launch', { program: zero });
    expectRefused(r, /cannot read file: a device/);
    c.child.kill();
  }, 30_000);
});

describe('TCP server: other protocols and other sessions', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTcpServer({ host: '127.0.0.1', port: 0, createSession, limits: DEFAULT_LIMITS, log: SILENT });
  });
  afterAll(() => server.close());

  it('closes a connection that starts with an HTTP request line, answering nothing', async () => {
    const body = JSON.stringify({ seq: 1, type: 'request', command: 'launch', arguments: { program: '/etc/passwd' } });
    const socket = net.createConnection(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += String(d);
    });
    socket.write(
      `POST /a:b HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await withTimeout(new Promise((resolve) => socket.once('close', resolve)), PROMPT_MS, 'connection closed');
    expect(received).toBe('');
    const c = await tcpClient(server.port);
    expect((await ask(c, 'initialize', { adapterID: 'symdap' })).success).toBe(true);
    c.socket.destroy();
  });

  it('refuses launch before initialize on TCP too', async () => {
    const c = await tcpClient(server.port);
    const r = await ask(c, 'launch', { program: '/etc/passwd' });
    expectRefused(r, /before 'initialize'/);
    c.socket.destroy();
  });

  it("one session's huge evaluate does not hold up another session", async () => {
    const a = await tcpClient(server.port);
    const b = await tcpClient(server.port);
    await launchStopped(a, sample('lecture/three_paths.sym'));
    await launchStopped(b, sample('lecture/three_paths.sym'));
    const sum = Array.from({ length: 60_000 }, () => 'x').join(' + '); // 240 KB
    const big = a.request({ command: 'evaluate', arguments: { expression: sum, context: 'repl' } });
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      expect((await ask(b, 'evaluate', { expression: 'x + 1', context: 'watch' })).success).toBe(true);
      slowest = Math.max(slowest, Date.now() - t0);
    }
    expectRefused(await withTimeout(big, PROMPT_MS, 'session A'), /limit/);
    expect(slowest).toBeLessThan(PROMPT_MS);
    a.socket.destroy();
    b.socket.destroy();
  }, 60_000);
});
