// One route for contracts (issue 22): in every program, with or without classes, a contract
// is consumed and produced one conjunct at a time. A failing `requires`, `ensures` or loop
// invariant names the conjunct that may not hold, at its column; a contract that contradicts
// the path (a modular call's `ensures`, the entry's `requires`) ends it there as infeasible,
// never as a completed path. Each program runs as written and with an unused class.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const CONJUNCTS = `proc g(x: int) returns (r: int)
  requires x == x && x < 10
  ensures r == x && r > 1
{
  r := x;
}
proc main(a: int) {
  var y: int := g(a);
  var i: int := 0;
  while (i < 3)
    invariant i >= 0 && i <= 2
  { i := i + 1; }
}
`;

const CONTRADICTS = `proc f(x: int) returns (r: int)
  ensures r > x && r < x
{
  r := x;
}
proc main(a: int, b: int)
  requires 10 / b > 0
  requires a > 0
  requires a < 0
{
  var y: int := f(a);
  assert false;
}
`;

async function verify(source: string, mode: 'explore' | 'modular') {
  const { checked, diagnostics } = loadSource(source, 'c.sym');
  expect(diagnostics).toEqual([]);
  const r = await verifyProgram(checked!, solver, { mode, entry: 'main' });
  return {
    paths: r.report.paths,
    failures: r.report.failures.map((f) => `${f.kind}@${f.line}:${f.column} ${f.message}`),
  };
}

describe.each(['', 'class Unused { var u: int; } '])('contracts per conjunct (%s)', (prefix) => {
  it.each(['explore', 'modular'] as const)('a failure names the conjunct that may not hold (%s)', async (mode) => {
    const { failures } = await verify(prefix + CONJUNCTS, mode);
    // (The class, when there is one, is on line 1: no column below moves.)
    expect(failures).toEqual([
      'postcondition@3:21 postcondition may fail: g ensures r > 1',
      'precondition@8:3 precondition may fail: g requires x < 10',
      'invariant@11:25 loop invariant may fail: invariant i <= 2 may not be preserved',
    ]);
  });

  it.each(['explore', 'modular'] as const)(
    'a contract that contradicts the path ends it as infeasible (%s)',
    async (mode) => {
      const { paths, failures } = await verify(prefix + CONTRADICTS, mode);
      // Modular mode also verifies f on its own: its ensures fails, at the first conjunct.
      const own = mode === 'modular' ? ['postcondition@2:11 postcondition may fail: f ensures r > x'] : [];
      expect(failures).toEqual([...own, 'div-by-zero@7:12 division by zero: b may be zero in 10 / b']);
      // The entry's requires a > 0 && a < 0 is infeasible: no path completes, `assert false` is never reached.
      expect(paths.completed).toBe(0);
      expect(paths.infeasible).toBeGreaterThan(0);
    },
  );
});
