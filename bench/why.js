// "Why" benchmarks (issues 25, 27): the classification of one failure (real, and spec too weak,
// which explores the procedure again with the loop unrolled and then finds and confirms the
// fact that closes the gap), timed around explainReport on the built engine; the proof
// dependencies a verification on save computes for the editor's proof lenses; and the heap graph of a 50-object state drawn in the tree page (elkjs layout,
// SVG, insertion), read from document.body.dataset.heapMs after a click on the failing node.
'use strict';
/* global document -- read inside page.evaluate, in the browser */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'dist');
const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const CHROMIUM = process.env.SYMDAP_CHROMIUM || '/usr/bin/chromium';

// The loop whose invariant says nothing about s, shared with the why tests (test/support/whyPrograms.ts).
const fixture = (name) => fs.readFileSync(path.join(__dirname, '..', 'test', 'fixtures', 'why', name), 'utf8');
const LOOP = fixture('weak-invariant.sym');
const CALL = fixture('weak-ensures.sym');
const REAL = 'proc main(n: int) {\n  if (n == 3) {\n    assert false;\n  }\n}\n';

function fifty() {
  const lines = ['class Node { var val: int; var next: Node; var other: Node; }', 'proc main() {'];
  for (let i = 0; i < 50; i++) lines.push(`  var n${i}: Node := new Node;`, `  n${i}.val := ${i};`);
  for (let i = 0; i < 49; i++) lines.push(`  n${i}.next := n${i + 1};`);
  for (let i = 0; i < 10; i++) lines.push(`  n${i * 5}.other := n${(i * 5 + 17) % 50};`);
  lines.push('  assert n0.val == 1;', '}');
  return `${lines.join('\n')}\n`;
}

/** Best of three: the time explainReport takes to classify the program's failures (`expected`: their classes, and `+` where one has a suggestion). */
async function classifyMs(source, mode, expected) {
  const { verifySource } = require(path.join(DIST, 'engine', 'verify', 'verifySource'));
  const { explainReport } = require(path.join(DIST, 'engine', 'why', 'explain'));
  let best = Infinity;
  let cls;
  for (let i = 0; i < 3; i++) {
    const r = await verifySource(source, 'why.sym', { mode });
    const t0 = process.hrtime.bigint();
    const e = await explainReport(r.checked, { mode }, r.report);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    cls = e.failures.map((f) => `${f.class}${f.suggestion ? '+' : ''}`).join(',');
  }
  if (cls !== expected) throw new Error(`expected class ${expected}, got ${cls}`);
  return best;
}

/** Best of three: verify, then verify with proof dependencies (as the language server does on save). */
async function proofsMs(file) {
  const { verifySource } = require(path.join(DIST, 'engine', 'verify', 'verifySource'));
  const { explainReport } = require(path.join(DIST, 'engine', 'why', 'explain'));
  const source = fs.readFileSync(path.join(__dirname, '..', 'samples', file), 'utf8');
  let plain = Infinity;
  let proofs = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const r = await verifySource(source, file, {});
    const t1 = process.hrtime.bigint();
    const e = await explainReport(r.checked, {}, r.report, { proofs: true });
    const t2 = process.hrtime.bigint();
    if (!e.proofs || e.proofs.length === 0) throw new Error(`no proofs for ${file}`);
    plain = Math.min(plain, Number(t1 - t0) / 1e6);
    proofs = Math.min(proofs, Number(t2 - t1) / 1e6);
  }
  return { plain, proofs };
}

async function heapDrawMs() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-why-'));
  const file = path.join(dir, 'fifty.sym');
  fs.writeFileSync(file, fifty());
  const out = path.join(dir, 'fifty.html');
  spawnSync(process.execPath, [BIN, 'verify', file, '--tree', out], { encoding: 'utf8' });
  if (!fs.existsSync(out)) throw new Error('no tree report written');
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  let best = Infinity;
  let objects = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`file://${out}`);
      await page.waitForFunction(() => document.body.dataset.renderMs !== undefined, null, { timeout: 60000 });
      await page.locator('.node.s-failed').first().click();
      await page.waitForFunction(() => document.body.dataset.heapMs !== undefined, null, { timeout: 60000 });
      best = Math.min(best, Number(await page.evaluate(() => document.body.dataset.heapMs)));
      objects = await page.locator('.panel .heap [data-object^="o"]').count();
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { best, objects };
}

async function run() {
  const rows = [];
  rows.push({
    benchmark: 'why: classify one failure (real, explore)',
    metric: 'explainReport',
    value: await classifyMs(REAL, 'explore', 'real'),
    unit: 'ms',
  });
  rows.push({
    benchmark: 'why: classify one failure (spec too weak, modular loop)',
    metric: 'explainReport',
    value: await classifyMs(LOOP, 'modular', 'spec-too-weak+'),
    unit: 'ms',
    note: 'with the suggested invariant found and confirmed',
  });
  rows.push({
    benchmark: "why: classify two failures (spec too weak behind a callee's ensures, and real)",
    metric: 'explainReport',
    value: await classifyMs(CALL, 'modular', 'spec-too-weak+,real'),
    unit: 'ms',
    note: 'with the suggested ensures found and confirmed',
  });
  for (const file of ['contracts/max.sym', 'lecture/three_paths.sym']) {
    const p = await proofsMs(file);
    rows.push({ benchmark: `why: verify ${file}`, metric: 'verifySource', value: p.plain, unit: 'ms' });
    rows.push({
      benchmark: `why: proof dependencies of ${file} (the editor's proof lenses)`,
      metric: 'explainReport proofs',
      value: p.proofs,
      unit: 'ms',
    });
  }
  if (!fs.existsSync(CHROMIUM)) {
    rows.push({
      benchmark: 'heap graph, 50 objects in the tree page',
      metric: 'skipped',
      value: NaN,
      unit: '',
      note: `no ${CHROMIUM}`,
    });
    return rows;
  }
  const h = await heapDrawMs();
  rows.push({
    benchmark: `heap graph, ${h.objects} objects in the tree page`,
    metric: 'layout + draw',
    value: h.best,
    unit: 'ms',
    target: '< 200 ms',
    ok: h.objects === 50 && h.best < 200,
  });
  return rows;
}

module.exports = { run };
