// Issue 28: Z3's start off the critical path. With SYMDAP_Z3_PRELOAD=1 `verify` begins loading
// the WebAssembly module at process start (src/cli/z3preload.ts; off by default for verify). Whole
// processes, alternating with and without, best and median of RUNS: a program whose first
// query needs Z3 at once (a nonlinear product) — its solver time is the first query's wait —
// and a trivial one that never needs Z3 (the preload must not delay it, nor its exit).
// With a `z3` binary installed, the same program with --solver z3-native and auto.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const RUNS = Number(process.env.SYMDAP_BENCH_RUNS || 7);
const NEEDS_Z3 = 'proc main(x: int, y: int) {\n  if (x * y == 91 && x > 1 && y > 1) { assert x != 7; }\n}\n';
const TRIVIAL = 'proc main() { var x: int := 1; assert x == 1; }\n';

function once(file, env, extra = []) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const report = JSON.parse(r.stdout);
  return { ms, solverMs: report.stats.solverMs, calls: report.stats.solverCalls, verdict: report.verdict };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const best = (xs) => Math.min(...xs);

function compare(label, file, variants) {
  const runs = variants.map(() => []);
  for (let i = 0; i < RUNS; i++) variants.forEach(([, env, extra], k) => runs[k].push(once(file, env, extra)));
  return variants.flatMap(([name], k) => [
    {
      benchmark: `${label}, ${name}`,
      metric: `wall time (process), best / median of ${RUNS}`,
      value: `${best(runs[k].map((r) => r.ms)).toFixed(0)} / ${median(runs[k].map((r) => r.ms)).toFixed(0)}`,
      unit: 'ms',
    },
    ...(runs[k][0].calls > 0
      ? [
          {
            benchmark: `${label}, ${name}`,
            metric: `solver time (${runs[k][0].calls} Z3 call, load included), best / median`,
            value: `${best(runs[k].map((r) => r.solverMs)).toFixed(0)} / ${median(runs[k].map((r) => r.solverMs)).toFixed(0)}`,
            unit: 'ms',
          },
        ]
      : []),
  ]);
}

async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-z3start-'));
  const needs = path.join(dir, 'product.sym');
  const trivial = path.join(dir, 'trivial.sym');
  fs.writeFileSync(needs, NEEDS_Z3);
  fs.writeFileSync(trivial, TRIVIAL);
  const wasm = [
    ['z3-wasm, preloaded', { SYMDAP_Z3_PRELOAD: '1' }],
    ['z3-wasm, not preloaded (default)', {}],
  ];
  const native =
    spawnSync('z3', ['-version']).status === 0
      ? [
          ['--solver z3-native', {}, ['--solver', 'z3-native']],
          ['--solver auto', {}, ['--solver', 'auto']],
        ]
      : [];
  return [
    ...compare('first query needs Z3', needs, [...wasm, ...native]),
    ...compare('trivial program, no Z3 call', trivial, wasm),
  ];
}

module.exports = { run };
