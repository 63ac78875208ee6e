// `symdap verify --searcher generational`: the generational search as a verification run.
// Its report has the usual shape (a run is a path: done, failed, assumption violated =
// infeasible, bounded, unknown), plus `search` (runs, the run that found the first failure)
// and `coverage`. The verdict is 'failed' when a run failed; 'verified' only when the work
// list emptied (every feasible path ran) with no bounded run, no undecided query and no run
// stopped at an assumption the search could not get past; otherwise 'unknown' (with the
// coverage reached), since testing alone proves nothing.

import { refuteStmts } from './refutes';
import type { CheckedProgram } from '../../lang/checked';
import { resolveEntry } from './entry';
import { parseInputs } from '../concrete/inputs';
import { inputTypesOf } from '../concrete/havoc';
import { ReportBuilder, type VerifyReport } from './report';
import type { Solver } from '../solver/solver';
import type { TreeCounts } from '../explore/tree';
import type { TestCase, VerifyOutcome } from './verify';
import { DEFAULT_OPTIONS, STEP, type EngineOptions } from '../rules/context';
import { coverageReport } from '../explore/coverage';
import { wellFormedness } from '../rules/wellFormed';
import type { ConcreteInputs } from '../concolic/assignment';
import { CONCOLIC_BOUNDS, type ConcolicOutcome } from '../concolic/concolicRun';
import { generationalSearch, type GenerationalResult } from '../concolic/generational';

export const DEFAULT_GENERATIONAL_RUNS = 100;

export interface GenerationalVerifyOptions {
  readonly entry?: string;
  readonly runs?: number;
  readonly seed?: ConcreteInputs;
  readonly loopBound?: number;
  readonly recursionBound?: number;
  readonly timeoutMs?: number;
}

const STATUS: Record<ConcolicOutcome, TestCase['status']> = {
  done: 'done',
  failed: 'failed',
  assumeFailed: 'infeasible',
  bounded: 'bounded',
  unknown: 'unknown',
};

export async function verifyGenerational(
  checked: CheckedProgram,
  solver: Solver,
  opts: GenerationalVerifyOptions,
): Promise<VerifyOutcome> {
  const started = Date.now();
  const entry = resolveEntry(checked, opts.entry);
  const budget = opts.runs ?? DEFAULT_GENERATIONAL_RUNS;
  const engine: EngineOptions = {
    ...DEFAULT_OPTIONS,
    mode: 'explore',
    timeoutMs: opts.timeoutMs,
    loopBound: opts.loopBound ?? CONCOLIC_BOUNDS.loopBound,
    recursionBound: opts.recursionBound ?? CONCOLIC_BOUNDS.recursionBound,
  };
  if (!entry.proc) return { report: emptyReport(checked, solver, started), tests: [], error: entry.error };
  const refused = unsupportedFeature(checked);
  if (refused !== undefined)
    return {
      report: emptyReport(checked, solver, started),
      tests: [],
      error: `generational search does not support ${refused}`,
    };
  // The seed is checked as `symdap run` checks an inputs file (types, ranges).
  const seedError = opts.seed && parseInputs(opts.seed, inputTypesOf(checked, entry.proc), checked.classes).error;
  if (seedError) return { report: emptyReport(checked, solver, started), tests: [], error: `seed: ${seedError}` };
  const result = await generationalSearch(checked, entry.proc, solver, {
    runs: budget,
    seed: opts.seed,
    engine,
    timeoutMs: opts.timeoutMs,
  });
  const builder = new ReportBuilder();
  // Assertions that are not self-framing fail whatever the runs find (docs/design.md B.5).
  builder.addWellFormedness(await wellFormedness(checked, solver, engine));
  // Each concolic run is reported as a one-node path: its end state carries the trace and failure.
  result.runs.forEach((r, id) => builder.addEnded({ id, depth: 0, state: r.result.state, label: STEP }));
  const report = builder.build(
    checked.file,
    counts(result),
    solver.stats(),
    Date.now() - started,
    process.resourceUsage().maxRSS / 1024,
  );
  const tests: TestCase[] = result.runs.map((r) => ({
    status: STATUS[r.result.outcome],
    inputs: { ...r.inputs },
    ...(r.result.state.failure
      ? {
          failure: `${r.result.state.failure.kind} at line ${r.result.state.failure.span.line}: ${r.result.state.failure.message}`,
        }
      : {}),
  }));
  return {
    report: {
      ...report,
      ...verdictOf(report, result, budget),
      search: searchSummary(result),
      coverage: coverageReport(checked, result.coverage),
    },
    tests,
  };
}

function verdictOf(
  report: VerifyReport,
  result: GenerationalResult,
  budget: number,
): Pick<VerifyReport, 'verdict' | 'notes'> {
  if (report.failures.length > 0) return { verdict: 'failed', notes: report.notes };
  const notes = [...report.notes];
  if (!result.exhausted)
    notes.push(`generational search stopped at its budget of ${budget} runs with inputs left to expand`);
  if (result.unknownQueries > 0) notes.push(`the solver could not decide ${result.unknownQueries} branch negation(s)`);
  if (result.stuckAtAssumption > 0)
    notes.push(
      `${result.stuckAtAssumption} run(s) stopped at an assumption that the search found no input to get past: the paths beyond were not explored`,
    );
  const complete =
    result.exhausted &&
    result.unknownQueries === 0 &&
    result.stuckAtAssumption === 0 &&
    report.paths.bounded === 0 &&
    report.paths.unknown === 0;
  return { verdict: complete ? 'verified' : 'unknown', notes };
}

function searchSummary(result: GenerationalResult): NonNullable<VerifyReport['search']> {
  return {
    searcher: 'generational',
    runs: result.runs.length,
    ...(result.firstFailureRun ? { firstFailureRun: result.firstFailureRun } : {}),
  };
}

function counts(result: GenerationalResult): TreeCounts {
  const ended = { done: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 };
  for (const r of result.runs) ended[STATUS[r.result.outcome] as keyof typeof ended]++;
  return { steps: result.runs.reduce((n, r) => n + r.result.steps, 0), nodes: result.runs.length, ended };
}

function emptyReport(checked: CheckedProgram, solver: Solver, started: number): VerifyReport {
  return new ReportBuilder().build(
    checked.file,
    { steps: 0, nodes: 0, ended: { done: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 } },
    solver.stats(),
    Date.now() - started,
    0,
  );
}

/**
 * What generational search cannot run, in words, or undefined: a synth function has no body to
 * run concretely until it is synthesised, a verification of its own (`symdap run` does that,
 * then runs the result).
 */
export function unsupportedFeature(checked: CheckedProgram): string | undefined {
  const synth = [...checked.synths.keys()][0];
  if (synth !== undefined)
    return `synth functions (synth ${synth}); 'symdap run' synthesises them first and runs the repaired program`;
  // A refute is decided over all the paths of one tree (verify/refutes.ts), not over sampled runs.
  if (refuteStmts(checked).length > 0) return `refute statements (decided over every path, not sampled runs)`;
  return undefined;
}
