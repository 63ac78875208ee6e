// The live tree view's heaps come with positions (issue 27): `symdap dap` (built, stdio, as an
// editor runs it) lays a view node's heap out in its worker thread (heapPlacer.ts) and sends it
// again, with `layout`, in a `symdap/treeDelta`; the view says `placing`. The positions are
// the page's own layout of the same graph, and in Chromium the live page (launch `ui: true`)
// draws the failing node's heap from them, identical to the page's own layout (the fallback,
// kept: a report of the same view with the positions removed; and a view that says positions are
// coming when they never do, after a short wait).

import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Browser, Page } from 'playwright-core';
import { startStdio, type RunningAdapter } from '../editors/adapterProcess';
import { layoutHeap } from '../../src/ui/heap/layout';
import { toGraphLayout } from '../../src/ui/heap/placed';
import type { HeapGraph } from '../../src/ui/heap/model';
import type { TreeDelta, TreeView, ViewNode } from '../../src/ui/model';
import { applyDelta } from '../../src/ui/delta';
import { treePageHtml } from '../../src/ui/pageHtml';
import { artifact, chromiumAvailable, launchChromium } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'symdap-heap-live-'));

/** 30 objects in a ring with cross links, one failing path. */
const PROGRAM = `class Node { var val: int; var next: Node; var other: Node; }
proc main(k: int) {
${Array.from({ length: 30 }, (_, i) => `  var n${i}: Node := new Node;\n  n${i}.val := ${i};`).join('\n')}
${Array.from({ length: 30 }, (_, i) => `  n${i}.next := n${(i + 1) % 30};`).join('\n')}
${Array.from({ length: 10 }, (_, i) => `  n${i * 3}.other := n${(i * 7 + 2) % 30};`).join('\n')}
  if (k > 0) { assert n0.val == 1; }
}
`;

function without(g: HeapGraph): HeapGraph {
  const { layout: _l, ...plain } = g;
  return plain;
}

async function drawnHeap(page: Page, id: number, click = true): Promise<{ svg: string; laidOut?: string }> {
  if (click) await page.locator(`.node[data-node="${id}"]`).click();
  await page.waitForFunction((n) => document.body.dataset.heapDrawn === String(n), id, { timeout: 60_000 });
  return {
    svg: await page
      .locator('.panel .heap svg')
      .first()
      .evaluate((e) => e.outerHTML),
    laidOut: await page.evaluate(() => document.body.dataset.heapLaidOut),
  };
}

describe.skipIf(!chromiumAvailable)('the live tree view: heaps laid out by the adapter', () => {
  let browser: Browser;
  let adapter: RunningAdapter;
  const outputs: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    adapter = startStdio(process.execPath, [path.join(ROOT, 'bin', 'symdap.js'), 'dap'], process.env);
    adapter.client.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
  });
  afterAll(async () => {
    adapter?.child.kill();
    await browser?.close();
  });

  test('the failing heap comes again with positions; the live page draws them as it would lay out', async () => {
    const program = path.join(dir, 'ring.sym');
    writeFileSync(program, PROGRAM);
    const c = adapter.client;
    await c.send('initialize', { adapterID: 'symdap', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const stopped = c.waitForEvent('stopped', 120_000);
    const launched = c.send('launch', { program, ui: true, stopOnEntry: false });
    await c.send('configurationDone');
    await launched;
    await stopped;
    const deltas: TreeDelta[] = [];
    c.on('symdap/treeDelta', (e: DebugProtocol.Event) => deltas.push(e.body as TreeDelta));
    let view = (await c.send('symdap/tree', { compact: true, subscribe: true })).body as TreeView;
    expect(view.placing).toBe(true);
    const failing = (v: TreeView): ViewNode | undefined => v.nodes.find((n) => n.status === 'failed' && n.heap);
    expect(failing(view)).toBeDefined();
    for (let i = 0; i < 600 && !failing(view)!.heap!.layout; i++) {
      await new Promise((r) => setTimeout(r, 100));
      for (const d of deltas.splice(0)) view = applyDelta(view, d);
    }
    const heap = failing(view)!.heap!;
    expect(heap.layout, 'a delta brought the positions').toBeDefined();
    expect(heap.layout).toEqual(toGraphLayout(await layoutHeap(without(heap))));
    expect(heap.objects.length).toBeGreaterThanOrEqual(30);

    // The live page (the adapter serves it): the failing node's heap drawn from the adapter's positions.
    const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w%-]+/.exec(outputs.join('\n'))![0];
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForFunction(() => Number(document.body.dataset.placed ?? 0) > 0, null, { timeout: 60_000 });
    const live = await drawnHeap(page, failing(view)!.id);
    await page.screenshot({ path: artifact('heap-live-ring.png'), fullPage: true });
    await page.close();
    expect(live.laidOut).toBe('given');
    expect(live.svg).toContain('data-object="o');

    // The same view without positions, in a report: the page lays it out itself, to the same drawing.
    const stripped: TreeView = {
      ...view,
      placing: undefined,
      nodes: view.nodes.map((n) => (n.heap ? { ...n, heap: without(n.heap) } : n)),
    };
    const file = path.join(dir, 'ring-page.html');
    writeFileSync(file, treePageHtml('fallback', stripped));
    const own = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await own.goto(`file://${file}`);
    await own.waitForFunction(() => document.body.dataset.renderMs !== undefined);
    const fallback = await drawnHeap(own, failing(view)!.id);
    await own.close();
    expect(fallback.laidOut).toBe('page');
    expect(live.svg).toBe(fallback.svg);

    // A view that says positions are coming, and they never do (the session ended): the page
    // says it waits, then lays the heap out itself, to the same drawing.
    const waiting = path.join(dir, 'ring-waiting.html');
    writeFileSync(waiting, treePageHtml('placing', { ...stripped, placing: true }));
    const late = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await late.goto(`file://${waiting}`);
    await late.waitForFunction(() => document.body.dataset.renderMs !== undefined);
    await late.locator(`.node[data-node="${failing(view)!.id}"]`).click();
    await late.locator('.panel .heap-wait').waitFor();
    const after = await drawnHeap(late, failing(view)!.id, false);
    expect(await late.locator('.panel .heap-wait').count()).toBe(0);
    await late.close();
    expect(after.laidOut).toBe('page');
    expect(after.svg).toBe(live.svg);
  }, 300_000);
});
