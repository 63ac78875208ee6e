// `symdap dap --server=PORT`: the scenario over TCP with DebugClient, in process and through
// the built CLI; concurrent sessions are independent; SIGTERM closes the server cleanly.

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
    await withTimeout((async () => { while (server.activeSessions() > 0) await new Promise((r) => setTimeout(r, 20)); })(), 5_000, 'sessions freed');
  }, 70_000);
});

describe('symdap dap --server', () => {
  it('prints its address, serves a session, and exits 0 on SIGTERM', async () => {
    const { child, listening } = await spawnServer(['--server=0']);
    const m = /^127\.0\.0\.1:(\d+)$/.exec(listening);
    expect(m).not.toBeNull();
    const port = Number(m![1]);
    const dc = tcpDebugClient();
    await dc.start(port);
    await withTimeout(threePathsScenario(dc), 60_000, 'scenario');
    await withTimeout(dc.stop(), 5_000, 'DebugClient.stop');
    expect(await stopWith(child, 'SIGTERM')).toBe(0);
    await expect(new Promise((resolve, reject) => {
      const s = net.createConnection(port, '127.0.0.1', () => { s.destroy(); resolve('connected'); });
      s.once('error', reject);
    })).rejects.toThrow(/ECONNREFUSED/);
  }, 70_000);

  it('exits 0 on SIGINT with a session still open', async () => {
    const { child, listening } = await spawnServer(['--server=0', '--host', '127.0.0.1']);
    const dc = tcpDebugClient();
    await dc.start(Number(listening.split(':')[1]));
    await dc.initializeRequest();
    expect(await stopWith(child, 'SIGINT')).toBe(0);
  }, 30_000);
});
