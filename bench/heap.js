// Heap benchmarks (issue 9): seed 001's claim that Cell and Iterator verify in under a second,
// whole `symdap verify` process (Z3 start included), in explore and modular mode; and the
// `join φ;` with permissions samples. n-cells is in verify.js.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const SAMPLES = path.join(__dirname, '..', 'samples', 'heap');

/** Best of three runs (the machine may be shared): wall time and the report. */
function verify(file, mode) {
  let best;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json', '--mode', mode], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    let report;
    try {
      report = JSON.parse(r.stdout);
    } catch {
      throw new Error(`${file}: no JSON (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
    }
    if (!best || ms < best.ms) best = { ms, report };
  }
  return best;
}

async function run() {
  const out = [];
  for (const [name, file, expected, targetMs] of [
    ['Cell (seed 001)', 'cell.sym', 'verified', 1000],
    ['Iterator (seed 001)', 'iterator.sym', 'verified', 1000],
    ['join φ with permissions', 'join_summary.sym', 'verified', undefined],
  ]) {
    for (const mode of ['explore', 'modular']) {
      const { ms, report } = verify(path.join(SAMPLES, file), mode);
      const ok = report.verdict === expected && (targetMs === undefined || ms < targetMs);
      out.push({
        benchmark: `${name} (${mode})`,
        metric: 'wall time (process)',
        value: ms,
        unit: 'ms',
        target: targetMs ? `< ${targetMs / 1000} s, ${expected}` : expected,
        ok,
      });
    }
  }
  return out;
}

module.exports = { run };
