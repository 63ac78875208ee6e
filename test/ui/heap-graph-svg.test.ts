// The heap graph drawn (issue 27): `symdap verify --heap-graph DIR` writes one SVG per failing
// path for every failing heap sample, with the missing chunk marked (missing_permission.sym's SVGs
// opened in Chromium: the missing row drawn red); and Chromium screenshots (test-output/heap/,
// looked at) of alias.sym, list.sym (a folded recursive predicate, its frame and label in view),
// missing_permission.sym, a generated 50-object program and an object holding arrays (a row of
// cells per array, references leaving from their cells), graphs asked of the real adapter.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './browser';
import { openSession, writeProgram, type Harness } from '../adapter/sessionHarness';
import { renderHeapSvg } from '../../src/ui/heap/render';
import type { HeapGraph } from '../../src/ui/heap/model';
import { LOCALS } from '../support/heapLocalsProgram';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'symdap.js');
const HEAP = path.join(ROOT, 'samples', 'heap');
const OUT = path.join(ROOT, 'test-output', 'heap');

/** The failing heap samples: those whose header expects a failed verdict with a failure on a path. */
const FAILING = readdirSync(HEAP).filter((f) => /@failure \d+/.test(readFileSync(path.join(HEAP, f), 'utf8')));

test.each(FAILING)(
  'verify heap/%s --heap-graph writes one SVG per failing path, the missing chunk marked',
  async (name) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'symdap-heapsvg-'));
    const r = await run(process.execPath, [BIN, 'verify', path.join(HEAP, name), '--json', '--heap-graph', dir], {
      maxBuffer: 1 << 24,
    }).catch((e: { stdout: string }) => e);
    const report = JSON.parse(r.stdout) as { paths: { failed: number }; failures: { kind: string; line: number }[] };
    const files = readdirSync(dir).sort();
    // not_self_framing.sym fails well-formedness, on no path: no state, no graph.
    expect(files.length).toBe(report.paths.failed);
    for (const f of report.paths.failed > 0 ? report.failures : [])
      expect(
        files.some((x) => x.endsWith(`-line${f.line}.svg`)),
        `an SVG for line ${f.line}`,
      ).toBe(true);
    for (const file of files) {
      const svg = readFileSync(path.join(dir, file), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('failure at line');
      if (/permission failure/.test(svg) && /missing acc\(/.test(svg)) expect(svg).toContain('data-status="missing"');
    }
  },
  120_000,
);

const ARRAYS = `class Node { var val: int; }
class Shelf { var items: Node[]; var sizes: u8[]; }
proc main() {
  var a: Node := new Node;
  var b: Node := new Node;
  var s: Shelf := new Shelf;
  s.items := [a, b, a];
  s.sizes := [3, 250];
  assert a.val == 1;
}
`;

const FIFTY = `class Node { var val: int; var next: Node; var other: Node; }
proc main() {
${Array.from({ length: 50 }, (_, i) => `  var n${i}: Node := new Node;\n  n${i}.val := ${i};`).join('\n')}
${Array.from({ length: 49 }, (_, i) => `  n${i}.next := n${i + 1};`).join('\n')}
${Array.from({ length: 10 }, (_, i) => `  n${i * 5}.other := n${(i * 5 + 17) % 50};`).join('\n')}
  assert n0.val == 0;
}
`;

let h: Harness;
let browser: Browser | undefined;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  if (chromiumAvailable) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

/** Launches `program`, stops at `line`, and asks the graph of the top frame. */
async function graphAt(program: string, line: number, entry?: string, mode?: 'modular'): Promise<HeapGraph> {
  const stopped = h.dc.waitForEvent('stopped');
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false, ...(entry ? { entry } : {}), ...(mode ? { mode } : {}) });
  await initialized;
  await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line }] });
  await h.dc.setExceptionBreakpointsRequest({ filters: [] });
  await h.dc.configurationDoneRequest();
  await launched;
  const ev = (await stopped) as DebugProtocol.StoppedEvent;
  const top = (await h.dc.stackTraceRequest({ threadId: ev.body.threadId! })).body.stackFrames[0];
  expect(top.line).toBe(line);
  const g = (await h.dc.customRequest('symdap/heapGraph', { frameId: top.id })).body as HeapGraph;
  return g;
}

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}
/** Where Chromium drew each folded predicate: its frame, its label, and the whole drawing. */
type GroupBoxes = { frame: Rect; label: Rect; svg: Rect }[];
/** How Chromium drew each may-alias edge: its line's dashes and colour, its label, and whether it is on screen. */
type MayAliasLines = { dash: string; stroke: string; label: string; length: number }[];

