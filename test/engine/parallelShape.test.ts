// A split run's lanes replay a root state for every subtree, through a stepper that V8 has
// optimised by then for the one object shape ("map") every stepped state has. A root of
// another shape deoptimised the stepper on each replay, and the split run recompiled its hot
// functions again and again (replayRoot.ts). V8's own %HaveSameMap, in a child Node with
// natives syntax on, over the compiled engine in dist/ (built before the tests run).

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = join(__dirname, '..', '..', 'dist');

/** Prints whether the state from `rootOf` has the map of the state one step later. */
const SCRIPT = `
const d = (m) => require(${JSON.stringify(DIST)} + '/' + m);
const { loadSource } = d('lang/frontend.js');
const { createSolver } = d('engine/solver/index.js');
const { SymbolicRun } = d('engine/verify/run.js');
const { runOptions } = d('engine/verify/verify.js');
const { step } = d('engine/rules/execute.js');
const rootOf = process.argv[1] === 'replay' ? d('engine/parallel/replayRoot.js').replayRoot : d('engine/rules/initial.js').rootState;
(async () => {
  const { checked } = loadSource('proc main(x: int) {\\n  var s: int := 0;\\n  if (x > 0) { s := 1; }\\n}\\n', 'shape.sym');
  const solver = await createSolver({ backend: 'z3-wasm', timeoutMs: 10000 });
  const run = new SymbolicRun(checked, solver, runOptions({}));
  const root = await rootOf(run.ctx, checked.procs.get('main'));
  const [next] = await step(run.ctx, root);
  console.log(JSON.stringify({ root: %HaveSameMap(root, next.state) }));
  solver.dispose();
})();
`;

function sameMapAsStepped(rootOf: 'replay' | 'initial'): boolean {
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', SCRIPT, rootOf], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).root as boolean;
}

describe('the root state a lane replays from', () => {
  it('has the shape of every stepped state', () => {
    expect(sameMapAsStepped('replay')).toBe(true);
  });

  it('is needed: the root state as rules/initial.ts builds it has another shape', () => {
    // If this starts failing, initial.ts builds its root in the common shape and replayRoot is moot.
    expect(sameMapAsStepped('initial')).toBe(false);
  });
});
