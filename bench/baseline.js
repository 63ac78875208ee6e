// Same-run comparison with an older build (issue 24: "n-cells, Cell, Iterator no slower than
// before beyond noise, same run"). Set BENCH_BASELINE to the root of another checkout that has
// been built (`npm run build` there); each heap program is verified by both builds in turn,
// alternating run by run so that a change in the machine's load hits both alike, and the
// median of each is compared. Without BENCH_BASELINE the module prints one row saying so.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const RUNS = Number(process.env.BENCH_BASELINE_RUNS || 5);

function nCellsSource(n) {
  const head = fs.readFileSync(path.join(ROOT, 'samples', 'heap', 'cells14.sym'), 'utf8').split('proc main()')[0];
  const body = Array.from(
    { length: n },
    (_, i) => `  var c${i + 1}: Cell := newCell();\n  setX(c${i + 1}, ${i + 1});\n`,
  ).join('');
  return `${head}proc main() {\n${body}  assert getX(c1) == 1;\n}\n`;
}

/** One whole `symdap verify` process of `bin`: wall time and verdict. */
function timeOnce(bin, file, mode) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, 'verify', file, '--json', '--mode', mode], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let verdict = `exit ${r.status}`;
  try {
    verdict = JSON.parse(r.stdout).verdict;
  } catch {
    // keep the exit status as the verdict: the row then shows what went wrong
  }
  return { ms, verdict };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function compare(name, file, mode, bins) {
  const times = { now: [], before: [] };
  const verdicts = { now: new Set(), before: new Set() };
  for (let i = 0; i < RUNS; i++) {
    for (const side of i % 2 === 0 ? ['now', 'before'] : ['before', 'now']) {
      const { ms, verdict } = timeOnce(bins[side], file, mode);
      times[side].push(ms);
      verdicts[side].add(verdict);
    }
  }
  const now = median(times.now);
  const before = median(times.before);
  const same = [...verdicts.now].join() === [...verdicts.before].join();
  return {
    benchmark: `${name} (${mode}), this build vs baseline`,
    metric: `median of ${RUNS} (process): now / before`,
    value: `${now.toFixed(1)} / ${before.toFixed(1)} ms = ${(now / before).toFixed(2)}×`,
    unit: '',
    target: '≤ 1.15× (noise), same verdict',
    ok: same && now / before <= 1.15,
  };
}

async function run() {
  const base = process.env.BENCH_BASELINE;
  if (!base) {
    return [
      {
        benchmark: 'heap rows against a baseline build',
        metric: 'skipped',
        value: 'set BENCH_BASELINE to a built checkout',
        unit: '',
      },
    ];
  }
  const bins = { now: path.join(ROOT, 'bin', 'symdap.js'), before: path.join(base, 'bin', 'symdap.js') };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-baseline-'));
  const cells = path.join(dir, 'cells100.sym');
  fs.writeFileSync(cells, nCellsSource(100));
  const out = [];
  for (const [name, file] of [
    ['Cell (seed 001)', path.join(ROOT, 'samples', 'heap', 'cell.sym')],
    ['Iterator (seed 001)', path.join(ROOT, 'samples', 'heap', 'iterator.sym')],
    ['n-cells, n = 100', cells],
  ]) {
    for (const mode of ['explore', 'modular']) out.push(compare(name, file, mode, bins));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

module.exports = { run };
