// Heap graphs laid out where they are made (issue 27, src/ui/heap/placed.ts): `symdap/heapGraph`
// answers with positions (`layout`) unless asked `layout: false`, and the static `--tree` report
// carries them for its failing nodes' heaps, so a page only draws. The drawing must be the same
// as the page's own layout, the fallback for graphs without positions: the adapter's positions
// equal a fresh layout of the same graph, and in Chromium a report's heap drawn from the given
// positions is, to the character, the drawing of the same report with its positions removed.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './browser';
import { openSession, type Harness } from '../adapter/sessionHarness';
import { layoutHeap } from '../../src/ui/heap/layout';
import { toGraphLayout } from '../../src/ui/heap/placed';
import { renderHeapSvg } from '../../src/ui/heap/render';
import type { HeapGraph } from '../../src/ui/heap/model';
import type { TreeView } from '../../src/ui/model';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'symdap.js');
const HEAP = path.join(ROOT, 'samples', 'heap');
const dir = mkdtempSync(path.join(os.tmpdir(), 'symdap-heap-placed-'));

/** 50 objects linked by a fixed pattern (next chain, `other` and `prev` across), two failing paths. */
const FIFTY = `class Node { var val: int; var next: Node; var other: Node; var prev: Node; }
proc main(k: int) {
${Array.from({ length: 50 }, (_, i) => `  var n${i}: Node := new Node;\n  n${i}.val := ${i};`).join('\n')}
${Array.from({ length: 49 }, (_, i) => `  n${i}.next := n${(i * 7 + 3) % 50};`).join('\n')}
${Array.from({ length: 20 }, (_, i) => `  n${i * 2}.other := n${(i * 11 + 5) % 50};`).join('\n')}
${Array.from({ length: 12 }, (_, i) => `  n${i * 4 + 1}.prev := n${(i * 13) % 50};`).join('\n')}
  if (k > 0) { n0.val := 7; assert false; } else { assert n0.val == 1; }
}
`;

function without(g: HeapGraph): HeapGraph {
  const { layout: _l, ...plain } = g;
  return plain;
}

describe('symdap/heapGraph with positions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await openSession();
  });
  afterEach(async () => {
    await h.close();
  });

  async function topFrame(program: string, line: number): Promise<number> {
    const stopped = h.dc.waitForEvent('stopped');
    const initialized = h.dc.waitForEvent('initialized');
    const launched = h.dc.launch({ program, stopOnEntry: false });
    await initialized;
    await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line }] });
    await h.dc.setExceptionBreakpointsRequest({ filters: [] });
    await h.dc.configurationDoneRequest();
    await launched;
    const ev = (await stopped) as DebugProtocol.StoppedEvent;
    return (await h.dc.stackTraceRequest({ threadId: ev.body.threadId! })).body.stackFrames[0].id;
  }

  test('alias.sym in maybeSame: the positions are the page layout of the same graph; layout: false sends none', async () => {
    const frameId = await topFrame(path.join(HEAP, 'alias.sym'), 24);
    const g = (await h.dc.customRequest('symdap/heapGraph', { frameId })).body as HeapGraph;
    expect(g.layout).toBeDefined();
    expect(g.layout).toEqual(toGraphLayout(await layoutHeap(without(g))));
    expect(g.layout!.boxes.map((b) => b.id)).toEqual(expect.arrayContaining(g.objects.map((o) => o.id)));
    // Drawn from the positions or laid out anew: one SVG.
    expect(await renderHeapSvg(g, 'x')).toBe(await renderHeapSvg(without(g), 'x'));
    const plain = (await h.dc.customRequest('symdap/heapGraph', { frameId, layout: false })).body as HeapGraph;
    expect(plain.layout).toBeUndefined();
    expect(plain).toEqual(without(g));
  }, 120_000);
});

/** The report's view, and the same report with every heap's positions removed (the page lays them out). */
async function reports(name: string, source?: string): Promise<{ given: string; page: string; view: TreeView }> {
  const program = source ? path.join(dir, name) : path.join(HEAP, name);
  if (source) writeFileSync(program, source);
  const given = path.join(dir, `${name}.html`);
  await run(process.execPath, [BIN, 'verify', program, '--tree', given], { maxBuffer: 1 << 24 }).catch(
    (e: { code: number }) => expect(e.code).toBe(1),
  );
  const html = readFileSync(given, 'utf8');
  const re = /(<script type="application\/json" id="symdap-tree-data">)([\s\S]*?)(<\/script>)/;
  const view = JSON.parse(re.exec(html)![2]) as TreeView;
  const stripped: TreeView = { ...view, nodes: view.nodes.map((n) => (n.heap ? { ...n, heap: without(n.heap) } : n)) };
  const page = path.join(dir, `${name}-page.html`);
  writeFileSync(
    page,
    html.replace(re, (_m, a: string, _b, c: string) => `${a}${JSON.stringify(stripped).replace(/</g, '\\u003c')}${c}`),
  );
  return { given, page, view };
}

describe.skipIf(!chromiumAvailable)('the tree report in Chromium: positions given or laid out by the page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The first failing node's heap drawing, and whose positions it used. */
  async function drawing(file: string): Promise<{ svg: string; laidOut?: string }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await page.goto(`file://${file}`);
      await page.waitForFunction(() => document.body.dataset.renderMs !== undefined, null, { timeout: 60_000 });
      const node = page.locator('.node.s-failed').first();
      const id = await node.getAttribute('data-node');
      await node.click();
      await page.waitForFunction((n) => document.body.dataset.heapDrawn === n, id, { timeout: 60_000 });
      return {
        svg: await page
          .locator('.panel .heap svg')
          .first()
          .evaluate((e) => e.outerHTML),
        laidOut: await page.evaluate(() => document.body.dataset.heapLaidOut),
      };
    } finally {
      await page.close();
    }
  }

  test.each([
    ['alias.sym', undefined],
    ['wrong_post.sym', undefined],
    ['fractions_lend.sym', undefined],
    ['missing_permission.sym', undefined],
    ['fifty.sym', FIFTY],
  ])(
    '%s: the failing heaps carry positions, drawn as the page would lay them out',
    async (name, source) => {
      const { given, page, view } = await reports(name, source);
      const failing = view.nodes.filter((n) => n.status === 'failed' && n.heap);
      expect(failing.length).toBeGreaterThan(0);
      for (const n of failing) expect(n.heap!.layout, `node ${n.id}`).toBeDefined();
      const a = await drawing(given);
      const b = await drawing(page);
      expect(a.laidOut).toBe('given');
      expect(b.laidOut).toBe('page');
      expect(a.svg).toContain('data-object="o');
      expect(a.svg).toBe(b.svg);
    },
    180_000,
  );
});
