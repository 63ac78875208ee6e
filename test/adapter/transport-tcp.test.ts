// `symdap dap --server=PORT`: the scenario over TCP with DebugClient, in process and through
// the built CLI; concurrent sessions are independent; the server exits 0 once its last
// session has ended (a port probe is no session), with `--multi` only on SIGINT/SIGTERM.

import type { ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT } from '../../src/adapter/transport/connection';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { startTcpServer, type RunningServer } from '../../src/adapter/transport/tcpServer';
import { createSession, spawnServer, stopWith, threePathsScenario, withTimeout } from './transportSupport';

function tcpDebugClient(): DebugClient {
  return new DebugClient('node', 'unused', 'symdap');
}

function exitCode(child: ChildProcess, ms: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return withTimeout(new Promise((resolve) => child.once('exit', (code) => resolve(code))), ms, 'server exit');
}

function refused(port: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(port, '127.0.0.1', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', reject);
  });
}

/** Connects and hangs up without a word, as a port check does. */
function probe(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(port, '127.0.0.1', () => {
      s.end();
    });
    s.once('close', () => resolve());
    s.once('error', reject);
  });
}

describe('TCP server (in process)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTcpServer({ host: '127.0.0.1', port: 0, createSession, limits: DEFAULT_LIMITS, log: SILENT });
  });
  afterAll(() => server.close());

  it('listens on 127.0.0.1 and picks a free port for 0', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
  });

  it('carries the scenario over DebugClient', async () => {
    const dc = tcpDebugClient();
    await dc.start(server.port);
    await withTimeout(threePathsScenario(dc), 60_000, 'scenario');
    await withTimeout(dc.stop(), 5_000, 'DebugClient.stop');
  }, 70_000);

  it('runs three sessions at once, each on its own connection', async () => {
    const clients = [tcpDebugClient(), tcpDebugClient(), tcpDebugClient()];
    await Promise.all(clients.map((c) => c.start(server.port)));
    await withTimeout(Promise.all(clients.map((c) => threePathsScenario(c))), 60_000, 'three scenarios');
    await withTimeout(Promise.all(clients.map((c) => c.stop())), 5_000, 'DebugClient.stop');
    await withTimeout(
      (async () => {
        while (server.activeSessions() > 0) await new Promise((r) => setTimeout(r, 20));
      })(),
      5_000,
      'sessions freed',
    );
  }, 70_000);
});

describe('symdap dap --server', () => {
  it('prints its address, outlives a port probe, serves a session and exits 0 once it has ended', async () => {
    const { child, listening } = await spawnServer(['--server=0', '--verbose']);
    const m = /^127\.0\.0\.1:(\d+)$/.exec(listening);
    expect(m).not.toBeNull();
    const port = Number(m![1]);
    await probe(port);
    const dc = tcpDebugClient();
    await dc.start(port);
    await withTimeout(threePathsScenario(dc), 60_000, 'scenario');
    await withTimeout(dc.stop(), 5_000, 'DebugClient.stop');
    expect(await exitCode(child, 10_000)).toBe(0);
    await expect(refused(port)).rejects.toThrow(/ECONNREFUSED/);
  }, 70_000);

  it('stays while one of two sessions is open, and exits after the last', async () => {
    const { child, listening } = await spawnServer(['--server=0']);
    const port = Number(listening.split(':')[1]);
    const [a, b] = [tcpDebugClient(), tcpDebugClient()];
    await Promise.all([a.start(port), b.start(port)]);
    await Promise.all([a.initializeRequest(), b.initializeRequest()]);
    await withTimeout(a.stop(), 5_000, 'first DebugClient.stop');
    await new Promise((r) => setTimeout(r, 500));
    expect(child.exitCode).toBeNull();
    await withTimeout(threePathsScenario(b), 60_000, 'scenario on the second session');
    await withTimeout(b.stop(), 5_000, 'second DebugClient.stop');
    expect(await exitCode(child, 10_000)).toBe(0);
  }, 70_000);

  it('with --multi serves session after session and exits 0 on SIGTERM', async () => {
    const { child, listening } = await spawnServer(['--server=0', '--multi']);
    const port = Number(listening.split(':')[1]);
    for (let i = 0; i < 2; i++) {
      const dc = tcpDebugClient();
      await dc.start(port);
      await withTimeout(threePathsScenario(dc), 60_000, `scenario ${i + 1}`);
      await withTimeout(dc.stop(), 5_000, 'DebugClient.stop');
      await new Promise((r) => setTimeout(r, 200));
      expect(child.exitCode).toBeNull();
    }
    expect(await stopWith(child, 'SIGTERM')).toBe(0);
    await expect(refused(port)).rejects.toThrow(/ECONNREFUSED/);
  }, 70_000);

  it('exits 0 on SIGINT with a session still open', async () => {
    const { child, listening } = await spawnServer(['--server=0', '--host', '127.0.0.1']);
    const dc = tcpDebugClient();
    await dc.start(Number(listening.split(':')[1]));
    await dc.initializeRequest();
    expect(await stopWith(child, 'SIGINT')).toBe(0);
  }, 30_000);
});
