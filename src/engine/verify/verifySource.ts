// One code path from source text to a verification report, shared by `symdap verify` and
// the editor extension's "Verify file" command: parse, check, solve, explore, report.

import { loadSourceLazily } from '../../lang/loadLazily';
import type { CheckedProgram } from '../../lang/checked';
import { hasErrors, type Diagnostic } from '../../lang/diagnostics';
import { createSolver } from '../solver/index';
import { DEFAULT_QUERY_TIMEOUT_MS, type BackendName, type SolverOptions } from '../solver/solver';
import { errorReport, type VerifyReport } from './report';
import { symbolicHeapError } from '../rules/heap/heapGuard';
import { synthModeError } from '../synth/guard';
import type { ExecutionTree } from '../explore/tree';
import { verifyProgram, type TestCase, type VerifyOptions } from './verify';
import type { ConcreteInputs } from '../concolic/assignment';
import type { SourceLanguage } from '../../lang/language';

export interface VerifySourceOptions extends VerifyOptions {
  readonly solver?: BackendName;
  /** Per-query solver time limit; DEFAULT_QUERY_TIMEOUT_MS when absent (a query past it is unknown). */
  readonly timeoutMs?: number;
  /** Z3's memory limit in MB; the backend's default when absent. */
  readonly memoryLimitMb?: number;
  /** Run SAGE's generational search (concolic runs) instead of exploring the tree. */
  readonly generational?: { readonly runs?: number; readonly seed?: ConcreteInputs };
  /** The source language when not the file's extension's (`--lang`). */
  readonly lang?: SourceLanguage;
  /** Viper's smoke checks (lang/viper/smoke.ts): a `.vpr` point no path reaches fails. */
  readonly smoke?: boolean;
}

export interface VerifySourceResult {
  readonly report: VerifyReport;
  readonly diagnostics: readonly Diagnostic[];
  readonly tests: TestCase[];
  /** A usage problem (e.g. an unknown entry procedure). */
  readonly error?: string;
  /** The explored tree, when kept (`retain: true`). */
  readonly tree?: ExecutionTree;
  /** A `.vpr` program: the front end's Viper sites (plain data), for the failures' Viper error ids. */
  readonly viperSites?: CheckedProgram['viperSites'];
  /** The program verified, for what is asked of the report next (why/explain.ts) without reading the source again. */
  readonly checked?: CheckedProgram;
}

export async function verifySource(
  source: string,
  file: string,
  opts: VerifySourceOptions = {},
): Promise<VerifySourceResult> {
  const { checked, diagnostics } = await loadSourceLazily(source, file, opts.lang, { smoke: opts.smoke });
  if (!checked || hasErrors(diagnostics)) return { report: errorReport(file, diagnostics), diagnostics, tests: [] };
  const found = symbolicHeapError(checked) ?? synthModeError(checked, opts.mode ?? 'explore');
  // On a `.vpr` file what the engine cannot run is a refusal of the construct, by name (docs/viper.md).
  const heap =
    found && checked.viperSites
      ? (await import('../../lang/viper/frontend')).unsupported(file, found.span, found.message)
      : found;
  if (heap) return { report: errorReport(file, [heap]), diagnostics: [heap], tests: [] };
  const solver = await createSolver({ ...solverOptions(opts, process.env), keepLemmas: checked.synths.size > 0 });
  try {
    // The concolic and concrete modules load only for a generational search (start-up of the rest).
    const out = opts.generational
      ? await (
          await import('./verifyGenerational')
        ).verifyGenerational(checked, solver, {
          ...opts.generational,
          entry: opts.entry,
          loopBound: opts.loopBound,
          recursionBound: opts.recursionBound,
          timeoutMs: opts.timeoutMs,
        })
      : await verifyProgram(checked, solver, opts);
    const sites = checked.viperSites ? { viperSites: checked.viperSites } : {};
    return { report: out.report, diagnostics, tests: out.tests, error: out.error, tree: out.tree, checked, ...sites };
  } finally {
    solver.dispose();
  }
}

/** Solver settings of a verification run. Two environment variables exist for fault-injection
 *  tests of the real CLI: SYMDAP_Z3_MEMORY_MB (Z3's memory limit) and SYMDAP_SOLVER_FAULT=abort@N
 *  (abort the Z3 WebAssembly instance at the N-th solver call). */
export function solverOptions(opts: VerifySourceOptions, env: NodeJS.ProcessEnv): SolverOptions {
  const memory = Number(env.SYMDAP_Z3_MEMORY_MB);
  const fault = /^abort@(\d+)$/.exec(env.SYMDAP_SOLVER_FAULT ?? '');
  return {
    backend: opts.solver ?? 'z3-wasm',
    timeoutMs: opts.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    memoryLimitMb: opts.memoryLimitMb ?? (memory > 0 ? memory : undefined),
    abortAtCheck: fault ? Number(fault[1]) : undefined,
  };
}
