// `symdap dap --ws=PORT`: the scenario over a WebSocket (one JSON message per text frame),
// in process and through the built CLI with a given and with a generated token; the server
// exits after its last session, as over TCP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT } from '../../src/adapter/transport/connection';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { startWsServer, type RunningWsServer } from '../../src/adapter/transport/wsServer';
import { createSession, spawnServer, stopWith, threePathsScenario, withTimeout, wsClient } from './transportSupport';

describe('WebSocket server (in process)', () => {
  let server: RunningWsServer;
  beforeAll(async () => {
    server = await startWsServer({
      host: '127.0.0.1',
      port: 0,
      createSession,
      limits: DEFAULT_LIMITS,
      log: SILENT,
      token: 'tok',
      allowedOrigins: [],
    });
  });
  afterAll(() => server.close());

  it('carries the scenario, one JSON message per text frame', async () => {
    const c = await wsClient(server.url);
    const frames: string[] = [];
    c.ws.on('message', (data, isBinary) => {
      if (!isBinary) frames.push(String(data));
    });
    await withTimeout(threePathsScenario(c), 60_000, 'scenario');
    expect(frames.length).toBeGreaterThan(5);
    for (const f of frames) expect(() => JSON.parse(f)).not.toThrow();
    c.ws.close();
    await withTimeout(
      (async () => {
        while (server.activeSessions() > 0) await new Promise((r) => setTimeout(r, 20));
      })(),
      5_000,
      'session freed',
    );
  }, 70_000);

  it('frees the session when the socket drops mid-run', async () => {
    const c = await wsClient(server.url);
    await c.send('initialize', { adapterID: 'symdap', pathFormat: 'path' });
    expect(server.activeSessions()).toBeGreaterThanOrEqual(1);
    c.ws.terminate();
    await withTimeout(
      (async () => {
        while (server.activeSessions() > 0) await new Promise((r) => setTimeout(r, 20));
      })(),
      5_000,
      'session freed',
    );
  });
});

describe('symdap dap --ws', () => {
  it('uses the given token, serves a session and exits 0 on SIGTERM', async () => {
    const { child, listening } = await spawnServer([
      '--ws=0',
      '--token',
      'secret',
      '--allow-origin',
      'https://a.example',
      '--allow-origin=https://b.example',
    ]);
    expect(listening).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/\?token=secret$/);
    const c = await wsClient(listening, { origin: 'https://b.example' });
    await withTimeout(threePathsScenario(c), 60_000, 'scenario');
    expect(await stopWith(child, 'SIGTERM')).toBe(0);
  }, 70_000);

  it('exits 0 once its session has ended (a refused upgrade is no session)', async () => {
    const { child, listening } = await spawnServer(['--ws=0']);
    await expect(wsClient(listening.replace(/token=[^&]+/, 'token=guess'))).rejects.toThrow(/401/);
    const c = await wsClient(listening);
    expect((await c.send('initialize', { adapterID: 'symdap', pathFormat: 'path' })).success).toBe(true);
    expect(child.exitCode).toBeNull();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    c.ws.close();
    expect(await withTimeout(exited, 10_000, 'server exit')).toBe(0);
  }, 30_000);

  it('generates a token when none is given', async () => {
    const { child, listening } = await spawnServer(['--ws=0']);
    const token = new URL(listening).searchParams.get('token');
    expect(token).toMatch(/^[\w-]{24,}$/);
    const c = await wsClient(listening);
    const r = await c.send('initialize', { adapterID: 'symdap', pathFormat: 'path' });
    expect(r.success).toBe(true);
    await expect(wsClient(listening.replace(token!, 'guess'))).rejects.toThrow(/401/);
    expect(await stopWith(child, 'SIGINT')).toBe(0);
  }, 30_000);
});
