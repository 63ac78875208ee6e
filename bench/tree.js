// Execution-tree page benchmark (issue 11): `symdap verify --tree` reports of 12 and 16
// independent ifs (4,096 and 65,536 paths), opened in Chromium; the page's own render time
// (parse, count, collapse, elkjs layout, drawing) is read from document.body.dataset.renderMs.
'use strict';
/* global document -- read inside page.evaluate, in the browser */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const CHROMIUM = process.env.SYMDAP_CHROMIUM || '/usr/bin/chromium';

function ifs(n) {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n`).join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${n};\n}\n`;
}

function report(n) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-tree-'));
  const file = path.join(dir, `ifs${n}.sym`);
  fs.writeFileSync(file, ifs(n));
  const out = path.join(dir, `ifs${n}.html`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=6144', BIN, 'verify', file, '--tree', out], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ifs${n}: verify exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  return out;
}

async function run() {
  if (!fs.existsSync(CHROMIUM))
    return [{ benchmark: 'tree page', metric: 'skipped', value: NaN, unit: '', note: `no ${CHROMIUM}` }];
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const [n, target] of [
      [12, 1000],
      [16, 2000],
    ]) {
      const file = report(n);
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const t0 = Date.now();
      await page.goto(`file://${file}`);
      await page.waitForFunction(() => document.body.dataset.renderMs !== undefined, null, { timeout: 300000 });
      const load = Date.now() - t0;
      const m = await page.evaluate(() => {
        const c = document.querySelector('.canvas');
        return {
          render: Number(document.body.dataset.renderMs),
          nodes: document.querySelectorAll('[data-node]').length,
          completed: document.querySelectorAll('[data-status=completed]').length,
          fits: c.scrollWidth <= c.clientWidth,
        };
      });
      const label = `tree page, ${n} ifs (${2 ** n} paths, ${m.nodes} nodes)`;
      rows.push({
        benchmark: label,
        metric: 'render',
        value: m.render,
        unit: 'ms',
        target: `< ${target} ms`,
        ok: m.render < target,
      });
      rows.push({ benchmark: label, metric: 'load + render', value: load, unit: 'ms' });
      // Collapsing is a view state: every path end stays a node; the first view fits the window.
      rows.push({
        benchmark: label,
        metric: 'completed nodes in the document',
        value: m.completed,
        unit: '',
        target: `= ${2 ** n}`,
        ok: m.completed === 2 ** n,
      });
      rows.push({
        benchmark: label,
        metric: 'first view fits the width',
        value: m.fits ? 1 : 0,
        unit: '',
        target: '1',
        ok: m.fits,
      });
      rows.push({ benchmark: label, metric: 'file size', value: fs.statSync(file).size / 1e6, unit: 'MB' });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

module.exports = { run };
