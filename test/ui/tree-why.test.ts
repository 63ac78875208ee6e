// The tree page shows why (issues 25, 27, 26.8), through the real CLI (`verify --tree OUT.html`)
// opened offline in Chromium: a failure node's panel gives its counterexample, its class and the
// heap graph of its state (missing chunk marked, may-alias edges from the solver); two nodes
// chosen with shift-click show their heaps compared (chunks gained, lost, values changed);
// a run that verifies lists its unreached lines; sibling edge labels do not overlap and the
// status does not wrap. Screenshots go to test-output/tree/ (looked at).

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, chromiumAvailable, launchChromium } from './browser';
import { WEAK_INVARIANT as LOOP } from '../support/whyPrograms';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'symdap.js');
const run = promisify(execFile);
const out = mkdtempSync(path.join(os.tmpdir(), 'symdap-tree-why-'));

async function report(program: string, extra: string[] = []): Promise<string> {
  const file = path.join(out, `${path.basename(program)}-${extra.join('')}.html`);
  await run(process.execPath, [BIN, 'verify', program, '--tree', file, ...extra], { maxBuffer: 1 << 24 }).catch(
    (e: { code: number }) => e,
  );
  return file;
}

function program(name: string, source: string): string {
  const file = path.join(out, name);
  writeFileSync(file, source);
  return file;
}

async function open(browser: Browser, file: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`file://${file}`);
  await page.waitForFunction(() => document.body.dataset.renderMs !== undefined, null, { timeout: 60_000 });
  expect(errors).toEqual([]);
  return page;
}

/** Clicks a node (shift: compare with the one chosen before) and waits for its heap drawing when it has one. */
async function choose(page: Page, selector: string, opts: { shift?: boolean; heap?: boolean } = {}): Promise<void> {
  const id = await page.locator(selector).first().getAttribute('data-node');
  await page
    .locator(selector)
    .first()
    .click({ modifiers: opts.shift ? ['Shift'] : [] });
  if (opts.heap !== false)
    await page.waitForFunction((n) => document.body.dataset.heapDrawn === n, id, { timeout: 30_000 });
}

const row = (page: Page, name: string): Promise<string> =>
  page.locator(`.panel tr[data-row="${name}"] td`).nth(1).innerText();

const CHANGE = `class Cell { var x: int; var y: int; }
proc main(b: bool) {
  var c: Cell := new Cell;
  c.x := 1;
  if (b) {
    c.x := 2;
    var d: Cell := new Cell;
    d.y := 5;
    assert d.y == 5;
  } else {
    c.y := 3;
  }
}
`;

const FIFTY = `class Node { var val: int; var next: Node; var other: Node; }
proc main() {
${Array.from({ length: 50 }, (_, i) => `  var n${i}: Node := new Node;\n  n${i}.val := ${i};`).join('\n')}
${Array.from({ length: 49 }, (_, i) => `  n${i}.next := n${i + 1};`).join('\n')}
${Array.from({ length: 10 }, (_, i) => `  n${i * 5}.other := n${(i * 5 + 17) % 50};`).join('\n')}
  assert n0.val == 1;
}
`;

