// "Why": what a finished verification adds to its report so that a user can tell a bug from a
// too-weak specification and a proof from a vacuous one (issue 25). Warnings come from the
// run's coverage (free); failures are classified only when there are some, so a run that
// verifies pays nothing. Used by every front door that shows a report (CLI, LSP, debugger).

import type { CheckedProgram } from '../../lang/checked';
import type { VerifyReport } from '../verify/report';
import { resolveEntry } from '../verify/entry';
import { createSolver } from '../solver/index';
import { solverOptions, type VerifySourceOptions } from '../verify/verifySource';
import { vacuityWarnings } from './warnings';

export interface ExplainOptions {
  /** Compute proof dependencies and `unused` warnings (one solver call per fact: on request). */
  readonly proofs?: boolean;
}

/** `checked`: the program the report is of, as verifySource hands it back (absent for a report of an error). */
export async function explainReport(
  checked: CheckedProgram | undefined,
  opts: VerifySourceOptions,
  report: VerifyReport,
  explain: ExplainOptions = {},
): Promise<VerifyReport> {
  if (report.verdict === 'error' || opts.generational) return report;
  const entry = checked && resolveEntry(checked, opts.entry).proc;
  // A synth program's failing paths exclude candidate functions; they are not failures of the program.
  if (!checked || !entry || checked.synths.size > 0) return report;
  const mode = opts.mode ?? 'explore';
  const warnings = vacuityWarnings(checked, report, { mode, entry });
  if (report.failures.length === 0 && !explain.proofs) return { ...report, warnings };
  // Loaded when needed (they load the concrete interpreter): a run that verifies never needs them.
  const [{ classifyFailures }, { proofDependencies }] = await Promise.all([import('./classify'), import('./proofs')]);
  const solver = await createSolver(solverOptions(opts, process.env));
  try {
    const classified = await classifyFailures(checked, solver, report, {
      mode,
      entry,
      loopBound: opts.loopBound,
      recursionBound: opts.recursionBound,
      lang: opts.lang,
      ...(mode === 'modular' ? { modularReport: report } : {}),
    });
    if (!explain.proofs) return { ...classified, warnings };
    const { proofs, unused } = await proofDependencies(checked, solver, { ...opts, entry: entry.name });
    return {
      ...classified,
      proofs,
      warnings: [...warnings, ...unused].sort((a, b) => a.line - b.line || a.column - b.column),
    };
  } finally {
    solver.dispose();
  }
}

/** `verified (vacuously)` where a vacuous warning stands: the JSON verdict stays `verified`. */
export function verdictText(r: VerifyReport): string {
  return r.verdict === 'verified' && r.warnings?.some((w) => w.kind === 'vacuous') ? 'verified (vacuously)' : r.verdict;
}
