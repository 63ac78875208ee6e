// Engine benchmarks (issue 3): whole `symdap verify` processes, Z3 start included, on
// generated programs: independent ifs (with and without joins) and the 8-bit sum overflow.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');

function ifs(n, after) {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from(
    { length: n },
    (_, i) => `  if (x${i} > 0) { s := s + 1; }\n${after ? `  ${after(i + 1)}\n` : ''}`,
  ).join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${n};\n}\n`;
}

function verify(name, source, extra = []) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-')), `${name}.sym`);
  fs.writeFileSync(file, source);
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json', ...extra], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    throw new Error(`${name}: no JSON (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
  }
  return { ms, report };
}

function rows(name, target, ms, report, targetMs) {
  const s = report.stats;
  const q = s.solverQueries || 1;
  return [
    { benchmark: name, metric: 'wall time (process)', value: ms, unit: 'ms', target, ok: ms < targetMs },
    { benchmark: name, metric: 'verdict / paths', value: `${report.verdict} / ${report.paths.total}`, unit: '' },
    { benchmark: name, metric: 'paths/s, steps/s', value: `${s.pathsPerSecond}, ${s.stepsPerSecond}`, unit: '' },
    {
      benchmark: name,
      metric: 'solver queries / Z3 calls / avoided',
      value: `${s.solverQueries} / ${s.solverCalls} / ${((100 * s.queriesAvoided) / q).toFixed(1)}%`,
      unit: '',
    },
    { benchmark: name, metric: 'cache hit rate', value: `${(100 * s.cacheHitRate).toFixed(1)}%`, unit: '' },
    {
      benchmark: name,
      metric: 'peak RSS',
      value: s.peakRssMb,
      unit: 'MB',
      target: name.includes('16') ? '< 1024 MB' : undefined,
      ok: name.includes('16') ? s.peakRssMb < 1024 : undefined,
    },
  ];
}

async function run() {
  const out = [];
  const cases = [
    ['12 ifs (4,096 paths)', ifs(12), 1000, '< 1 s'],
    ['16 ifs (65,536 paths)', ifs(16), 10000, '< 10 s'],
    ['100 ifs + join φ', ifs(100, (k) => `join s >= 0 && s <= ${k};`), 1000, '< 1 s'],
    ['100 ifs + join', ifs(100, () => 'join;'), 2000, '< 2 s'],
  ];
  for (const [name, src, targetMs, target] of cases) {
    const { ms, report } = verify(name.replace(/\W+/g, '_'), src);
    out.push(...rows(name, target, ms, report, targetMs));
    if (name.startsWith('12 ifs')) {
      const avoided = report.stats.queriesAvoided / (report.stats.solverQueries || 1);
      out.push({
        benchmark: name,
        metric: 'feasibility checks without Z3',
        value: 100 * avoided,
        unit: '%',
        target: '≥ 99%',
        ok: avoided >= 0.99,
      });
    }
  }
  if (nativeAvailable()) {
    for (const [name, src, targetMs, target] of cases.slice(0, 1).concat(cases.slice(2))) {
      const { ms, report } = verify(`native_${name.replace(/\W+/g, '_')}`, src, ['--solver', 'z3-native']);
      out.push({
        benchmark: `${name}, --solver z3-native`,
        metric: 'wall time (process)',
        value: ms,
        unit: 'ms',
        target,
        ok: ms < targetMs && report.verdict === 'verified',
      });
    }
  } else {
    out.push({ benchmark: '--solver z3-native', metric: 'skipped: no z3 on PATH', value: NaN, unit: '' });
  }
  const overflow = fs.readFileSync(path.join(__dirname, '..', 'samples', 'lecture', 'sum_overflow8.sym'), 'utf8');
  const { ms, report } = verify('sum_overflow8', overflow, ['--loop-bound', '8']);
  out.push({
    benchmark: '8-bit sum overflow, bound 8',
    metric: 'failure found (process)',
    value: ms,
    unit: 'ms',
    target: '< 2 s',
    ok: ms < 2000 && report.verdict === 'failed',
  });
  out.push(...robustness());
  out.push(...nCells());
  out.push(...startUp());
  return out;
}

