// Robustness of a live session over TCP: 1,000 random and malformed requests (unknown
// commands, wrong argument types, `arguments: []`, missing arguments, unknown or huge ids,
// requests before launch, odd seq numbers) each get a response without a stack trace, and
// the session then still answers correctly. Malformed framing on other connections closes
// only those connections; a client that vanishes mid-run frees its session.

import * as net from 'node:net';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DebugSession } from '@vscode/debugadapter';
import { SILENT } from '../../src/adapter/transport/connection';
import { seededRandom as rng } from '../../src/engine/explore/searchers';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { startTcpServer, type RunningServer } from '../../src/adapter/transport/tcpServer';
import { createSession, launchStopped, sample, tcpClient, withTimeout, type MessageClient } from './transportSupport';

const BAD_IDS: unknown[] = [-1, 0, 999_999, 2 ** 31, 2 ** 53, 1e308, 1.5, 'x', '', null, true, {}, [], [1]];
const EXPRESSIONS = [
  'x',
  'x + ',
  '$pc',
  '$model',
  '$path',
  '$heap',
  ':heap',
  ':sat x > 0',
  ':valid x == x',
  ':why',
  ':bogus',
  '((((',
  '∀',
  'r := 1',
  ''.padEnd(300, '('),
  'nosuchvar',
];
const CONTEXTS: unknown[] = [undefined, 'repl', 'watch', 'hover', 'clipboard', 42];
/** Commands that move or end a path: fuzzed only with arguments that cannot name a real thread. */
const CONTROL = [
  'continue',
  'next',
  'stepIn',
  'stepOut',
  'stepBack',
  'reverseContinue',
  'goto',
  'restartFrame',
  'pause',
  'symdap/followBranch',
  'symdap/jump',
];
const QUERIES = [
  'threads',
  'stackTrace',
  'scopes',
  'variables',
  'evaluate',
  'exceptionInfo',
  'stepInTargets',
  'gotoTargets',
  'completions',
  'setBreakpoints',
  'setExceptionBreakpoints',
  'setFunctionBreakpoints',
  'source',
  'loadedSources',
  'setVariable',
  'dataBreakpointInfo',
  'breakpointLocations',
  'symdap/tree',
  'modules',
  'launch',
  'attach',
];
const UNKNOWN = ['', 'frobnicate', 'symdap/unknown', '__proto__', 'constructor', 'toString', 'initialize '];

function generator(seed: number, realThread: number, realFrame: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const junk = (): unknown => pick([undefined, [], null, 'string', 42, {}, [{}], { threadId: pick(BAD_IDS) }]);
  const badId = (): unknown => pick(BAD_IDS);
  const maybeReal = (real: number): unknown => (r() < 0.5 ? real : badId());
  const queryArgs = (command: string): unknown => {
    switch (command) {
      case 'stackTrace':
        return {
          threadId: maybeReal(realThread),
          startFrame: pick([undefined, -5, 0, 2 ** 40, 'a']),
          levels: pick([undefined, -1, 0, 1e9]),
        };
      case 'scopes':
        return { frameId: maybeReal(realFrame) };
      case 'variables':
        return { variablesReference: badId(), start: pick([undefined, -3, 1e12]), count: pick([undefined, -1, 'x']) };
      case 'evaluate':
        return { expression: pick([...EXPRESSIONS, 5, null]), frameId: maybeReal(realFrame), context: pick(CONTEXTS) };
      case 'completions':
        return { text: pick(EXPRESSIONS), column: pick([1, -1, 1e9, 'x']), frameId: maybeReal(realFrame) };
      case 'setBreakpoints':
        return {
          source: pick([{ path: '/no/such/file.sym' }, {}, null, { path: 5 }]),
          breakpoints: pick([[{ line: badId() }], [], 'x', [{ line: 12, condition: '((' }]]),
        };
      case 'exceptionInfo':
      case 'stepInTargets':
        return { threadId: maybeReal(realThread), frameId: badId() };
      case 'launch':
      case 'attach':
        return pick([{}, { program: 5 }, { program: '/no/such/file.sym' }, { program: [] }]);
      default:
        return junk();
    }
  };
  return (): Record<string, unknown> => {
    const kind = r();
    const command = kind < 0.3 ? pick(CONTROL) : kind < 0.9 ? pick(QUERIES) : pick(UNKNOWN);
    const args =
      command === 'continue'
        ? { threadId: badId() } // without a threadId, continue means "all paths"
        : CONTROL.includes(command)
          ? pick([{ threadId: badId() }, undefined, [], null, 'x', 7])
          : r() < 0.8
            ? queryArgs(command)
            : junk();
    return args === undefined ? { command } : { command, arguments: args };
  };
}

const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js):\d+/;

function expectClean(response: DebugProtocol.Response): void {
  const text = JSON.stringify({
    message: response.message,
    error: (response.body as { error?: unknown } | undefined)?.error,
  });
  expect(text).not.toMatch(STACK_TRACE);
}