async function shoot(
  name: string,
  g: HeapGraph,
): Promise<{ svg: string; groups?: GroupBoxes; mayAlias?: MayAliasLines }> {
  const svg = await renderHeapSvg(g, name);
  if (!browser) return { svg };
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page
    .locator('svg')
    .first()
    .screenshot({ path: path.join(OUT, `${name}.png`), timeout: 60_000 });
  const groups = await page.evaluate(() => {
    const box = (e: Element): Rect => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const whole = box(document.querySelector('svg')!);
    return Array.from(document.querySelectorAll('g.grp')).map((x) => ({
      frame: box(x.querySelector('rect')!),
      label: box(x.querySelector('text')!),
      svg: whole,
    }));
  });
  const mayAlias = await page.evaluate(() =>
    Array.from(document.querySelectorAll('g.wire[data-kind="mayAlias"]')).map((w) => {
      const line = w.querySelector('polyline')!;
      const css = getComputedStyle(line);
      return {
        dash: css.strokeDasharray,
        stroke: css.stroke,
        label: w.querySelector('text')?.textContent ?? '',
        length: line.getTotalLength(),
      };
    }),
  );
  await page.close();
  return { svg, groups, mayAlias };
}

/** `inner` lies within `outer` (to the pixel). */
function within(inner: Rect, outer: Rect): boolean {
  return (
    inner.left >= outer.left - 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.bottom <= outer.bottom + 0.5
  );
}

