// The solver budget of one request (runtime/budget.ts) over the real Z3 solver: within the
// budget a query is answered as usual; once the budget is spent every further query is
// `unknown` with the reason, at once, never an answer.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver } from '../../src/engine/solver';
import type { Solver } from '../../src/engine/solver/solver';
import { TermStore } from '../../src/engine/terms/store';
import { budgetedSolver } from '../../src/adapter/runtime/budget';

let solver: Solver;
beforeAll(async () => {
  solver = await createSolver({ backend: 'z3-wasm', timeoutMs: 10_000 });
});
afterAll(() => solver.dispose());

describe('budgetedSolver', () => {
  it('answers within the budget and says unknown once it is spent', async () => {
    const T = new TermStore();
    const x = T.symbol({ kind: 'int' }, 'x', 'input');
    const phi = T.gt(x, T.int(3n));
    const generous = budgetedSolver(solver, 5_000, 10_000);
    expect((await generous.checkSat([], phi, { wantModel: false })).status).toBe('sat');
    const spent = budgetedSolver(solver, 0, 10_000);
    const r = await spent.checkSat([], phi, { wantModel: false });
    expect(r).toEqual({ status: 'unknown', reason: "the request's 0 ms solver budget is spent" });
    expect((await spent.model([phi])).status).toBe('unknown');
  });
});
