// `symdap dap` with launch `ui: true`, driven as an editor drives it: a real DAP client on
// the adapter's stdio reads the page's address from the console output, Chromium opens the
// page, the page's nodes agree with `symdap/tree`, and a click on a node makes the editor's
// client receive `stopped` on that thread at that line. A request with a wrong token, Host
// or Origin is refused, and the page server stops with the session.

import * as http from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Browser } from 'playwright-core';
import { startStdio, type RunningAdapter } from '../editors/adapterProcess';
import { withTimeout } from '../adapter/transportSupport';
import type { TreeView } from '../../src/ui/model';
import { artifact, chromiumAvailable, launchChromium } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');
const PROGRAM = path.join(ROOT, 'samples', 'lecture', 'three_paths.sym');

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The HTTP status a WebSocket upgrade gets (101 when it is accepted). */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve(0));
  });
}

describe.skipIf(!chromiumAvailable)('symdap dap with ui: true', () => {
  let browser: Browser;
  let adapter: RunningAdapter;
  const outputs: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    adapter = startStdio(process.execPath, [path.join(ROOT, 'bin', 'symdap.js'), 'dap'], process.env);
    adapter.client.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(`${e.body.category}: ${e.body.output}`));
  });
  afterAll(async () => {
    adapter?.child.kill();
    await browser?.close();
  });

  it('serves the page; a click stops the editor client at that node; strangers are refused', async () => {
    const c = adapter.client;
    await c.send('initialize', { adapterID: 'symdap', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const entry = c.waitForEvent('stopped', 60_000);
    const launched = c.send('launch', { program: PROGRAM, ui: true, stopOnEntry: true });
    await c.send('setBreakpoints', {
      source: { path: PROGRAM },
      breakpoints: [{ line: 13 }, { line: 15 }, { line: 17 }],
    });
    await c.send('configurationDone');
    await launched;
    const first = (await entry) as DebugProtocol.StoppedEvent;
    const line = outputs.find((o) => o.startsWith('console: Execution tree: '));
    expect(line, outputs.join('\n')).toBeDefined();
    const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w%-]+/.exec(line!)![0];
    for (let i = 0; i < 50 && !adapter.stderr().includes(url); i++) await new Promise((r) => setTimeout(r, 100));
    expect(adapter.stderr()).toContain(url);

    const bp = c.waitForEvent('stopped', 60_000);
    await c.send('continue', { threadId: first.body.threadId });
    expect(((await bp) as DebugProtocol.StoppedEvent).body.reason).toBe('breakpoint');

    const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    await page.goto(url);
    await page.waitForFunction(() => Number(document.body.dataset.nodes) > 0);
    // The page's view and the client's answer agree (both taken while the run stands still).
    const view = (await c.send('symdap/tree', { compact: true })).body as TreeView;
    await page.waitForFunction((n) => document.querySelectorAll('[data-node]').length === n, view.nodes.length);
    const shown = await page.$$eval('[data-node]', (els) =>
      els.map((e) => [Number(e.getAttribute('data-node')), e.getAttribute('data-status')] as [number, string]),
    );
    expect(new Map(shown)).toEqual(new Map(view.nodes.map((n) => [n.id, n.status])));
    await page.screenshot({ path: artifact('ui-server-three-paths.png') });

    // A click on the branch state: the editor's client gets `stopped` there, on the thread the tree names.
    const branch = view.nodes.find((n) => n.kind === 'branch' && n.line !== undefined)!;
    const stopped = c.waitForEvent('stopped', 30_000) as Promise<DebugProtocol.StoppedEvent>;
    await page.click(`svg [data-node="${branch.id}"]`);
    const ev = await stopped;
    const top = (await c.send('stackTrace', { threadId: ev.body.threadId })).body
      .stackFrames[0] as DebugProtocol.StackFrame;
    expect(top.line).toBe(branch.line);
    const after = (await c.send('symdap/tree', { compact: true })).body as TreeView;
    expect(after.nodes.find((n) => n.id === branch.id)?.thread).toBe(ev.body.threadId);
    // The page hears of the move too (a delta): the node is now paused there.
    await page.waitForFunction(
      (id) => document.querySelector(`svg [data-node="${id}"]`)?.getAttribute('data-status') === 'paused',
      branch.id,
    );
    await page.screenshot({ path: artifact('ui-server-after-click.png') });

    // Strangers: a wrong token, a foreign Host, a foreign Origin (page and socket alike).
    const u = new URL(url);
    const wsUrl = `ws://${u.host}/${u.search}`;
    expect((await get(url)).status).toBe(200);
    expect((await get(`http://${u.host}/?token=wrong`)).status).toBe(401);
    expect((await get(url, { Host: `evil.example:${u.port}` })).status).toBe(403);
    expect((await get(url, { Origin: 'http://evil.example' })).status).toBe(403);
    expect(await upgradeStatus(`ws://${u.host}/?token=wrong`, u.origin)).toBe(401);
    expect(await upgradeStatus(wsUrl, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(wsUrl, u.origin)).toBe(101);

    // The page server stops with the session.
    await page.close();
    await c.send('disconnect', {});
    expect(await adapter.exited()).toBe(0);
    await expect(withTimeout(get(url), 5000, 'GET after the session')).rejects.toThrow(/ECONNREFUSED/);
  }, 180_000);
});
