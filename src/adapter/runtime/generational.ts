// Generational search in the debugger (launch `searcher: "generational"`). At launch the
// adapter runs SAGE's search (engine/concolic/generational.ts) from `seed`; every concolic run
// of the search becomes a thread of its own, named by its run, generation, input and the
// coverage it added first (`run 4 (gen 2): c0 = 98, c1 = 0; +2 new`). Each thread is a
// concolic thread (runtime/concolic.ts): stepping follows its input, step into targets offers
// the other side of a branch with a solved input. `continue` runs the threads in run order
// along their concrete paths, stopping at a breakpoint or at the first run that fails (as an
// exception on its thread), so the user lands on the bug the search found, with its input.

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import type { Solver } from '../../engine/solver/solver';
import type { SymbolicRun } from '../../engine/verify/run';
import { DEFAULT_OPTIONS, type EngineOptions } from '../../engine/rules/context';
import { generationalSearch, type GeneratedRun, type GenerationalResult } from '../../engine/concolic/generational';
import { DEFAULT_GENERATIONAL_RUNS, unsupportedFeature } from '../../engine/verify/verifyGenerational';
import type { LaunchArgs } from '../launchSchema';
import { launchInputs, showInputs } from './concolic';
import { isLive, type PathTable, type PathThread } from './paths';
import type { Outcome, Stepper } from './stepping';
import type { Debuggee } from './debuggee';

export type GenerationalLaunch =
  { readonly roots: PathThread[]; readonly output: string[] } | { readonly error: string };

/** Runs the search and makes one concolic root thread per run, in run order. */
export async function launchGenerational(
  args: LaunchArgs,
  checked: CheckedProgram,
  entry: Proc,
  solver: Solver,
  run: SymbolicRun,
  paths: PathTable,
): Promise<GenerationalLaunch> {
  if (args.mode === 'modular')
    return {
      error: `${args.program}: searcher 'generational' runs the entry on concrete inputs; modular mode has none (use mode 'explore')`,
    };
  if (args.inputs !== undefined)
    return {
      error: `${args.program}: with searcher 'generational' the first input is the launch argument 'seed', not 'inputs'`,
    };
  const refused = unsupportedFeature(checked);
  if (refused !== undefined) return { error: `${args.program}: generational search does not support ${refused}` };
  const seed = args.seed === undefined ? {} : await launchInputs(args.seed, checked, entry, 'seed');
  if (seed.error) return { error: seed.error };
  const engine: EngineOptions = {
    ...DEFAULT_OPTIONS,
    mode: 'explore',
    timeoutMs: args.solverTimeout,
    loopBound: args.loopBound,
    recursionBound: args.recursionBound,
  };
  const result = await generationalSearch(checked, entry, solver, {
    runs: args.runs ?? DEFAULT_GENERATIONAL_RUNS,
    seed: seed.inputs,
    engine,
    timeoutMs: args.solverTimeout,
  });
  // A run its input stopped at an assumption (infeasible) has no path to show: it becomes no thread.
  const shown = result.runs.filter((r) => r.result.outcome !== 'assumeFailed');
  if (shown.length === 0)
    return {
      error: `${args.program}: every input the generational search made violates an assumption (${result.runs[0].result.note ?? 'infeasible'})`,
    };
  const threads = new Map<number, PathThread>();
  for (const r of shown) {
    const t = paths.addRoot(await run.start(entry));
    t.inputs = r.inputs;
    t.title = runTitle(r);
    threads.set(r.run, t);
  }
  return { roots: [...threads.values()], output: [searchSummary(result, threads)] };
}

/** `run 4 (gen 2): c0 = 98, c1 = 0; +2 new` (the statement lines and branch sides it covered first). */
export function runTitle(r: GeneratedRun): string {
  return `run ${r.run} (gen ${r.generation}): ${showInputs(r.inputs)}; +${r.score} new`;
}

function searchSummary(result: GenerationalResult, threads: ReadonlyMap<number, PathThread>): string {
  const failed = result.runs
    .filter((r) => r.result.outcome === 'failed')
    .map((r) => `run ${r.run} (path #${threads.get(r.run)!.id})`);
  const infeasible = result.runs
    .filter((r) => !threads.has(r.run))
    .map((r) => `run ${r.run} (${showInputs(r.inputs)})`);
  const end = result.exhausted ? 'every feasible path ran' : 'stopped at its budget of runs';
  const found = failed.length > 0 ? `failing: ${failed.join(', ')}` : 'no run failed';
  const skipped = infeasible.length > 0 ? `; infeasible, no thread: ${infeasible.join(', ')}` : '';
  return `generational search: ${result.runs.length} runs (${end}); ${found}${skipped}. Each run is a thread; continue runs them in order.`;
}

/**
 * `continue` in a generational session: the run threads in order (the continued one first),
 * each along its concrete path to its end; a breakpoint or a failure (with its exception
 * filter on) stops there. Threads already at their end (a failure shown before) are passed.
 */
export async function continueRuns(d: Debuggee, stepper: Stepper, from: PathThread | undefined): Promise<Outcome> {
  const output: string[] = [];
  const all = d.paths
    .all()
    .filter((t) => t.title !== undefined)
    .sort((a, b) => a.id - b.id);
  const order = from && from.title !== undefined ? [from, ...all.filter((t) => t !== from)] : all;
  for (const t of order) {
    if (!d.paths.get(t.id) || (!isLive(t.tip) && t.cursor === t.tip)) continue;
    const o = await stepper.step(t, 'run');
    output.push(...o.output);
    if (o.stop)
      return {
        stop: o.stop,
        output: o.stop.reason === 'exception' ? [...output, `path #${t.id} is ${t.title}`] : output,
      };
  }
  return { output };
}