/** Issue 13: start-up of whole processes; `check` never loads Z3, and `verify` loads it only
 *  when a query reaches it (none does on this trivial program). Best of 3 runs. */
function startUp() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-')), 'trivial.sym');
  fs.writeFileSync(file, 'proc main() { var x: int := 1; assert x == 1; }\n');
  const best = (args) =>
    Math.min(
      ...[1, 2, 3].map(() => {
        const t0 = process.hrtime.bigint();
        const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`symdap ${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
        return Number(process.hrtime.bigint() - t0) / 1e6;
      }),
    );
  const check = best(['check', file]);
  return [
    {
      benchmark: 'symdap check, trivial program',
      metric: 'wall time (process)',
      value: check,
      unit: 'ms',
      target: '< 120 ms',
      ok: check < 120,
    },
    {
      benchmark: 'symdap verify, trivial program',
      metric: 'wall time (process)',
      value: best(['verify', file]),
      unit: 'ms',
    },
  ];
}

/** Seed 001's Fig. 11 family (docs/design.md B.8 example 3): n cells made and set through their
 *  contracts, then one assertion. Z3 calls must not grow with n; n = 100 in < 0.5 s. */
function nCellsSource(n) {
  const head = fs
    .readFileSync(path.join(__dirname, '..', 'samples', 'heap', 'cells14.sym'), 'utf8')
    .split('proc main()')[0];
  const body = Array.from(
    { length: n },
    (_, i) => `  var c${i + 1}: Cell := newCell();\n  setX(c${i + 1}, ${i + 1});\n`,
  ).join('');
  return `${head}proc main() {\n${body}  assert getX(c1) == 1;\n}\n`;
}

function nCells() {
  const out = [];
  for (const n of [14, 20, 50, 100]) {
    for (const mode of ['explore', 'modular']) {
      const { ms, report } = verify(`cells${n}_${mode}`, nCellsSource(n), ['--mode', mode]);
      const name = `n-cells, n = ${n} (${mode})`;
      const fast = n === 100 ? ms < 500 : undefined;
      out.push({
        benchmark: name,
        metric: 'wall time (process)',
        value: ms,
        unit: 'ms',
        target: n === 100 ? '< 0.5 s' : undefined,
        ok: fast === undefined ? report.verdict === 'verified' : fast && report.verdict === 'verified',
      });
      out.push({
        benchmark: name,
        metric: 'verdict / Z3 calls',
        value: `${report.verdict} / ${report.stats.solverCalls}`,
        unit: '',
      });
    }
  }
  return out;
}

/** Issue 8: an int/bit-vector conversion query (~30 s in Z3 alone; decided by evaluation over
 *  its 8 input bits) and x := x * x forty times (once 40 s to a Z3 heap abort and a hang). */
function robustness() {
  const p0 = 'proc main(p0: u8) { var v4: u8 := (-(p0 as int)) as u8; assert v4 <= p0 * v4 || -p0 > p0 * v4; }\n';
  const conv = verify('int_bv_conversion', p0);
  const squares =
    'proc main(y: int) { var x: int := y; var i: int := 0; while (i < 40) { x := x * x; i := i + 1; } assert x >= 0; }\n';
  const sq = verify('squares40', squares, ['--loop-bound', '40']);
  return [
    {
      benchmark: 'u8 -> int -> u8 conversion query',
      metric: 'wall time (process)',
      value: conv.ms,
      unit: 'ms',
      target: '< 2 s',
      ok: conv.ms < 2000 && conv.report.verdict === 'verified',
    },
    {
      benchmark: 'x := x * x forty times, bound 40',
      metric: 'unknown (process)',
      value: sq.ms,
      unit: 'ms',
      target: '< 5 s',
      ok: sq.ms < 5000 && sq.report.verdict === 'unknown',
    },
  ];
}

function nativeAvailable() {
  const r = spawnSync('z3', ['-version'], { encoding: 'utf8' });
  return r.status === 0;
}

module.exports = { run, ifs, verify };
