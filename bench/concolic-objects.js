// Generational search with objects as inputs (issue 14) on samples/concolic/alias_cells.sym:
// from the all-zero input (a = null violates requires acc(a.x)) the search solves the
// requires, then flips the aliasing branch a == b and k == 7; the row is the number of runs
// to the failure and the wall time of the whole search.
'use strict';
const { searchSample } = require('./_generational');

async function run() {
  const { out, ms } = await searchSample('alias_cells.sym');
  const runs = out.report.search && out.report.search.firstFailureRun;
  process.stderr.write(
    `bench: concolic-objects: failure at run ${runs} of ${out.report.search && out.report.search.runs} (${ms} ms)\n`,
  );
  return [
    {
      benchmark: 'generational search with objects, alias_cells (all-zero seed)',
      metric: 'runs to the aliased a.x == 7 failure',
      value: runs ?? -1,
      unit: 'runs',
      target: 'found',
      ok: runs !== undefined,
    },
    {
      benchmark: 'generational search with objects, alias_cells (all-zero seed)',
      metric: 'wall time to the end of the search',
      value: ms,
      unit: 'ms',
    },
  ];
}

module.exports = { run };
