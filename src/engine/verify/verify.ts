// Headless verification: explore the entry procedure (explore mode) or every procedure
// against its contract (modular mode) to the end, and report. Optionally collects one test
// input per explored path (KLEE-style test cases).

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import { resolveEntry, verifiedAlone } from './entry';
import { pcTerms } from '../state/pathCondition';
import type { Counterexample } from '../state/counterexample';
import { shownCounterexample } from './joinExplain';
import { inputSymbols, type State } from '../state/state';
import { DEFAULT_RUN_OPTIONS, SymbolicRun, type RunOptions } from './run';
import type { Solver } from '../solver/solver';
import type { VerifyReport } from './report';
import type { ExecutionTree } from '../explore/tree';
import { collectCoverage, coverageReport } from '../explore/coverage';
import type { Term } from '../terms/term';
import type { ProvedHook } from '../rules/context';
import { findFunctions } from '../synth/answer';
import { synthVerdict } from './synthVerdict';

export interface VerifyOptions extends Partial<RunOptions> {
  readonly entry?: string;
  /** Collect one input per ended path (done or failed). */
  readonly collectTests?: boolean;
}

export interface TestCase {
  readonly status: State['status'];
  readonly inputs: Counterexample;
  readonly failure?: string;
}

export interface VerifyOutcome {
  readonly report: VerifyReport;
  readonly tests: TestCase[];
  readonly error?: string;
  /** The explored tree, when the run kept it (`retain: true`, for the tree report). */
  readonly tree?: ExecutionTree;
}

export async function verifyProgram(
  checked: CheckedProgram,
  solver: Solver,
  opts: VerifyOptions = {},
  onProved?: ProvedHook,
): Promise<VerifyOutcome> {
  const options = runOptions(opts);
  const run = new SymbolicRun(checked, solver, options, onProved);
  const ended: State[] = [];
  const coverage = collectCoverage(run.tree);
  if (opts.collectTests) {
    run.tree.listen({
      onEnded: (n) => {
        if (n.state.status === 'done' || n.state.status === 'failed') ended.push(n.state);
      },
    });
  }
  const entry = resolveEntry(checked, opts.entry);
  if (!entry.proc) return { report: run.verifyReport(), tests: [], error: entry.error };
  const synth = checked.synths.size > 0 ? collectOkPaths(run) : undefined;
  await run.checkWellFormed();
  for (const p of rootProcs(checked, options.mode, entry.proc)) await run.start(p);
  await run.run();
  const tests = await Promise.all(ended.map((s) => testCase(solver, s)));
  const explored = synth ? await synthReport(run, entry.proc, synth) : run.verifyReport();
  const report = { ...explored, coverage: coverageReport(checked, coverage) };
  return { report, tests, ...(options.retain ? { tree: run.tree } : {}) };
}

/** A verification's engine options: the defaults, not retaining the tree unless asked. */
export function runOptions(opts: VerifyOptions): RunOptions {
  return { ...DEFAULT_RUN_OPTIONS, retain: false, ...stripUndefined(opts) };
}

/** The procedures a verification starts from, in order: the entry (explore mode) or every
 *  procedure against its contract (modular mode). */
export function rootProcs(checked: CheckedProgram, mode: RunOptions['mode'], entry: Proc): Proc[] {
  return mode === 'modular' ? [...checked.procs.values()].filter(verifiedAlone) : [entry];
}

interface OkPaths {
  readonly pcs: Term[][];
  symbolicInputs: boolean;
}

/** The failure-free complete paths of a run with synth functions (their path conditions). */
function collectOkPaths(run: SymbolicRun): OkPaths {
  const ok: OkPaths = { pcs: [], symbolicInputs: false };
  run.tree.listen({
    onEnded: (n) => {
      if (inputSymbols(n.state).length > 0) ok.symbolicInputs = true;
      if (n.state.status === 'done') ok.pcs.push(pcTerms(n.state.pc));
    },
  });
  return ok;
}

async function synthReport(run: SymbolicRun, entry: Proc, ok: OkPaths): Promise<VerifyReport> {
  const symbolic = entry.params.length > 0 || ok.symbolicInputs;
  const answer = symbolic
    ? ('symbolic-inputs' as const)
    : await findFunctions(run.checked, run.ctx.T, run.solver, ok.pcs);
  return synthVerdict(run.verifyReport(), run.checked, answer);
}

async function testCase(solver: Solver, s: State): Promise<TestCase> {
  let model = s.failure?.model ?? s.model;
  if (!model) {
    const r = await solver.model(pcTerms(s.pc));
    if (r.status === 'sat') model = r.model;
  }
  return {
    status: s.status,
    inputs: shownCounterexample(inputSymbols(s), model, s.failure).counterexample,
    failure: s.failure ? `${s.failure.kind} at line ${s.failure.span.line}: ${s.failure.message}` : undefined,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
