// A verification report on a `.vpr` file in Viper's terms: each failure carries Viper's error id
// (`assert.failed:assertion.false`, …) as `viperError` and in its message, and a file refused
// for a construct outside the subset has the verdict `unsupported` (exit code 4).

import { isOnNoPath } from '../engine/state/counterexample';
import type { FailureReport, VerifyReport } from '../engine/verify/report';
import { UNSUPPORTED } from '../lang/viper/frontend';
import type { Site } from '../lang/viper/context';
import { viperError } from '../lang/viper/errorIds';
import { shownInstances } from '../lang/viper/quantifiedPredNames';

export type ViperFailure = FailureReport & { readonly viperError: string };
export type ViperVerdict = VerifyReport['verdict'] | 'unsupported';
export type ViperReport = Omit<VerifyReport, 'verdict' | 'failures'> & {
  readonly verdict: ViperVerdict;
  readonly failures: readonly ViperFailure[];
};

export const UNSUPPORTED_EXIT = 4;

export function isUnsupported(r: VerifyReport): boolean {
  return r.verdict === 'error' && r.diagnostics.some((d) => d.message.startsWith(UNSUPPORTED));
}

/** `sites`: the Viper constructs by span from the program's one load (VerifySourceResult.viperSites). */
export function viperReport(r: VerifyReport, sites: readonly Site[]): ViperReport {
  if (isUnsupported(r)) return { ...r, verdict: 'unsupported', failures: [] };
  if (r.failures.length === 0) return { ...r, failures: [] };
  const kept = r.failures.filter((f) => !stoppedBefore(f, r.failures));
  const failures = kept.map((f) => {
    const span = { line: f.line, col: f.column, endLine: f.endLine, endCol: f.endColumn, file: f.file };
    const v = viperError({ kind: f.kind, span, message: f.formula, onNoPath: isOnNoPath(f) }, sites);
    // Viper reports a function's or predicate's ill-formed body at its declaration.
    const at =
      v.reportAt === undefined
        ? {}
        : { line: v.reportAt.line, column: v.reportAt.col, endLine: v.reportAt.line, endColumn: v.reportAt.col };
    return { ...f, ...at, viperError: v.id, message: `${shownInstances(f.message)} [${v.id}]` };
  });
  return { ...r, failures };
}

const WELL_DEFINEDNESS = new Set(['permission', 'div-by-zero', 'null-deref']);

/**
 * Viper checks that a statement's expressions are defined before the statement itself, and a
 * failed check ends the path there: an assertion failure on the same path inside a statement
 * whose read already failed (`assert x.f == 1` without acc(x.f)) is not a second error for
 * Viper. Only the same path (same trace) counts; the statement still fails either way.
 */
function stoppedBefore(f: FailureReport, all: readonly FailureReport[]): boolean {
  if (WELL_DEFINEDNESS.has(f.kind)) return false;
  return all.some((g) => WELL_DEFINEDNESS.has(g.kind) && within(g, f) && sameTrace(g.trace, f.trace));
}

function within(inner: FailureReport, outer: FailureReport): boolean {
  if (inner.file !== outer.file) return false;
  const starts = inner.line > outer.line || (inner.line === outer.line && inner.column >= outer.column);
  const ends = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn);
  return starts && ends;
}

function sameTrace(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
