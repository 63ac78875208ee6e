// The well-formedness pass (docs/design.md B.5, issue 9): what checking every contract, predicate body
// and function body for self-framing costs before exploring, in process on the built code:
// CPU time and Z3 calls over all heap samples, and on n-cells with n = 100, whose contracts
// need no solver call (the pass must not add one per object).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'dist');
const SAMPLES = path.join(__dirname, '..', 'samples', 'heap');

/** One pass over `source` on `solver` (shared: Z3's start-up is paid once, as in one verification). */
async function passCost(solver, source, file) {
  const { loadSource } = require(path.join(DIST, 'lang', 'frontend'));
  const { TermStore } = require(path.join(DIST, 'engine', 'terms', 'store'));
  const { DEFAULT_OPTIONS } = require(path.join(DIST, 'engine', 'rules', 'context'));
  const { checkWellFormed } = require(path.join(DIST, 'engine', 'rules', 'wellFormed'));
  const { checked } = loadSource(source, file);
  let activation = 0;
  const ctx = { checked, T: new TermStore(), solver, options: DEFAULT_OPTIONS, nextActivation: () => ++activation };
  const calls = solver.stats().backendCalls;
  const cpu = process.cpuUsage();
  const wf = await checkWellFormed(ctx);
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000,
    z3: solver.stats().backendCalls - calls,
    failures: wf.failures.length,
  };
}

function nCells(n) {
  const head = fs.readFileSync(path.join(SAMPLES, 'cells14.sym'), 'utf8').split('proc main()')[0];
  const body = Array.from(
    { length: n },
    (_, i) => `  var c${i + 1}: Cell := newCell();\n  setX(c${i + 1}, ${i + 1});\n`,
  ).join('');
  return `${head}proc main() {\n${body}  assert getX(c1) == 1;\n}\n`;
}

async function run() {
  const { createSolver } = require(path.join(DIST, 'engine', 'solver', 'index'));
  const solver = await createSolver({ backend: 'z3-wasm' });
  // Z3's first call compiles its WebAssembly: paid by every verification, not by the pass.
  const T = new (require(path.join(DIST, 'engine', 'terms', 'store')).TermStore)();
  const x = T.symbol(T.intSort, 'x', 'warm-up');
  const y = T.symbol(T.intSort, 'y', 'warm-up');
  await solver.checkSat([T.lt(T.int(1n), x), T.lt(T.int(1n), y)], T.eq(T.mul(x, y), T.int(7n)), {});
  try {
    return await measure(solver);
  } finally {
    solver.dispose();
  }
}

async function measure(solver) {
  let cpuMs = 0;
  let z3 = 0;
  let failures = 0;
  for (const f of fs
    .readdirSync(SAMPLES)
    .filter((x) => x.endsWith('.sym'))
    .sort()) {
    const r = await passCost(solver, fs.readFileSync(path.join(SAMPLES, f), 'utf8'), f);
    cpuMs += r.cpuMs;
    z3 += r.z3;
    failures += r.failures;
    if (process.env.BENCH_VERBOSE) process.stderr.write(`${f}: ${r.cpuMs.toFixed(1)} ms, ${r.z3} Z3 calls\n`);
  }
  const cells = await passCost(solver, nCells(100), 'cells100.sym');
  return [
    {
      benchmark: 'well-formedness pass, all heap samples',
      metric: 'CPU time (in process)',
      value: cpuMs,
      unit: 'ms',
      target: `${failures} failures (not_self_framing.sym: 4)`,
      ok: failures === 4,
    },
    { benchmark: 'well-formedness pass, all heap samples', metric: 'Z3 calls', value: z3, unit: '' },
    {
      benchmark: 'well-formedness pass, n-cells n = 100',
      metric: 'Z3 calls',
      value: cells.z3,
      unit: '',
      target: '0',
      ok: cells.z3 === 0 && cells.failures === 0,
    },
    {
      benchmark: 'well-formedness pass, n-cells n = 100',
      metric: 'CPU time (in process)',
      value: cells.cpuMs,
      unit: 'ms',
    },
  ];
}

module.exports = { run };
