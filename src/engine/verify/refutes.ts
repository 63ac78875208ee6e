// The verdict of `refute φ` statements (rules/refute.ts): a refute holds when some explored path
// reached it with φ possibly false (an edge labelled `refuted`), and fails otherwise, also when
// no path reached it at all (Viper's refute plugin reports `refute.failed` there too: its
// `assert φ` never failed). Decided once the whole tree is explored, so a run split over
// threads or concolic runs cannot decide it (verifyParallel.ts, verifyGenerational.ts refuse).

import type { Refute } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import { forEachStmt } from '../rules/walkStmts';
import { FAILURE_TITLES } from '../state/failures';
import type { ExecutionTree } from '../explore/tree';
import { bySourceOrder, type FailureReport, type VerifyReport } from './report';

const key = (s: Span): string => `${s.line}:${s.col}`;

/** The refute statements of the program, in source order. */
export function refuteStmts(checked: CheckedProgram): Refute[] {
  const out: Refute[] = [];
  for (const p of checked.procs.values())
    forEachStmt(p.body.stmts, (st) => {
      if (st.kind === 'refute') out.push(st);
    });
  return out;
}

/** Records the refutes some step showed to hold (by their position). */
export function collectRefuted(tree: ExecutionTree): ReadonlySet<string> {
  const refuted = new Set<string>();
  tree.listen({
    onExpanded: (_n, kids) => {
      for (const k of kids) if (k.label.kind === 'refuted') refuted.add(key(k.label.span));
    },
  });
  return refuted;
}

/** The report with a failure for every refute that no explored path showed to hold. */
export function withRefutes(
  report: VerifyReport,
  refutes: readonly Refute[],
  refuted: ReadonlySet<string>,
): VerifyReport {
  const failed = refutes.filter((r) => !refuted.has(key(r.span))).map(refuteFailure);
  if (failed.length === 0) return report;
  const failures = [...report.failures, ...failed].sort(bySourceOrder);
  return { ...report, failures, verdict: report.verdict === 'error' ? 'error' : 'failed' };
}

function refuteFailure(r: Refute): FailureReport {
  const formula = printExpr(r.cond, 200);
  return {
    kind: 'refute',
    line: r.span.line,
    column: r.span.col,
    endLine: r.span.endLine,
    endColumn: r.span.endCol,
    message: `${FAILURE_TITLES.refute}: ${formula}`,
    formula,
    counterexample: {},
    trace: [],
    paths: 0,
  };
}
