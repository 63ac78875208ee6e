// `symdap verify --jobs N` on one file, Cloud9's way of parallelising KLEE: the coordinator
// explores breadth-first until there are TASKS_PER_JOB·N live paths, the workers (each with
// its own Z3) replay those paths' decisions and explore the subtrees below, handed out one at
// a time as workers come free; the pieces are merged in depth-first order, so the verdict,
// the failures and the path counts are those of a one-job run. Runs that cannot be split
// soundly or usefully fall back to one job in this thread and say why.

import { loadSourceLazily } from '../../lang/loadLazily';
import { hasErrors } from '../../lang/diagnostics';
import type { CheckedProgram } from '../../lang/checked';
import { forEachStmt } from '../rules/walkStmts';
import { resolveEntry } from '../verify/entry';
import { symbolicHeapError } from '../rules/heap/heapGuard';
import { createSolver } from '../solver/index';
import type { VerifyReport } from '../verify/report';
import { rootProcs, runOptions } from '../verify/verify';
import { solverOptions, verifySource, type VerifySourceOptions, type VerifySourceResult } from '../verify/verifySource';
import type { Solver } from '../solver/solver';
import { WORTH_IT_MS, expectedShare, laneStartFromEnv, type LaneStart } from './laneStart';
import type { SplitProgram } from './subtree';
import { trace } from './trace';

/** Enough subtrees per worker that an uneven tree still keeps every worker busy. */
const TASKS_PER_JOB = 8;

export interface ParallelInfo {
  /** Worker threads used (1: the run stayed in this thread). */
  readonly jobs: number;
  readonly subtrees: number;
  /** Why a run asked for more jobs used one. */
  readonly fallback?: string;
}

export type ParallelResult = VerifySourceResult & { readonly parallel: ParallelInfo };

/** How a run is split (tests, measurements): fewer subtrees per worker so that even small
 *  programs are split; every lane started at once (default: SYMDAP_JOBS_EAGER, else when worth it). */
export interface SplitSettings {
  readonly tasksPerJob?: number;
  readonly laneStart?: LaneStart;
}

export async function verifySourceJobs(
  source: string,
  file: string,
  opts: VerifySourceOptions,
  jobs: number,
  split: SplitSettings = {},
): Promise<ParallelResult> {
  const oneJob = async (fallback?: string): Promise<ParallelResult> => ({
    ...(await verifySource(source, file, opts)),
    parallel: { jobs: 1, subtrees: 0, ...(fallback ? { fallback } : {}) },
  });
  if (jobs <= 1) return oneJob();
  trace('loading the program');
  const { checked, diagnostics } = await loadSourceLazily(source, file, opts.lang);
  const entry = checked && resolveEntry(checked, opts.entry).proc;
  // Programs that do not load, or are refused, get their report from the one-job path.
  if (!checked || !entry || hasErrors(diagnostics) || symbolicHeapError(checked)) return oneJob();
  const reason = sequentialReason(checked, opts);
  if (reason) return oneJob(reason);
  try {
    const laneStart = split.laneStart ?? laneStartFromEnv(process.env);
    const { report, subtrees, lanes, started } = await splitRun(
      source,
      checked,
      opts,
      jobs,
      (split.tasksPerJob ?? TASKS_PER_JOB) * jobs,
      laneStart,
    );
    const alone = subtrees > 0 && lanes === 1 ? { fallback: started > 0 ? TOO_LATE : NOT_WORTH_IT } : {};
    const sites = checked.viperSites ? { viperSites: checked.viperSites } : {};
    return { report, diagnostics, tests: [], checked, parallel: { jobs: lanes, subtrees, ...alone }, ...sites };
  } catch (e) {
    return oneJob(`the parallel run failed (${e instanceof Error ? e.message : String(e)}); verified with one job`);
  }
}

