// One code path from source text to a verification report, shared by `symdap verify` and
// the editor extension's "Verify file" command: parse, check, solve, explore, report.

import { loadSource } from '../lang/frontend';
import { hasErrors, type Diagnostic } from '../lang/diagnostics';
import { createSolver } from './solver/index';
import type { BackendName } from './solver/solver';
import { errorReport, type VerifyReport } from './report';
import { symbolicHeapError } from './heapGuard';
import { verifyProgram, type TestCase, type VerifyOptions } from './verify';

export interface VerifySourceOptions extends VerifyOptions {
  readonly solver?: BackendName;
  readonly timeoutMs?: number;
}

export interface VerifySourceResult {
  readonly report: VerifyReport;
  readonly diagnostics: readonly Diagnostic[];
  readonly tests: TestCase[];
  /** A usage problem (e.g. an unknown entry procedure). */
  readonly error?: string;
}

export async function verifySource(source: string, file: string, opts: VerifySourceOptions = {}): Promise<VerifySourceResult> {
  const { checked, diagnostics } = loadSource(source, file);
  if (!checked || hasErrors(diagnostics)) return { report: errorReport(file, diagnostics), diagnostics, tests: [] };
  const heap = symbolicHeapError(checked);
  if (heap) return { report: errorReport(file, [heap]), diagnostics: [heap], tests: [] };
  const solver = await createSolver({ backend: opts.solver ?? 'z3-wasm', timeoutMs: opts.timeoutMs });
  try {
    const out = await verifyProgram(checked, solver, opts);
    return { report: out.report, diagnostics, tests: out.tests, error: out.error };
  } finally {
    solver.dispose();
  }
}
