// SAGE's generational search (Godefroid, Levin, Molnar: Automated whitebox fuzz testing,
// NDSS 2008). Run an input concolically, collecting its path condition PC; for every
// negatable conjunct PC[j] from the input's bound on, solve PC[0..j-1] ∧ ¬PC[j] and combine
// the model with the input into a child (whose bound is j + 1, so that it never re-derives
// its parent); run and score each child by the coverage it adds; expand the best-scored input
// next. A budget of runs stops it; a work list that empties means every feasible path ran.

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import type { Solver } from '../solver/solver';
import { inputSymbols } from '../state/state';
import type { EngineOptions } from '../rules/context';
import { TermStore } from '../terms/store';
import { CoverageCollector } from '../explore/coverage';
import { combineInputs, type ConcreteInputs } from './assignment';
import { runConcolic, type ConcolicResult } from './concolicRun';

export interface GenerationalOptions {
  /** At most this many concolic runs (the seed's included). */
  readonly runs: number;
  /** The first input; all-zero (every input its default) when absent. */
  readonly seed?: ConcreteInputs;
  readonly engine: EngineOptions;
  readonly timeoutMs?: number;
}

export interface GeneratedRun {
  /** 1 for the seed, then in the order the runs happened. */
  readonly run: number;
  /** 0 for the seed; a child is one generation past the input it was expanded from. */
  readonly generation: number;
  readonly inputs: ConcreteInputs;
  readonly result: ConcolicResult;
  /** Statement lines and branch sides this run covered first. */
  readonly score: number;
}

export interface GenerationalResult {
  readonly runs: readonly GeneratedRun[];
  /** The number of the first run that failed. */
  readonly firstFailureRun?: number;
  /** True when the work list emptied before the budget: every feasible path ran (if no query was unknown). */
  readonly exhausted: boolean;
  /** Negation queries the solver could not decide. */
  readonly unknownQueries: number;
  /**
   * Runs stopped by an assumption that the search could not get past: no way past it was
   * found unsatisfiable, yet no new input came of it. Paths beyond them were not explored.
   */
  readonly stuckAtAssumption: number;
  readonly coverage: CoverageCollector;
}

interface WorkItem {
  readonly run: GeneratedRun;
  readonly bound: number;
  readonly order: number;
}

export async function generationalSearch(
  checked: CheckedProgram,
  proc: Proc,
  solver: Solver,
  opts: GenerationalOptions,
): Promise<GenerationalResult> {
  const T = new TermStore();
  const coverage = new CoverageCollector();
  const runs: GeneratedRun[] = [];
  const seen = new Set<string>();
  let unknownQueries = 0;
  let stuckAtAssumption = 0;
  const runAndCheck = async (inputs: ConcreteInputs, generation: number): Promise<GeneratedRun> => {
    const result = await runConcolic(checked, T, proc, inputs, opts.engine);
    const complete = completeInputs(inputs, result);
    const run: GeneratedRun = {
      run: runs.length + 1,
      generation,
      inputs: complete,
      result,
      score: coverage.addAll(result.coverage),
    };
    runs.push(run);
    return run;
  };
  const work: WorkItem[] = [];
  const seed = opts.seed ?? {};
  seen.add(key(seed));
  work.push({ run: await runAndCheck(seed, 0), bound: 0, order: 0 });
  while (work.length > 0 && runs.length < opts.runs) {
    const item = takeBest(work);
    const expanded = await expand(T, solver, item, opts.timeoutMs, () => unknownQueries++);
    let repaired = false;
    for (const child of expanded.children) {
      if (runs.length >= opts.runs) break;
      if (seen.has(key(child.inputs))) continue;
      seen.add(key(child.inputs));
      if (child.repair) repaired = true;
      work.push({
        run: await runAndCheck(child.inputs, item.run.generation + 1),
        bound: child.bound,
        order: runs.length,
      });
    }
    // A run that stopped at an assumption must lead past it unless no input can (every way unsat).
    if (item.run.result.outcome === 'assumeFailed' && !repaired && !expanded.repairsUnsat && runs.length < opts.runs)
      stuckAtAssumption++;
  }
  const failed = runs.find((r) => r.result.outcome === 'failed');
  return {
    runs,
    firstFailureRun: failed?.run,
    exhausted: work.length === 0,
    unknownQueries,
    stuckAtAssumption,
    coverage,
  };
}

/** The highest score first; among equals the oldest (the order inputs were generated). */
function takeBest(work: WorkItem[]): WorkItem {
  let best = 0;
  for (let i = 1; i < work.length; i++) {
    const a = work[i],
      b = work[best];
    if (a.run.score > b.run.score || (a.run.score === b.run.score && a.order < b.order)) best = i;
  }
  return work.splice(best, 1)[0];
}

interface Child {
  readonly inputs: ConcreteInputs;
  readonly bound: number;
  readonly repair: boolean;
}

/**
 * ExpandExecution: one child per negatable conjunct at or after the bound whose negation is
 * satisfiable. A run an assumption stopped (say an all-zero seed with a null object where the
 * requires wants one) also gets a child per way past the assumption on the same path, over
 * every input that way reads (fields of input objects included: issue 21).
 */
async function expand(
  T: TermStore,
  solver: Solver,
  item: WorkItem,
  timeoutMs: number | undefined,
  onUnknown: () => void,
): Promise<{ children: Child[]; repairsUnsat: boolean }> {
  const pc = item.run.result.constraints;
  const children: Child[] = [];
  let repairsUnsat = true;
  for (const repair of item.run.result.repairs ?? []) {
    const r = await solver.checkSat(T.keyed.factsFor(repair.constraint), T.and(...repair.constraint), {
      wantModel: true,
      timeoutMs,
    });
    if (r.status === 'unknown') onUnknown();
    if (r.status !== 'unsat') repairsUnsat = false;
    if (r.status === 'sat' && r.model)
      children.push({
        inputs: combineInputs(item.run.inputs, repair.symbols, r.model),
        bound: pc.length,
        repair: true,
      });
  }
  for (let j = item.bound; j < pc.length; j++) {
    if (!pc[j].negatable) continue;
    const prefix = pc.slice(0, j).map((c) => c.term);
    const facts = T.keyed.factsFor([...prefix, pc[j].term]);
    const r = await solver.checkSat([...prefix, ...facts], T.not(pc[j].term), { wantModel: true, timeoutMs });
    if (r.status === 'unknown') onUnknown();
    if (r.status !== 'sat' || !r.model) continue;
    children.push({
      inputs: combineInputs(item.run.inputs, inputSymbols(item.run.result.state), r.model),
      bound: j + 1,
      repair: false,
    });
  }
  return { children, repairsUnsat };
}

/** The inputs as a test file holds them: every input the run read, with its value (defaults written out). */
function completeInputs(inputs: ConcreteInputs, result: ConcolicResult): ConcreteInputs {
  return combineInputs(inputs, inputSymbols(result.state), new Map());
}

function key(inputs: ConcreteInputs): string {
  return JSON.stringify(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
