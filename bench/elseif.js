// Issue 21 (item 4): an `else if` chain of n branches on one input, verified as a whole
// process. Every branch query has the whole path condition of the branches before it
// (`y ≠ c_0 ∧ … ∧ y ≠ c_k` or `y ≥ c_0 ∧ …`), so a layer that re-reads it costs O(n) per
// branch (it was worse: the model search scanned the exclusions per candidate). A family of
// chains from a fixed seed: `y == c` with distinct random constants (the disequality chain)
// and random operators with random constants (bounds that close most branches). Per size:
// the worst variant's wall and CPU time, and its queries / Z3 calls. `BENCH_SYMDAP=path` runs
// another build's bin/symdap.js (to measure before and after in the same run);
// `BENCH_ELSEIF_SIZES=1000,5000` picks the sizes.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { childCpuMs } = require('./_childCpu');
const { rng } = require('./_family');

const BIN = process.env.BENCH_SYMDAP || path.join(__dirname, '..', 'bin', 'symdap.js');
const SIZES = (process.env.BENCH_ELSEIF_SIZES || '1000,5000,10000').split(',').map(Number);
const OPS = ['==', '!=', '<', '<=', '>', '>='];

/** The chains of one size: distinct constants under ==, and random operators. */
function variants(n, seed = 21) {
  const next = rng(seed + n);
  const distinct = Array.from({ length: n }, (_, i) => i - Math.floor(n / 2));
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [distinct[i], distinct[j]] = [distinct[j], distinct[i]];
  }
  const mixed = Array.from({ length: n }, () => ({
    op: OPS[Math.floor(next() * OPS.length)],
    c: Math.floor(next() * 2 * n) - n,
  }));
  return [
    { name: 'y == c, distinct c', conds: distinct.map((c) => ({ op: '==', c })) },
    { name: 'random operators', conds: mixed },
  ];
}

function sym(conds) {
  const body = conds.map(({ op, c }, i) => `  ${i === 0 ? '' : 'else '}if (y ${op} ${c}) { x := ${i}; }\n`).join('');
  return `proc main(y: int) {\n  var x: int := -1;\n${body}  assert x >= -1;\n}\n`;
}

function measure(file) {
  const cpu0 = childCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = childCpuMs() - cpu0;
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    throw new Error(`${file}: no JSON (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
  }
  return { ms, cpu, verdict: report.verdict, queries: report.stats.solverQueries, calls: report.stats.solverCalls };
}

async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-elseif-'));
  const rows = [];
  try {
    for (const n of SIZES) {
      const results = variants(n).map((v) => {
        const file = path.join(dir, `chain_${n}_${v.name.replace(/\W+/g, '_')}.sym`);
        fs.writeFileSync(file, sym(v.conds));
        return { name: v.name, ...measure(file) };
      });
      const worst = results.reduce((a, b) => (b.ms > a.ms ? b : a));
      const label = `else-if chain, ${n.toLocaleString('en-US')} branches`;
      const verdicts = results.map((r) => `${r.name}: ${r.verdict}`).join('; ');
      rows.push(
        { benchmark: label, metric: `wall time, worst variant (${worst.name})`, value: worst.ms, unit: 'ms' },
        { benchmark: label, metric: 'CPU time (user + sys), same run', value: worst.cpu, unit: 'ms' },
        { benchmark: label, metric: 'queries / Z3 calls', value: `${worst.queries} / ${worst.calls}`, unit: '' },
        {
          benchmark: label,
          metric: 'verdicts',
          value: verdicts,
          unit: '',
          target: n === 10000 ? 'verified, < 100 s' : '',
          ok: n === 10000 ? results.every((r) => r.verdict === 'verified') && worst.ms < 100_000 : undefined,
        },
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

module.exports = { run };
