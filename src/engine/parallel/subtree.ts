// A worker's share of a parallel verification: replay a task's decisions from the root in
// this thread's own solver, then explore the subtree below with the run's searcher, and
// report it like a whole run (its solver figures are the ones this task caused).

import type { Proc } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import { rootState } from '../initial';
import { SymbolicRun, type RunOptions } from '../run';
import { ReportBuilder, type VerifyReport } from '../report';
import { step } from '../step/execute';
import type { SubtreeTask } from './frontier';
import { solverStatsSince } from './mergeReports';

export async function exploreSubtree(checked: CheckedProgram, solver: Solver, options: RunOptions, procs: readonly Proc[], task: SubtreeTask): Promise<VerifyReport> {
  const before = solver.stats();
  const started = Date.now();
  const run = new SymbolicRun(checked, solver, { ...options, retain: false });
  // Our own builder: the run's report would count the solver's figures since it was made.
  const report = new ReportBuilder();
  run.tree.listen({ onEnded: (n) => report.addEnded(n.state) });
  let state = await rootState(run.ctx, procs[task.prefix[0]]);
  for (let d = 1; d < task.prefix.length; d++) {
    const successors = await step(run.ctx, state);
    if (successors.length !== task.widths[d - 1]) {
      throw new Error(`replaying decision ${d} of a subtree found ${successors.length} branches instead of ${task.widths[d - 1]}`);
    }
    state = successors[task.prefix[d]].state;
  }
  run.tree.addRoot(state);
  await run.run();
  return report.build(checked.file, run.tree.counts, solverStatsSince(before, solver.stats()), Date.now() - started, 0);
}
