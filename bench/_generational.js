// Shared by the generational-search benches: runs SAGE's search from the all-zero input on one
// sample of samples/concolic with a fresh Z3 and times the whole search. (A `_` file is not a
// bench module: bench/run.js skips it.)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'dist');

async function searchSample(name) {
  const { loadSource } = require(path.join(DIST, 'lang', 'frontend'));
  const { createSolver } = require(path.join(DIST, 'engine', 'solver', 'index'));
  const { verifyGenerational } = require(path.join(DIST, 'engine', 'verify', 'verifyGenerational'));
  const { checked } = loadSource(
    fs.readFileSync(path.join(__dirname, '..', 'samples', 'concolic', name), 'utf8'),
    name,
  );
  const solver = await createSolver({ backend: 'z3-wasm', timeoutMs: 10000 });
  const t0 = Date.now();
  try {
    const out = await verifyGenerational(checked, solver, {});
    return { checked, out, ms: Date.now() - t0 };
  } finally {
    solver.dispose();
  }
}

module.exports = { DIST, searchSample };