describe.skipIf(!chromiumAvailable)('why in the tree page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('missing_permission.sym: a failure node shows its counterexample, its class and its heap with the missing chunk marked', async () => {
    const page = await open(browser, await report(path.join(ROOT, 'samples', 'heap', 'missing_permission.sym')));
    await choose(page, '.node.s-failed');
    expect(await row(page, 'counterexample')).toBeTruthy();
    expect(await row(page, 'why')).toMatch(/^real: /);
    expect(await page.locator('.panel .heap [data-status="missing"]').count()).toBeGreaterThan(0);
    // 26.8: the status stays on one line.
    const h = await page
      .locator('.panel tr[data-row="node"] td')
      .nth(1)
      .evaluate((td) => td.getBoundingClientRect().height);
    expect(h).toBeLessThan(24);
    await page.screenshot({ path: artifact('why-missing-permission.png') });
    await page.close();
  }, 120_000);

  it("alias.sym (modular: maybeSame's a and b are inputs): a heap where the solver cannot tell two references apart has a may-alias edge", async () => {
    const page = await open(
      browser,
      await report(path.join(ROOT, 'samples', 'heap', 'alias.sym'), ['--mode', 'modular']),
    );
    const ids = await page.locator('.node').evaluateAll((els) => els.map((e) => e.getAttribute('data-node')!));
    let found = false;
    for (const id of ids) {
      await choose(page, `.node[data-node="${id}"]`);
      if ((await page.locator('.panel .heap [data-kind="mayAlias"]').count()) > 0) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    await page.screenshot({ path: artifact('why-alias.png') });
    await page.close();
  }, 120_000);

  it('list.sym: a folded predicate drawn as a group in the panel', async () => {
    const page = await open(browser, await report(path.join(ROOT, 'samples', 'heap', 'list.sym')));
    const ids = await page.locator('.node').evaluateAll((els) => els.map((e) => e.getAttribute('data-node')!));
    let found = false;
    for (const id of ids.reverse()) {
      await choose(page, `.node[data-node="${id}"]`);
      if ((await page.locator('.panel .heap [data-group]').count()) > 0) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    await page.screenshot({ path: artifact('why-list.png') });
    await page.close();
  }, 120_000);

  it('modular: a failure an invariant lets through says "specification too weak" and names the invariant', async () => {
    const page = await open(browser, await report(program('loop.sym', LOOP), ['--mode', 'modular']));
    await choose(page, '.node.s-failed', { heap: false });
    expect(await row(page, 'why')).toMatch(/^specification too weak: .*invariant at line 7/);
    expect(await row(page, 'counterexample')).toContain('n =');
    await page.screenshot({ path: artifact('why-spec-too-weak.png') });
    await page.close();
  }, 120_000);

  it('two nodes compared: shift-click marks the chunks gained, lost and changed on both heap drawings', async () => {
    const page = await open(browser, await report(program('change.sym', CHANGE)));
    const ends = page.locator('.node.s-completed');
    expect(await ends.count()).toBe(2);
    const [a, b] = await ends.evaluateAll((els) => els.map((e) => e.getAttribute('data-node')!));
    await choose(page, `.node[data-node="${a}"]`);
    await choose(page, `.node[data-node="${b}"]`, { shift: true });
    const changes = await page.locator('.panel .changes li').allInnerTexts();
    // One side set c.x := 2 and made d (d.y := 5), the other set c.y := 3.
    expect(changes.some((c) => /^changed acc\(c\.x\): [12] → [12]$/.test(c))).toBe(true);
    expect(changes.filter((c) => /^changed acc\(c\.[xy]\)/.test(c)).length).toBe(2);
    expect(changes.filter((c) => /^(gained|lost) acc\(d\.[xy]\)/.test(c)).length).toBe(2);
    expect(await page.locator('.panel .heap').count()).toBe(2);
    expect(await page.locator('.panel .heap [data-mark="changed"]').count()).toBe(2);
    expect(await page.locator('.panel .heap [data-mark="gained"], .panel .heap [data-mark="lost"]').count()).toBe(2);
    expect(await page.locator('.node.compared').count()).toBe(1);
    await page.screenshot({ path: artifact('why-compare.png') });
    await page.close();
  }, 120_000);

  it('a run that verifies lists its unreached lines in the panel', async () => {
    const page = await open(
      browser,
      await report(
        program('dead.sym', 'proc main(n: int)\n  requires n > 0\n{\n  if (n < 0) {\n    assert false;\n  }\n}\n'),
      ),
    );
    expect(await page.locator('.panel .warnings [data-warning="unreachable"]').innerText()).toContain(
      'line 5: the check assert false is reached on no feasible path',
    );
    await page.close();
  }, 120_000);

  it('sibling edge labels do not overlap (repair.sym, the tree of issue 26.8)', async () => {
    const page = await open(browser, await report(path.join(ROOT, 'samples', 'synth', 'repair.sym')));
    const boxes = await page.locator('.elabel').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
    expect(boxes.length).toBeGreaterThan(2);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [p, q] = [boxes[i], boxes[j]];
        const overlap = p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
        expect(overlap, `labels ${i} and ${j}`).toBe(false);
      }
    }
    await page.screenshot({ path: artifact('why-labels-repair.png') });
    await page.close();
  }, 120_000);

  it('a 50-object heap in the panel', async () => {
    const page = await open(browser, await report(program('fifty.sym', FIFTY)));
    await choose(page, '.node.s-failed');
    expect(await page.locator('.panel .heap [data-object^="o"]').count()).toBe(50);
    await page.screenshot({ path: artifact('why-fifty.png') });
    await page.close();
  }, 120_000);
});
