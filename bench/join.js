// Issue 13: merged states that stay small. `join φ;` after every if, for growing n: with the
// facts of dead summaries dropped (src/engine/rules/join/prune.ts) every query sees a path condition
// of one summary, so the engine's time per join stays flat as n grows (it grew with n before).
// Whole processes; "per join" is (engine wall time) / n, from the report's stats.
'use strict';
const { ifs, verify } = require('./verify');

async function run() {
  const out = [];
  const perJoin = [];
  for (const n of [100, 200, 400]) {
    const name = `${n} ifs + join φ`;
    const { ms, report } = verify(
      `join_phi_${n}`,
      ifs(n, (k) => `join s >= 0 && s <= ${k};`),
    );
    const s = report.stats;
    perJoin.push(s.wallMs / n);
    out.push({ benchmark: name, metric: 'wall time (process)', value: ms, unit: 'ms' });
    out.push({
      benchmark: name,
      metric: 'verdict / queries / Z3 calls',
      value: `${report.verdict} / ${s.solverQueries} / ${s.solverCalls}`,
      unit: '',
    });
    out.push({ benchmark: name, metric: 'engine time per join', value: s.wallMs / n, unit: 'ms' });
  }
  // Flat: linear work gives ≤ 1× (warm-up spreads over more joins); the session-4 engine,
  // whose path condition kept every summary's fact, gave 1.6× (3.9 → 6.3 ms per join).
  const growth = perJoin[2] / perJoin[0];
  out.push({
    benchmark: 'join φ, 400 vs 100 ifs',
    metric: 'growth of the time per join',
    value: growth,
    unit: '×',
    target: '< 1.3×',
    ok: growth < 1.3,
  });
  return out;
}

module.exports = { run };