/** Why this run must stay in one thread, if it must. */
function sequentialReason(checked: CheckedProgram, opts: VerifySourceOptions): string | undefined {
  // A permission failure's explanation walks the path back to the root; a worker's subtree starts mid-path.
  if (checked.classes.size > 0)
    return 'a permission failure is explained from the whole path, which a subtree does not hold';
  if (checked.synths.size > 0) return 'a synth function is chosen from all the paths together';
  if (opts.generational) return 'a generational search is a sequence of concolic runs, each chosen from the last';
  if (opts.collectTests) return '--tests numbers the test files in the order one run explores the paths';
  if (opts.retain) return '--tree draws the tree of one run';
  let joins = false;
  let refutes = false;
  for (const p of checked.procs.values())
    forEachStmt(p.body.stmts, (st) => {
      if (st.kind === 'join') joins = true;
      if (st.kind === 'refute') refutes = true;
    });
  if (refutes) return 'a refute is decided from all the paths together';
  // A join merges the paths of an activation; a split could put them in different threads.
  return joins ? 'the program has join statements, which merge paths that a split would separate' : undefined;
}

/** Why a split run explored every subtree in this thread. */
const TOO_LATE = 'this thread explored every subtree before the other threads had loaded the program';
const NOT_WORTH_IT = `the work left never reached the ${WORTH_IT_MS / 1000} s that pays for another thread (it loads and compiles the engine again), so this thread explored every subtree`;

async function splitRun(
  source: string,
  checked: CheckedProgram,
  opts: VerifySourceOptions,
  jobs: number,
  target: number,
  laneStart: LaneStart,
): Promise<{ report: VerifyReport; subtrees: number; lanes: number; started: number }> {
  const started = Date.now();
  trace('split run starts');
  // Loaded here, not at start-up: a run that stays in one thread never needs them.
  const [{ exploreToFrontier }, { endedPiece, mergeReports, workPiece }, { SplitLanes }, { SubtreeExplorer }] =
    await Promise.all([import('./frontier'), import('./mergeReports'), import('./lanes'), import('./subtree')]);
  const options = runOptions(opts);
  const procs = rootProcs(checked, options.mode, resolveEntry(checked, opts.entry).proc!);
  const program: SplitProgram = {
    source,
    file: checked.file,
    lang: opts.lang,
    opts,
    solver: solverOptions(opts, process.env),
  };
  const frontier = await withSolver(program, (solver) => exploreToFrontier(checked, solver, options, procs, target));
  trace(`frontier: ${frontier.tasks.length} subtrees, ${frontier.ended.length} ended, ${frontier.steps} steps`);
  // Expected largest first, so that the last tasks, which decide when the lanes end, are small.
  const tasks = [...frontier.tasks].sort((a, b) => expectedShare(b) - expectedShare(a));
  let subtreeReports: VerifyReport[] = [];
  let used = 1;
  let lanesStarted = 0;
  if (tasks.length > 0) {
    // This thread is one of the lanes: it explores with the program it already checked.
    const lanes = SplitLanes.start(program, Math.min(jobs, tasks.length) - 1, laneStart);
    try {
      subtreeReports = await withSolver(program, (solver) =>
        lanes.run(tasks, new SubtreeExplorer(checked, solver, options, procs)),
      );
      used = lanes.tasksPerLane().filter((n) => n > 0).length;
      lanesStarted = lanes.started();
      trace(`subtrees per lane (this thread first): ${lanes.tasksPerLane().join(', ')}`);
    } finally {
      await lanes.close();
    }
  }
  trace('all subtrees explored');
  const file = checked.file;
  // In depth-first order (frontier.ts ranks the places once: prefix.ts's dfsOrder).
  const pieces: { order: number; report: VerifyReport }[] = [
    ...frontier.ended.map((e) => ({ order: e.order, report: endedPiece(file, e.node) })),
    ...tasks.map((t, i) => ({ order: t.order, report: subtreeReports[i] })),
  ].sort((a, b) => a.order - b.order);
  const all = [workPiece(file, frontier.steps, frontier.solver, frontier.coverage), ...pieces.map((p) => p.report)];
  const report = mergeReports(file, all, Date.now() - started, process.resourceUsage().maxRSS / 1024);
  trace('merged');
  return { report, subtrees: frontier.tasks.length, lanes: used, started: lanesStarted };
}

async function withSolver<T>(program: SplitProgram, use: (solver: Solver) => Promise<T>): Promise<T> {
  const solver = await createSolver(program.solver);
  try {
    return await use(solver);
  } finally {
    solver.dispose();
  }
}
