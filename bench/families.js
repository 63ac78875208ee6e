// Issue 28: the n-ifs families with random comparison operators and constants (a fixed seed,
// eight variants per row: _family.js), whole processes. Per row it prints the WORST variant:
// the lowest share of queries answered without Z3 (target ≥ 95%) and, where `why3` is
// installed, the highest ratio symdap / Why3 (SP + z3) on the same logic in the same run
// (medians of RUNS alternating runs; target < 1). 12 ifs without joins: < 0.5 s on any variant.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { variants, sym, whyml } = require('./_family');
const { why3ProveArgs } = require('./_why3');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const RUNS = Number(process.env.SYMDAP_BENCH_RUNS || 3);

function timed(cmd, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One variant: medians of symdap (and Why3) runs, the report's verdict and Z3 share. */
function measure(dir, name, symSource, mlwSource, extra) {
  const base = path.join(dir, name.replace(/\W+/g, '_'));
  fs.writeFileSync(`${base}.sym`, symSource);
  if (mlwSource) fs.writeFileSync(`${base}.mlw`, mlwSource);
  const mine = [],
    theirs = [];
  let report,
    why3Valid = true;
  for (let i = 0; i < RUNS; i++) {
    const a = timed(process.execPath, [BIN, 'verify', `${base}.sym`, '--json', ...extra]);
    try {
      report = JSON.parse(a.r.stdout);
    } catch {
      throw new Error(`${name}: no JSON (exit ${a.r.status}): ${a.r.stderr.slice(0, 300)}`);
    }
    mine.push(a.ms);
    if (!mlwSource) continue;
    const b = timed('why3', [...why3ProveArgs().args, `${base}.mlw`]);
    why3Valid = why3Valid && b.r.status === 0 && /Valid/.test(b.r.stdout);
    theirs.push(b.ms);
  }
  const s = report.stats;
  return {
    name,
    verdict: report.verdict,
    ms: median(mine),
    why3: mlwSource ? median(theirs) : undefined,
    why3Valid,
    withoutZ3: s.solverQueries === 0 ? 1 : 1 - s.solverCalls / s.solverQueries,
    calls: s.solverCalls,
    queries: s.solverQueries,
  };
}

function rowsOf(label, results, targetMs) {
  const worstShare = results.reduce((a, b) => (b.withoutZ3 < a.withoutZ3 ? b : a));
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
  const allVerified = results.every((r) => r.verdict === 'verified');
  const out = [
    {
      benchmark: label,
      metric: `queries without Z3, worst of ${results.length} variants (${worstShare.name}: ${worstShare.calls} Z3 calls of ${worstShare.queries})`,
      value: 100 * worstShare.withoutZ3,
      unit: '%',
      target: '≥ 95%',
      ok: worstShare.withoutZ3 >= 0.95 && allVerified,
    },
    {
      benchmark: label,
      metric: `symdap verify, slowest variant (${slowest.name}, median of ${RUNS}, process)`,
      value: slowest.ms,
      unit: 'ms',
      target: targetMs ? `< ${targetMs} ms` : undefined,
      ok: targetMs ? slowest.ms < targetMs && allVerified : undefined,
    },
  ];
  if (results[0].why3 !== undefined) {
    const ratio = (r) => r.ms / r.why3;
    const worst = results.reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
    const valid = results.every((r) => r.why3Valid);
    out.push({
      benchmark: label,
      metric: `ratio symdap / Why3, worst variant (${worst.name}: ${worst.ms.toFixed(0)} / ${worst.why3.toFixed(0)} ms)${valid ? '' : ', Why3 did NOT prove every variant'}`,
      value: ratio(worst),
      unit: '',
      target: '< 1.0',
      ok: ratio(worst) < 1 && allVerified,
    });
  }
  return out;
}

async function run(extra = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-families-'));
  const why3 = !why3ProveArgs().skipped;
  const out = [];
  const rows = [
    ['100 ifs + join φ, random OP c', 100, (k) => `join s >= 0 && s <= ${k};`, true],
    ['100 ifs + join, random OP c', 100, () => 'join;', false],
  ];
  for (const [label, n, after, phi] of rows) {
    const results = variants(n).map((v) =>
      measure(dir, `${label} ${v.name}`, sym(v.conds, after), why3 ? whyml(v.conds, phi) : undefined, extra),
    );
    out.push(...rowsOf(label, results));
  }
  if (!why3)
    out.push({ benchmark: 'families vs Why3', metric: `skipped: ${why3ProveArgs().skipped}`, value: NaN, unit: '' });
  const twelve = variants(12).map((v) => measure(dir, `12 ifs ${v.name}`, sym(v.conds), undefined, extra));
  out.push(...rowsOf('12 ifs (4,096 paths), random OP c', twelve, 500));
  return out;
}

module.exports = { run };

if (require.main === module) {
  // `node bench/families.js [symdap verify flags…]`: this module alone, e.g. with --solver z3-native.
  run(process.argv.slice(2)).then((rows) =>
    rows.forEach((r) =>
      console.log(
        `${r.benchmark} | ${r.metric} | ${typeof r.value === 'number' ? r.value.toFixed(2) : r.value} ${r.unit} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'}`,
      ),
    ),
  );
}
