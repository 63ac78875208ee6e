// Generational search with objects as inputs (issue 14) on samples/concolic/alias_cells.sym:
// from the all-zero input (a = null violates requires acc(a.x)) the search solves the
// requires, then flips the aliasing branch a == b and k == 7; the row is the number of runs
// to the failure and the wall time of the whole search.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'dist');
const SAMPLE = path.join(__dirname, '..', 'samples', 'concolic', 'alias_cells.sym');

async function run() {
  const { loadSource } = require(path.join(DIST, 'lang', 'frontend'));
  const { createSolver } = require(path.join(DIST, 'engine', 'solver', 'index'));
  const { verifyGenerational } = require(path.join(DIST, 'engine', 'concolic', 'verifyGenerational'));
  const { checked } = loadSource(fs.readFileSync(SAMPLE, 'utf8'), 'alias_cells.sym');
  const solver = await createSolver({ backend: 'z3-wasm', timeoutMs: 10000 });
  let out;
  const t0 = Date.now();
  try {
    out = await verifyGenerational(checked, solver, {});
  } finally {
    solver.dispose();
  }
  const ms = Date.now() - t0;
  const runs = out.report.search && out.report.search.firstFailureRun;
  process.stderr.write(`bench: concolic-objects: failure at run ${runs} of ${out.report.search && out.report.search.runs} (${ms} ms)\n`);
  return [
    { benchmark: 'generational search with objects, alias_cells (all-zero seed)', metric: 'runs to the aliased a.x == 7 failure', value: runs ?? -1, unit: 'runs', target: 'found', ok: runs !== undefined },
    { benchmark: 'generational search with objects, alias_cells (all-zero seed)', metric: 'wall time to the end of the search', value: ms, unit: 'ms' },
  ];
}

module.exports = { run };
