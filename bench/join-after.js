// Issue 9 (b): what the spuriousness check after `join φ;` costs (src/engine/rules/join/concreteCheck.ts).
// n ifs, each followed by `join φ;`, then a failing assertion: with φ = `s >= 0 && s <= k` the
// failure `s <= n - 1` is concrete (every x > 0 reaches it: the check pins n summaries through
// n joins and must find that run); with φ = `s >= 0` it is possibly spurious (`s <= n` holds
// on every run, φ forgot it). One query per failure; the rows show the queries and Z3 calls of
// the whole run and that the failure is classified right. Whole processes.
'use strict';
const { ifs, verify } = require('./verify');

function program(n, phi, bound) {
  return ifs(n, phi).replace(`assert s <= ${n};`, `assert s <= ${bound};`);
}

async function run() {
  const out = [];
  for (const n of [50, 200]) {
    for (const [kind, phi, bound, want] of [
      ['concrete', (k) => `join s >= 0 && s <= ${k};`, n - 1, 'concrete'],
      ['possibly spurious', () => 'join s >= 0;', n, 'possibly-spurious'],
    ]) {
      const name = `${n} ifs + join φ, ${kind} failure after`;
      const { ms, report } = verify(`join_after_${n}_${want}`, program(n, phi, bound));
      const s = report.stats;
      const got = report.failures.map((f) => (f.afterJoin ? f.afterJoin.status : 'none')).join(',');
      out.push({ benchmark: name, metric: 'wall time (process)', value: ms, unit: 'ms' });
      out.push({
        benchmark: name,
        metric: 'queries / Z3 calls',
        value: `${s.solverQueries} / ${s.solverCalls}`,
        unit: '',
      });
      out.push({
        benchmark: name,
        metric: 'failure after the joins',
        value: got,
        unit: '',
        target: want,
        ok: got === want,
      });
    }
  }
  return out;
}

module.exports = { run };
