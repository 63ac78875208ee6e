// Generational search vs. random testing (issue 14) on SAGE's `top` example
// (samples/concolic/sage_top.sym): generational search from the all-zero input finds the
// cnt >= 3 failure after N runs; a random-input baseline with the same N runs (inputs from a
// fixed-seed PRNG, run by the concrete interpreter) does not. Both in the same run.
'use strict';
const path = require('node:path');
const { DIST, searchSample } = require('./_generational');

const PRNG_SEED = 14;

async function run() {
  const { checked, out, ms } = await searchSample('sage_top.sym');
  const runs = out.report.search.firstFailureRun;
  if (!runs) throw new Error(`generational search found no failure in ${out.report.search.runs} runs`);
  const randomFailures = randomBaseline(checked, runs);
  process.stderr.write(
    `bench: concolic: generational found the failure at run ${runs} (${ms} ms); random: ${randomFailures} failures in ${runs} runs\n`,
  );
  return [
    {
      benchmark: 'generational search, SAGE top (all-zero seed)',
      metric: 'runs to the cnt >= 3 failure',
      value: runs,
      unit: 'runs',
      target: 'found',
      ok: true,
    },
    {
      benchmark: 'generational search, SAGE top (all-zero seed)',
      metric: 'wall time to the end of the search',
      value: ms,
      unit: 'ms',
    },
    {
      benchmark: `random inputs, SAGE top (${runs} runs, PRNG seed ${PRNG_SEED})`,
      metric: 'failures found',
      value: randomFailures,
      unit: '',
      target: '0 (baseline)',
      ok: randomFailures === 0,
    },
  ];
}

/** Runs `n` inputs of four random bytes concretely; counts the runs that fail. */
function randomBaseline(checked, n) {
  const { runConcrete } = require(path.join(DIST, 'engine', 'concrete', 'interpreter'));
  const { seededRandom } = require(path.join(DIST, 'engine', 'explore', 'searchers'));
  const { resolveEntry } = require(path.join(DIST, 'engine', 'verify', 'entry'));
  const random = seededRandom(PRNG_SEED);
  const proc = resolveEntry(checked).proc;
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const inputs = new Map(['c0', 'c1', 'c2', 'c3'].map((c) => [c, BigInt(Math.floor(random() * 256))]));
    if (runConcrete(checked, proc, inputs).status === 'failed') failures++;
  }
  return failures;
}

module.exports = { run };
