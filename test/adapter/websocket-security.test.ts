// WebSocket transport security: the upgrade is refused without the right token, with a
// foreign Origin or a non-local Host; oversized and malformed frames close the socket; a
// client with the token (query or Bearer header) gets a working session.

import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Logger } from '../../src/adapter/transport/connection';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { WS_HARD_CAP_FACTOR, startWsServer, type RunningWsServer } from '../../src/adapter/transport/wsServer';
import { createSession, wsClient } from './transportSupport';

const TOKEN = 'test-token-0123456789';
const ALLOWED = 'https://editor.example';

let server: RunningWsServer;
const errors: string[] = [];
const log: Logger = { info: () => undefined, error: (line) => errors.push(line) };
const base = (): string => `ws://127.0.0.1:${server.port}/`;

beforeAll(async () => {
  server = await startWsServer({
    host: '127.0.0.1',
    port: 0,
    createSession,
    limits: DEFAULT_LIMITS,
    log,
    token: TOKEN,
    allowedOrigins: [ALLOWED],
  });
});
afterAll(() => server.close());

/** Opens a socket and reports the HTTP status of a refused upgrade, or 101 when accepted. */
function upgradeStatus(url: string, options?: WebSocket.ClientOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', reject);
  });
}

/** Sends a hand-written upgrade request (headers as given, repeats allowed); resolves with the status line. */
function rawUpgradeStatus(headers: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(server.port, '127.0.0.1');
    let reply = '';
    socket.on('data', (d) => {
      reply += String(d);
      if (reply.includes('\r\n')) {
        resolve(reply.slice(0, reply.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.once('error', reject);
    socket.write(
      [
        `GET /?token=${TOKEN} HTTP/1.1`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** Resolves with the close code the server sends. */
function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

async function initializeWorks(url: string, options?: WebSocket.ClientOptions): Promise<void> {
  const c = await wsClient(url, options);
  const r = await c.send('initialize', {
    adapterID: 'symdap',
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: 'path',
  });
  expect(r.success).toBe(true);
  expect(r.body).toBeTypeOf('object');
  c.ws.close();
}

describe('WebSocket security', () => {
  it('prints a URL that carries the token', () => {
    expect(server.url).toBe(`ws://127.0.0.1:${server.port}/?token=${TOKEN}`);
  });

  it('accepts the token in the query or as a Bearer header', async () => {
    await initializeWorks(server.url);
    await initializeWorks(base(), { headers: { Authorization: `Bearer ${TOKEN}` } });
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect(await upgradeStatus(base())).toBe(401);
    expect(await upgradeStatus(`${base()}?token=wrong`)).toBe(401);
    expect(await upgradeStatus(`${base()}?token=${TOKEN}x`)).toBe(401);
    expect(await upgradeStatus(base(), { headers: { Authorization: 'Bearer nope' } })).toBe(401);
    expect(errors.some((e) => /token/.test(e))).toBe(true);
  });

  it('refuses a browser Origin that was not allowed, accepts an allowed one', async () => {
    expect(await upgradeStatus(server.url, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(server.url, { origin: 'null' })).toBe(403);
    expect(await upgradeStatus(server.url, { origin: ALLOWED })).toBe(101);
  });

  it('refuses a Host header that does not name this machine and port', async () => {
    const port = server.port;
    expect(await upgradeStatus(server.url, { headers: { Host: `evil.example:${port}` } })).toBe(403);
    expect(await upgradeStatus(server.url, { headers: { Host: 'localhost' } })).toBe(403);
    expect(await upgradeStatus(server.url, { headers: { Host: `localhost:${port + 1}` } })).toBe(403);
    expect(await upgradeStatus(server.url, { headers: { Host: `localhost:${port}` } })).toBe(101);
    expect(await upgradeStatus(server.url, { headers: { Host: `[::1]:${port}` } })).toBe(101);
  });

  it('refuses a request with two Host or two Origin headers, whichever comes first', async () => {
    const local = `Host: 127.0.0.1:${server.port}`;
    expect(await rawUpgradeStatus([local])).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await rawUpgradeStatus([local, 'Host: evil.example'])).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawUpgradeStatus(['Host: evil.example', local])).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawUpgradeStatus([local, `Origin: ${ALLOWED}`, 'Origin: https://evil.example'])).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(await rawUpgradeStatus([local, `Origin: ${ALLOWED}`])).toBe('HTTP/1.1 101 Switching Protocols');
    expect(errors.some((e) => /more than one host header/.test(e))).toBe(true);
  });

  it('refuses launch before initialize on a WebSocket too', async () => {
    const c = await wsClient(server.url);
    const r = await c.request({ command: 'launch', arguments: { program: '/etc/passwd' } });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/before 'initialize'/);
    c.ws.close();
  });

  it('answers a plain HTTP request with 426 and no session', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
    expect(res.status).toBe(426);
  });

  it('answers a message over the size cap with an error and keeps the session', async () => {
    const c = await wsClient(server.url);
    await c.send('initialize', { adapterID: 'symdap' });
    const r = await c.request({
      command: 'evaluate',
      arguments: { expression: 'x'.repeat(DEFAULT_LIMITS.maxMessageBytes) },
    });
    expect(r.success).toBe(false);
    expect(r.command).toBe('evaluate');
    expect(r.message).toMatch(`exceeds the ${DEFAULT_LIMITS.maxMessageBytes}-byte message limit`);
    expect((await c.send('threads')).success).toBe(true);
    c.ws.close();
  });

  it('closes a socket that sends a frame over the hard cap (1009), then keeps serving', async () => {
    const c = await wsClient(server.url);
    const closed = closeCode(c.ws);
    c.ws.send('x'.repeat(WS_HARD_CAP_FACTOR * DEFAULT_LIMITS.maxMessageBytes + 1));
    expect(await closed).toBe(1009);
    await initializeWorks(server.url);
  });

  it('closes a socket that sends a non-JSON or binary frame', async () => {
    const a = await wsClient(server.url);
    const aClosed = closeCode(a.ws);
    a.ws.send('Content-Length: 2\r\n\r\n{}');
    expect(await aClosed).toBe(1007);
    const b = await wsClient(server.url);
    const bClosed = closeCode(b.ws);
    b.ws.send(Buffer.from('{"seq":1}'), { binary: true });
    expect(await bClosed).toBe(1003);
  });
});
