// Soak test of `symdap dap --server`: 200 sequential sessions on one server, each launching
// a program, exploring it to the end and disconnecting. A finished session must release
// everything it held (solver context, execution tree, listeners, timers), so the server's
// memory after garbage collection stays flat from session 20 (caches and the solver's heap
// warmed up) to session 200.

import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchStopped, sample, tcpClient, withTimeout } from './transportSupport';

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  active: number;
}

const SESSIONS = 200;
const WARM = 20;
const MB = 1024 * 1024;
/** A leaking server is stopped early rather than allowed to take the machine's memory. */
const RSS_CEILING = 1024 * MB;

let child: ChildProcess;
let port: number;

function nextMessage<T>(): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T))),
    20_000,
    'memory server',
  );
}

async function measure(): Promise<Memory> {
  const reply = nextMessage<Memory>();
  child.send('measure');
  return reply;
}

async function oneSession(): Promise<void> {
  const c = await tcpClient(port);
  await launchStopped(c, sample('lecture/three_paths.sym'));
  const terminated = c.waitForEvent('terminated', 20_000);
  await c.send('continue', {});
  await terminated;
  await c.send('disconnect', {});
  c.socket.end();
  await c.closed;
}

describe('server memory over many sessions', () => {
  beforeAll(async () => {
    child = fork(path.join(__dirname, 'fixtures', 'memoryServer.js'), [], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    port = (await nextMessage<{ port: number }>()).port;
  });

  afterAll(() => {
    child?.kill();
  });

  it(`stays flat over ${SESSIONS} sequential sessions`, async () => {
    let warm: Memory | undefined;
    for (let i = 1; i <= SESSIONS; i++) {
      await oneSession();
      if (i === WARM) warm = await measure();
      if (i % 10 === 0) {
        const now = await measure();
        expect(now.rss, `server RSS after ${i} sessions`).toBeLessThan(RSS_CEILING);
      }
    }
    const last = await measure();
    const grew = { rss: (last.rss - warm!.rss) / MB, heap: (last.heapUsed - warm!.heapUsed) / MB };
    console.info(
      `memory from session ${WARM} to ${SESSIONS}: rss ${(warm!.rss / MB).toFixed(0)} → ${(last.rss / MB).toFixed(0)} MB, heap ${(warm!.heapUsed / MB).toFixed(1)} → ${(last.heapUsed / MB).toFixed(1)} MB`,
    );
    expect(last.active).toBe(0);
    expect(grew.heap).toBeLessThan(20);
    expect(grew.rss).toBeLessThan(50);
  }, 120_000);
});
