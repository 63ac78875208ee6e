// `symdap verify FILE --tree OUT.html` through the real CLI, opened offline in Chromium: the
// 12-ifs report holds one `completed` node per completed path (4,096), every node of the
// view is an element with `data-node`, and every sample gets a report that renders.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, chromiumAvailable, launchChromium } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'symdap.js');
const run = promisify(execFile);
const out = mkdtempSync(path.join(os.tmpdir(), 'symdap-tree-'));

async function verifyTree(
  sample: string,
): Promise<{ code: number; report: { verdict: string; paths: Record<string, number> }; file: string }> {
  const file = path.join(out, `${sample.replace(/[/.]/g, '_')}.html`);
  const r = await run(process.execPath, [BIN, 'verify', path.join(ROOT, 'samples', sample), '--json', '--tree', file], {
    maxBuffer: 1 << 24,
  }).then(
    (x) => ({ code: 0, stdout: x.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
  return { code: r.code, report: JSON.parse(r.stdout), file };
}

/** Opens a report with every network request refused (it must need none) and waits for the drawing. */
async function open(browser: Browser, file: string): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith('file:')) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`file://${file}`);
  await page.waitForFunction(() => document.body.dataset.renderMs !== undefined, null, { timeout: 60_000 });
  expect(errors).toEqual([]);
  return { page, requests };
}

const samples = readdirSync(path.join(ROOT, 'samples'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.sym'))
  .sort();

describe.skipIf(!chromiumAvailable)('the tree report in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a synth program's failed paths are excluded nodes (repair: 19 excluded, 1 completed)", async () => {
    const { code, report, file } = await verifyTree('synth/repair.sym');
    expect(code).toBe(0);
    expect(report.paths.excluded).toBe(19);
    const { page } = await open(browser, file);
    const count = (sel: string): Promise<number> => page.evaluate((s) => document.querySelectorAll(s).length, sel);
    expect(await count('[data-status="excluded"]')).toBe(report.paths.excluded);
    expect(await count('[data-status="failed"]')).toBe(0);
    expect(await count('[data-status="completed"]')).toBe(1);
    expect(await page.evaluate(() => document.body.textContent)).toContain('20 (1 completed, 19 excluded,');
    await page.screenshot({ path: artifact('synth-repair-report.png') });
    await page.close();
  }, 240_000);

  it('the 12-ifs report holds 4,096 completed nodes, each path end an element', async () => {
    const { code, report, file } = await verifyTree('join/ifs_no_join.sym');
    expect(code).toBe(0);
    expect(report.paths.completed).toBe(4096);
    const { page, requests } = await open(browser, file);
    const count = (sel: string): Promise<number> => page.evaluate((s) => document.querySelectorAll(s).length, sel);
    expect(await count('[data-status="completed"]')).toBe(report.paths.completed);
    expect(await count('[data-kind="end"]')).toBe(report.paths.total);
    // Collapsing is a view state: far fewer nodes are drawn than exist.
    const drawn = await count('svg [data-node]');
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(await count('[data-node]'));
    // The first view fits the window's width (no part of the tree cut off at the right).
    const fit = await page.evaluate(() => {
      const c = document.querySelector('.canvas')!;
      return { scroll: c.scrollWidth, client: c.clientWidth };
    });
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(await page.textContent('.header')).toContain('verified');
    expect(requests).toEqual([]);
    await page.screenshot({ path: artifact('ifs12-report.png') });
    // Opening a collapsed summary draws more of the tree.
    await page.click('svg .summary');
    await page.waitForFunction((n) => document.querySelectorAll('svg [data-node]').length > n, drawn);
    await page.close();
  }, 180_000);

  it('a failing sample shows the failure, its path and its state in the side panel', async () => {
    const { code, report, file } = await verifyTree('errors/div_by_zero.sym');
    expect(code).toBe(1);
    const { page } = await open(browser, file);
    const failed = await page.$$('svg [data-status="failed"]');
    expect(failed.length).toBe(report.paths.failed);
    await failed[0].click();
    const panel = await page.textContent('.panel');
    expect(panel).toContain('path condition');
    expect(panel).toContain('failed');
    await page.screenshot({ path: artifact('div-by-zero-report.png') });
    await page.close();
  }, 120_000);

  it('every sample gets a report that renders offline', async () => {
    for (const s of samples) {
      const { code, report, file } = await verifyTree(s);
      if (report.verdict === 'error') {
        // A program that does not check has no tree: no file, exit 2.
        expect(code).toBe(2);
        expect(existsSync(file)).toBe(false);
        continue;
      }
      const { page, requests } = await open(browser, file);
      const ends = await page.evaluate(
        () => document.querySelectorAll('[data-kind="end"], [data-kind="failure"]').length,
      );
      expect(ends, s).toBeGreaterThan(0);
      expect(await page.textContent('.header'), s).toContain(report.verdict);
      expect(requests, s).toEqual([]);
      await page.close();
    }
  }, 600_000);
});