/** Fires all requests pipelined in batches; every one must be answered in time. */
async function fire(client: MessageClient, requests: Record<string, unknown>[]): Promise<DebugProtocol.Response[]> {
  const out: DebugProtocol.Response[] = [];
  for (let i = 0; i < requests.length; i += 50) {
    const batch = requests
      .slice(i, i + 50)
      .map((m) => withTimeout(client.request(m), 10_000, `response to ${JSON.stringify(m).slice(0, 200)}`));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Unique seq numbers of every shape a client could send. */
function seqs(count: number, seed: number): unknown[] {
  const r = rng(seed);
  const used = new Set<unknown>();
  const odd: unknown[] = [0, -1, 2 ** 53 - 1, 'seven', 1.25];
  while (used.size < count) used.add(odd.length > 0 && r() < 0.05 ? odd.pop() : 1000 + Math.floor(r() * 1e9));
  return [...used];
}

let server: RunningServer;
let disposed = 0;
const counted = (): DebugSession => {
  const s = createSession();
  const dispose = s.dispose.bind(s);
  s.dispose = () => {
    disposed++;
    dispose();
  };
  return s;
};

beforeAll(async () => {
  server = await startTcpServer({
    host: '127.0.0.1',
    port: 0,
    createSession: counted,
    limits: DEFAULT_LIMITS,
    log: SILENT,
  });
});
afterAll(() => server.close());

async function snapshot(c: MessageClient, threadId: number): Promise<unknown> {
  const threads = (await c.send('threads')) as DebugProtocol.ThreadsResponse;
  const stack = (await c.send('stackTrace', { threadId })) as DebugProtocol.StackTraceResponse;
  return {
    threads: threads.body.threads,
    frames: stack.body.stackFrames.map((f) => ({ id: f.id, name: f.name, line: f.line })),
  };
}

describe('a live session under 1,000 random and malformed requests', () => {
  it('answers every request, never with a stack trace, and still works afterwards', async () => {
    const c = await tcpClient(server.port);
    const early = generator(7, 1, 1);
    const before = await fire(
      c,
      seqs(100, 1).map((seq) => ({ ...early(), seq })),
    );
    expect(before).toHaveLength(100);
    before.forEach(expectClean);

    const stop = await launchStopped(c, sample('lecture/three_paths.sym'));
    const threadId = stop.body.threadId!;
    const frames = (await c.send('stackTrace', { threadId })) as DebugProtocol.StackTraceResponse;
    const reference = await snapshot(c, threadId);

    const next = generator(42, threadId, frames.body.stackFrames[0].id);
    const requests = seqs(900, 2).map((seq) => ({ ...next(), seq }));
    const responses = await fire(c, requests);
    expect(responses).toHaveLength(900);
    responses.forEach(expectClean);
    expect(responses.filter((r) => !r.success).length).toBeGreaterThan(300);
    for (const [i, r] of responses.entries()) expect(r.request_seq).toBe(requests[i].seq);

    // Messages that are not requests, and requests without a seq, must not break anything.
    c.socket.write(`Content-Length: 2\r\n\r\n{}`);
    c.socket.write(`Content-Length: 17\r\n\r\n{"type":"event"}\n`);
    expect(await snapshot(c, threadId)).toEqual(reference);
    const stepped = c.waitForEvent('stopped', 20_000);
    await c.send('next', { threadId });
    expect(((await stepped) as DebugProtocol.StoppedEvent).body.reason).toBe('step');
    const terminated = c.waitForEvent('terminated', 30_000);
    await c.send('continue', { threadId });
    await terminated;
    await c.send('disconnect', {});
  }, 120_000);
});

/** Opens a raw socket, writes bytes, and resolves once the server has closed it. */
function rawClosed(port: number, bytes: string | Buffer): Promise<void> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const s = net.createConnection(port, '127.0.0.1', () => s.write(bytes));
      s.on('data', () => undefined);
      s.once('close', () => resolve());
      s.once('error', reject);
    }),
    5_000,
    'server closing a malformed connection',
  );
}

describe('malformed connections', () => {
  it('closes only the offending connection; a running session keeps working', async () => {
    const c = await tcpClient(server.port);
    const stop = await launchStopped(c, sample('lecture/three_paths.sym'));
    const threadId = stop.body.threadId!;
    const reference = await snapshot(c, threadId);

    await rawClosed(server.port, Buffer.from([0xff, 0x00, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a]));
    await rawClosed(server.port, 'Content-Length: abc\r\n\r\n{}');
    await rawClosed(server.port, 'Content-Length: -1\r\n\r\n');
    await rawClosed(server.port, 'POST /a:b HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}');
    await rawClosed(server.port, 'Content-Length: 9\r\n\r\nnot json!');
    await rawClosed(server.port, 'Content-Length: 4\r\n\r\nnull');
    await rawClosed(server.port, 'x'.repeat(DEFAULT_LIMITS.maxHeaderBytes + 10));

    expect(await snapshot(c, threadId)).toEqual(reference);
    expect(c.isClosed).toBe(false);
    await c.send('disconnect', {});
  }, 60_000);

  it('frees the session of a client that vanishes mid-run', async () => {
    const c = await tcpClient(server.port);
    await launchStopped(c, sample('join/ifs_no_join.sym'));
    const disposedBefore = disposed;
    const active = server.activeSessions();
    // Start a long exploration, then drop the connection while it runs.
    void c.request({
      command: 'continue',
      arguments: { threadId: ((await c.send('threads')) as DebugProtocol.ThreadsResponse).body.threads[0].id },
    });
    c.socket.destroy();
    await withTimeout(
      (async () => {
        while (disposed === disposedBefore) await new Promise((r) => setTimeout(r, 20));
      })(),
      5_000,
      'session disposal',
    );
    expect(server.activeSessions()).toBe(active - 1);

    const other = await tcpClient(server.port);
    const stop = await launchStopped(other, sample('lecture/three_paths.sym'));
    expect(stop.body.reason).toBe('entry');
    await other.send('disconnect', {});
  }, 60_000);
});
