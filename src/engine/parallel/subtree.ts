// A lane's share of a parallel verification: replay a task's decisions from the root in
// this thread's own solver, then explore the subtree below with the run's searcher, and
// report it like a whole run (its solver figures are the ones this task caused).

import type { SourceLanguage } from '../../lang/language';
import type { Proc } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import { SymbolicRun, type RunOptions } from '../verify/run';
import { ReportBuilder, type VerifyReport } from '../verify/report';
import { step } from '../rules/execute';
import type { State } from '../state/state';
import type { TreeCounts, TreeNode } from '../explore/tree';
import type { SubtreeTask } from './frontier';
import { solverStatsSince } from './mergeReports';
import { collectCoverage, coverageReport, type CoverageCollector } from '../explore/coverage';
import { loadSource } from '../../lang/frontend';
import { resolveEntry } from '../verify/entry';
import { createSolver } from '../solver/index';
import { rootProcs, runOptions } from '../verify/verify';
import type { SolverOptions } from '../solver/solver';
import type { VerifyOptions } from '../verify/verify';
import { trace } from './trace';
import { ShareTracker } from './shareTracker';
import { replayRoot } from './replayRoot';

/** Told, as paths of a subtree end, the share of the subtree done (0 to 1); returns true when
 *  it needs no more (the tracking then stops: it costs a map entry per live node). */
export type SubtreeProgress = (doneShare: number) => boolean;

/** The program of a split run as it crosses to a worker thread: plain data. The solver's
 *  settings come resolved, so a worker does not load the rest of verifySource's modules. */
export interface SplitProgram {
  readonly source: string;
  readonly file: string;
  /** The source language when not the file's extension's. */
  readonly lang?: SourceLanguage;
  readonly opts: VerifyOptions;
  readonly solver: SolverOptions;
}

/** A lane's explorer with the solver it owns (Z3 loads lazily, on the first query that needs it). */
export async function loadSubtreeExplorer(
  p: SplitProgram,
): Promise<{ explorer: SubtreeExplorer; dispose: () => void }> {
  const { checked } = loadSource(p.source, p.file, p.lang);
  const entry = checked && resolveEntry(checked, p.opts.entry).proc;
  // The coordinator checked the program before splitting it; this cannot fail.
  if (!checked || !entry) throw new Error(`${p.file} did not load in a worker thread`);
  const options = runOptions(p.opts);
  const solver = await createSolver(p.solver);
  const explorer = new SubtreeExplorer(checked, solver, options, rootProcs(checked, options.mode, entry));
  return { explorer, dispose: () => solver.dispose() };
}

/** One per worker and program: every subtree runs in the same run, so its term store (and
 *  with it the solver's query cache) is shared by all the subtrees this worker explores. */
export class SubtreeExplorer {
  private readonly run: SymbolicRun;
  private readonly coverage: CoverageCollector;
  private current?: { report: ReportBuilder; ended: TreeCounts['ended'] };
  private watching?: { readonly tracker: ShareTracker; readonly progress: SubtreeProgress };

  constructor(
    private readonly checked: CheckedProgram,
    private readonly solver: Solver,
    options: RunOptions,
    private readonly procs: readonly Proc[],
  ) {
    this.run = new SymbolicRun(checked, solver, { ...options, retain: false });
    // Cumulative over this worker's subtrees: the merge takes the union, so that is enough.
    this.coverage = collectCoverage(this.run.tree);
    // Our own report per subtree: the run's would count everything since it was made.
    this.run.tree.listen({
      onExpanded: (n, kids) => this.watching?.tracker.expanded(n, kids),
      onEnded: (n) => {
        this.current?.report.addEnded(n);
        if (this.current) this.current.ended[n.state.status as keyof TreeCounts['ended']]++;
        this.watched(n);
      },
    });
  }

  /** Tells `progress` how far it is through the subtree as its paths end (ShareTracker). */
  private watched(n: TreeNode): void {
    if (!this.watching) return;
    this.watching.tracker.endedPath(n);
    if (this.watching.progress(this.watching.tracker.done())) this.watching = undefined;
  }

  async explore(task: SubtreeTask, progress?: SubtreeProgress): Promise<VerifyReport> {
    const before = this.solver.stats();
    const steps = this.run.tree.counts.steps;
    const started = Date.now();
    const current = {
      report: new ReportBuilder(),
      ended: { done: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 },
    };
    this.current = current;
    this.watching = progress && { tracker: new ShareTracker(), progress };
    this.run.tree.addRoot(await this.replay(task));
    await this.run.run();
    this.current = undefined;
    this.watching = undefined;
    const counts = { steps: this.run.tree.counts.steps - steps, nodes: 0, ended: current.ended };
    const report = current.report.build(
      this.checked.file,
      counts,
      solverStatsSince(before, this.solver.stats()),
      Date.now() - started,
      0,
    );
    return { ...report, coverage: coverageReport(this.checked, this.coverage) };
  }

  /** The state the task's decisions lead to (their steps are the coordinator's, not counted here). */
  private async replay(task: SubtreeTask): Promise<State> {
    let state = await replayRoot(this.run.ctx, this.procs[task.prefix[0]]);
    for (let d = 1; d < task.prefix.length; d++) {
      const successors = await step(this.run.ctx, state);
      if (successors.length !== task.widths[d - 1]) {
        throw new Error(
          `replaying decision ${d} of a subtree found ${successors.length} branches instead of ${task.widths[d - 1]}`,
        );
      }
      state = successors[task.prefix[d]].state;
    }
    return state;
  }
}

/** A lane's loop: take the next task nobody has taken (the counter is shared by every lane,
 *  so no lane waits for another to hand out work) until none is left. */
export async function exploreTasks(
  explorer: SubtreeExplorer,
  tasks: readonly SubtreeTask[],
  next: Int32Array,
  lane: number,
  done: (index: number, report: VerifyReport) => void,
  firstProgress?: (task: SubtreeTask) => SubtreeProgress,
): Promise<void> {
  let first = true;
  for (let i = Atomics.add(next, 0, 1); i < tasks.length; i = Atomics.add(next, 0, 1)) {
    trace(`subtree ${i} [${tasks[i].prefix.join(',')}] starts`, lane);
    const report = await explorer.explore(tasks[i], first ? firstProgress?.(tasks[i]) : undefined);
    first = false;
    trace(`subtree ${i} ends: ${report.paths.total} paths`, lane);
    done(i, report);
  }
}
