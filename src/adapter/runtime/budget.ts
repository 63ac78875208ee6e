// A time budget for the solver queries of one request. The Z3 WebAssembly solver runs on the
// event loop that every session of a server shares, so an `evaluate` must not be able to
// hold it for long: each of the request's queries gets at most what is left of the budget
// (and never more than the session's own timeout), and once it is spent the rest answer
// `unknown` at once. Unknown is reported as unknown, never as an answer.

import { unknown, type CheckSatOptions, type Model, type SatResult, type Solver } from '../../engine/solver/solver';
import type { Term } from '../../engine/terms/term';

export function budgetedSolver(solver: Solver, budgetMs: number, sessionTimeoutMs: number | undefined): Solver {
  const deadline = Date.now() + budgetMs;
  const slice = (): number | undefined => {
    const left = deadline - Date.now();
    return left <= 0 ? undefined : Math.min(left, sessionTimeoutMs ?? left);
  };
  const spent = (): SatResult => unknown(`the request's ${budgetMs} ms solver budget is spent`);
  return {
    checkSat: (pc: readonly Term[], query: Term, opts: CheckSatOptions = {}): Promise<SatResult> => {
      const timeoutMs = slice();
      return timeoutMs === undefined ? Promise.resolve(spent()) : solver.checkSat(pc, query, { ...opts, timeoutMs });
    },
    model: (pc: readonly Term[], hint?: Model): Promise<SatResult> =>
      slice() === undefined ? Promise.resolve(spent()) : solver.model(pc, hint),
    stats: () => solver.stats(),
    dispose: () => undefined,
  };
}
