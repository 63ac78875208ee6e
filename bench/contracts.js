// Scalar contracts (issue 22): calls and loop invariants in programs without classes, whose
// contracts go through consume and produce as every other program's do. In-process runs of
// verifySource (CPU time of this process, best of RUNS: what a shared machine inflates least),
// with the exact counts (paths, steps, queries, Z3 calls) beside them, so that a change of
// route shows as a change of work, not only of time.
'use strict';

const RUNS = Number(process.env.SYMDAP_BENCH_RUNS || 3);

/** n independent ifs, each followed by a call of a procedure with a contract. */
function ifsCalls(n) {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n  s := inc(s);\n`).join('');
  return (
    'proc inc(x: int) returns (r: int)\n  requires x >= 0\n  ensures r == x + 1\n{\n  r := x + 1;\n}\n' +
    `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${2 * n};\n}\n`
  );
}

/** n loops one after the other, each with two invariants. */
function loops(n) {
  const body = Array.from(
    { length: n },
    (_, k) =>
      `  var i${k}: int := 0;\n  while (i${k} < m)\n    invariant 0 <= i${k} && i${k} <= m\n    invariant s == ${2 * k} * m + 2 * i${k}\n  {\n    s := s + 2;\n    i${k} := i${k} + 1;\n  }\n`,
  ).join('');
  return `proc main(m: int)\n  requires m >= 0\n{\n  var s: int := 0;\n${body}  assert s == ${2 * n} * m;\n}\n`;
}

async function measure(source, name, options) {
  const { verifySource } = require('../dist/engine/verify/verifySource.js');
  let best;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const { report } = await verifySource(source, `${name}.sym`, options);
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000;
    if (!best || cpu < best.cpu) best = { cpu, report };
  }
  return best;
}

async function run() {
  const cases = [
    ['10 ifs, a call after each (explore)', ifsCalls(10), { mode: 'explore' }],
    ['10 ifs, a call after each (modular)', ifsCalls(10), { mode: 'modular' }],
    ['8 loops with invariants (modular)', loops(8), { mode: 'modular' }],
    ['2 loops with invariants, bound 6 (explore)', loops(2), { mode: 'explore', loopBound: 6 }],
  ];
  const rows = [];
  for (const [name, source, options] of cases) {
    const { cpu, report } = await measure(source, name.replace(/\W+/g, '_'), options);
    const s = report.stats;
    rows.push({ benchmark: name, metric: `CPU time, no start-up (best of ${RUNS})`, value: cpu, unit: 'ms' });
    rows.push({
      benchmark: name,
      metric: 'verdict / paths / steps / queries / Z3 calls',
      value: `${report.verdict} / ${report.paths.total} / ${s.steps} / ${s.solverQueries} / ${s.solverCalls}`,
      unit: '',
    });
  }
  return rows;
}

module.exports = { run, ifsCalls, loops };
