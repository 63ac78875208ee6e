// `:synth all`'s engine part (synth/candidates.ts) on the real selector encoding and Z3: the
// terms of the grammar a path condition allows, each found once (blocking clauses), the cap
// reported as "more", and none when no term fits.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { createSolver, type Solver } from '../../src/engine/solver';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import type { CheckedProgram } from '../../src/lang/checked';
import { synthApplication } from '../../src/engine/synth/encode';
import { countCandidates } from '../../src/engine/synth/candidates';

const PROGRAM = `synth f(x: int): int
  grammar {
    E: int ::= x | 1 | 2 | E + E;
  }
  depth 2;

proc main() {
  assert f(1) == 2;
}
`;

let solver: Solver;
beforeAll(async () => {
  solver = await createSolver({ backend: 'z3-wasm', keepLemmas: true });
});
afterAll(() => solver.dispose());

function setup(): { checked: CheckedProgram; T: TermStore; app: (n: bigint) => Term } {
  const { checked } = loadSource(PROGRAM, 'candidates.sym');
  if (!checked) throw new Error('the program does not load');
  const T = new TermStore();
  const decl = checked.synths.get('f')!;
  return { checked, T, app: (n) => synthApplication(T, decl, checked.exprTypes, [T.int(n)], String(n)) };
}

it('lists every term with f(1) == 2 once, stops at the cap, and finds none for f(1) == 9', async () => {
  const { checked, T, app } = setup();
  const two = [T.eq(app(1n), T.int(2n))];
  const all = await countCandidates(checked, T, solver, two, 1000);
  expect(all.complete).toBe('all');
  // Depth ≤ 2 over x, 1, 2 and +: `2`, and the sums of two leaves that make 2 at x = 1.
  expect(all.found.map((c) => c.f.body).sort()).toEqual(['1 + 1', '1 + x', '2', 'x + 1', 'x + x']);
  const capped = await countCandidates(checked, T, solver, two, 2);
  expect(capped.complete).toBe('cap');
  expect(capped.found).toHaveLength(2);
  const none = await countCandidates(checked, T, solver, [T.eq(app(1n), T.int(9n))], 1000);
  expect(none).toEqual({ found: [], complete: 'all' });
}, 120_000);

it('two applications narrow the candidates to those meeting both', async () => {
  const { checked, T, app } = setup();
  const pc = [T.eq(app(1n), T.int(2n)), T.eq(app(3n), T.int(4n))];
  const both = await countCandidates(checked, T, solver, pc, 1000);
  // f(3) == 4 leaves x + 1 and 1 + x (2, x + x and 1 + 1 give 2, 6 and 2).
  expect(both.found.map((c) => c.f.body).sort()).toEqual(['1 + x', 'x + 1']);
}, 120_000);