describe('heap graphs in Chromium', () => {
  test('alias.sym at line 37: c and d one object, e another', async () => {
    const alias = await graphAt(path.join(HEAP, 'alias.sym'), 37);
    const cd = alias.objects.find((o) => o.names.includes('c'))!;
    expect(cd.names).toEqual(['c', 'd']);
    expect(alias.objects.find((o) => o.names.includes('e'))!.id).not.toBe(cd.id);
    expect((await shoot('alias', alias)).svg).toContain('c = d');
  }, 120_000);

  test('alias.sym in maybeSame (modular): a and b may be one object, a dashed edge with the condition a == b', async () => {
    const g = await graphAt(path.join(HEAP, 'alias.sym'), 24, 'maybeSame', 'modular');
    const a = g.objects.find((o) => o.names.includes('a'))!,
      b = g.objects.find((o) => o.names.includes('b'))!;
    expect(a.id).not.toBe(b.id);
    expect(g.edges.filter((e) => e.kind === 'mayAlias')).toEqual([
      expect.objectContaining({ condition: expect.stringMatching(/^(a == b|b == a)$/), verdict: 'satisfiable' }),
    ]);
    const { svg, mayAlias } = await shoot('alias-may', g);
    expect(svg).toMatch(/may alias: (a == b|b == a)/);
    if (!browser) return;
    // Drawn dashed, orange, with its condition beside it, and long enough to see.
    expect(mayAlias).toEqual([
      {
        dash: '6px, 4px',
        stroke: 'rgb(239, 108, 0)',
        label: expect.stringMatching(/^may alias: (a == b|b == a)$/),
        length: expect.any(Number),
      },
    ]);
    expect(mayAlias![0].length).toBeGreaterThan(20);
  }, 120_000);

  test('local array variables: a tag and a row of cells each, references from their cells', async () => {
    const g = await graphAt(writeProgram('locals.sym', LOCALS), 9);
    expect(g.locals?.map((l) => l.name)).toEqual(['ns', 'bs', 'xs']);
    const { svg } = await shoot('locals', g);
    for (const tag of ['ns: [3]', 'bs: u8[2]', 'xs: i8[2]']) expect(svg).toContain(`>${tag}</text>`);
    expect(svg.match(/<g class="arr" data-array="v:/g)?.length).toBe(3);
    // ns's three cells point to a, b, a: three arrows from cells, one wire from each tag to its row.
    expect(svg.match(/<g class="cell[^"]*" data-index="\d+" data-to=/g)?.length).toBe(3);
    expect(svg.match(/data-kind="array"/g)?.length).toBe(3);
    expect(svg).toContain('>-1</text>');
  }, 120_000);

  test('list.sym at line 49: the list as a folded recursive list(l) group', async () => {
    const list = await graphAt(path.join(HEAP, 'list.sym'), 49);
    expect(list.groups.map((g) => g.name)).toEqual(['list(l)']);
    expect(list.groups[0].recursive).toBe(true);
    const { svg, groups } = await shoot('list', list);
    expect(svg).toContain('list(l) folded (recursive: unfold to see)');
    // The frame and its whole label are in the drawing (they were cut off above and to the left).
    for (const grp of groups ?? []) {
      expect(within(grp.frame, grp.svg), JSON.stringify(grp)).toBe(true);
      expect(within(grp.label, grp.frame), JSON.stringify(grp)).toBe(true);
    }
    if (browser) expect(groups).toHaveLength(1);
  }, 120_000);

  test('missing_permission.sym at line 35: clear(c) kept acc(c.x): c has no field chunk left', async () => {
    const missing = await graphAt(path.join(HEAP, 'missing_permission.sym'), 35);
    expect(missing.objects.find((o) => o.names.includes('c'))!.fields).toEqual([]);
    await shoot('missing_permission-line35', missing);
  }, 120_000);

  test('missing_permission.sym --heap-graph: each SVG opened in Chromium shows the missing chunk marked', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'symdap-heapsvg-'));
    await run(process.execPath, [BIN, 'verify', path.join(HEAP, 'missing_permission.sym'), '--heap-graph', dir]).catch(
      (e: { code?: number }) => expect(e.code).toBe(1),
    );
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['failure-001-line35.svg', 'failure-002-line21.svg']);
    if (!browser) return;
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      for (const f of files) {
        await page.goto(`file://${path.join(dir, f)}`);
        // The missing row as Chromium draws it: a red-tinted band, on screen, saying ✗ … missing.
        const row = await page.evaluate(() => {
          const g = document.querySelector('.row[data-status="missing"]')!;
          const r = g.querySelector('rect')!.getBoundingClientRect();
          return {
            fill: getComputedStyle(g.querySelector('rect')!).fill,
            text: g.textContent,
            box: [r.width, r.height],
            failure: document.querySelector('.info .fail')?.textContent,
          };
        });
        expect(row.fill, f).toBe('rgb(255, 205, 210)');
        expect(row.text, f).toMatch(/^✗ \w+: missing$/);
        expect(row.box[0] * row.box[1], f).toBeGreaterThan(0);
        expect(row.failure, f).toMatch(/permission failure/);
        await page.screenshot({ path: path.join(OUT, `missing_permission-${f.replace(/\.svg$/, '')}.png`) });
      }
    } finally {
      await page.close();
    }
  }, 120_000);

  test.each([
    ['fractions_alias.sym', '1/2'],
    ['fractions_lend.sym', '1/2'],
    ['fractions_wildcard.sym', 'wildcard'],
  ])(
    '%s --heap-graph: the amount held (%s) drawn on its row in Chromium',
    async (name, amount) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'symdap-heapsvg-'));
      await run(process.execPath, [BIN, 'verify', path.join(HEAP, name), '--heap-graph', dir]).catch(
        (e: { code?: number }) => expect(e.code).toBe(1),
      );
      const files = readdirSync(dir).sort();
      expect(files.length).toBeGreaterThan(0);
      const svg = readFileSync(path.join(dir, files[0]), 'utf8');
      expect(svg).toMatch(new RegExp(`>x: -?\\d+ · ${amount}</text>`));
      if (!browser) return;
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.goto(`file://${path.join(dir, files[0])}`);
        const rows = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.row[data-status="held"] text')).map((t) => {
            const r = t.getBoundingClientRect();
            return { text: t.textContent, visible: r.width > 0 && r.height > 0 };
          }),
        );
        expect(rows.filter((r) => r.visible && r.text!.endsWith(` · ${amount}`)).length).toBeGreaterThan(0);
        await page.screenshot({ path: path.join(OUT, `${name.replace(/\.sym$/, '')}.png`) });
      } finally {
        await page.close();
      }
    },
    120_000,
  );

  test('fractions_readers.sym in reader: the half it was lent, drawn as such', async () => {
    const g = await graphAt(path.join(HEAP, 'fractions_readers.sym'), 14);
    const c = g.objects.find((o) => o.names.includes('c'))!;
    expect(c.fields).toEqual([expect.objectContaining({ name: 'x', chunk: 'acc(c.x, 1/2)', amount: '1/2' })]);
    expect((await shoot('fractions_readers', g)).svg).toMatch(/>x: \d+ · 1\/2<\/text>/);
  }, 120_000);

  test('a generated program of 50 objects: all drawn, every next edge', async () => {
    const file = writeProgram('fifty.sym', FIFTY);
    const g = await graphAt(file, FIFTY.split('\n').findIndex((l) => l.includes('assert')) + 1);
    const objects = g.objects.filter((o) => o.id !== 'null');
    expect(objects.length).toBe(50);
    expect(g.edges.filter((e) => e.kind === 'field' && e.field === 'next' && e.to !== 'null').length).toBe(49);
    // null is a field's value, not 40 arrows into one box; the drawing is the same every time.
    expect(g.edges.some((e) => e.to === 'null')).toBe(false);
    expect(objects.filter((o) => o.fields.find((f) => f.name === 'other')?.value === 'null').length).toBe(40);
    const { svg } = await shoot('fifty', g);
    expect(svg.match(/data-object="o/g)?.length).toBe(50);
    expect(await renderHeapSvg(g, 'fifty')).toBe(svg);
  }, 120_000);

  test('arrays: a row of cells per array field, each reference an edge from its cell', async () => {
    const g = await graphAt(writeProgram('arrays.sym', ARRAYS), 9);
    const a = g.objects.find((o) => o.names.includes('a'))!,
      b = g.objects.find((o) => o.names.includes('b'))!,
      s = g.objects.find((o) => o.names.includes('s'))!;
    const items = s.fields.find((f) => f.name === 'items')!;
    expect(items.cells).toEqual([
      { index: '0', value: 'a', to: a.id },
      { index: '1', value: 'b', to: b.id },
      { index: '2', value: 'a', to: a.id },
      { index: 'rest', value: '[* := null]' },
    ]);
    const sizes = s.fields.find((f) => f.name === 'sizes')!;
    expect(sizes.type).toBe('u8');
    expect(sizes.cells!.map((c) => `${c.index}=${c.value}`)).toEqual(['0=3', '1=250', 'rest=[* := 0]']);
    const fromCells = g.edges.filter((e) => e.from === s.id && e.field === 'items');
    expect(fromCells.map((e) => `${e.cell}→${e.to}`)).toEqual([`0→${a.id}`, `1→${b.id}`, `2→${a.id}`]);
    const { svg } = await shoot('arrays', g);
    expect(svg).toContain('items: [3] ▸');
    expect(svg).toContain('sizes: u8[2] ▸');
    // Two rows of cells, joined to their fields; three references leave from cells of items.
    expect(svg.match(/<g class="arr" data-array=/g)?.length).toBe(2);
    expect(svg.match(/<g class="cell[^"]*" data-index="\d+" data-to=/g)?.length).toBe(3);
    expect(svg.match(/data-kind="array"/g)?.length).toBe(2);
  }, 120_000);
});
