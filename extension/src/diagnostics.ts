// Turns a `symdap verify --json` report into editor-neutral diagnostic records.
// Pure and free of the `vscode` module so it is unit-tested directly; vscodeDiagnostics.ts
// converts the records into vscode.Diagnostic objects.

import { FAILURE_TITLES } from '../../src/engine/state/failures';
import { formatCounterexample } from '../../src/engine/state/counterexample';

export { formatCounterexample };

/** The `--json` report of `symdap verify` (docs/design.md S.6). */
export interface VerifyReport {
  readonly file: string;
  readonly verdict: 'verified' | 'failed' | 'unknown' | 'error';
  readonly paths?: {
    readonly total: number;
    readonly completed: number;
    readonly failed: number;
    readonly infeasible: number;
    readonly bounded: number;
  };
  readonly failures: readonly ReportFailure[];
  readonly diagnostics?: readonly ReportDiagnostic[];
  readonly stats?: { readonly solverQueries: number; readonly solverMs: number; readonly wallMs: number };
  /** Statement coverage of the run (src/engine/explore/coverage.ts); coverageLines.ts marks the uncovered lines. */
  readonly coverage?: {
    readonly uncoveredLines: readonly number[];
    readonly statements: { readonly covered: number; readonly total: number };
  };
}

export interface ReportFailure {
  readonly kind: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** The end of the failing formula (exclusive), so the squiggle covers all of it. */
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly counterexample?: Readonly<Record<string, unknown>>;
  /** The counterexample's names whose values are u8 (shown as `98 'b'`). */
  readonly u8?: readonly string[];
  readonly trace?: readonly number[];
}

/** A front-end diagnostic in the report: either flat line/column or a Span as in src/lang/span.ts. */
export interface ReportDiagnostic {
  readonly file?: string;
  readonly severity?: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly endColumn?: number;
  readonly span?: { readonly line: number; readonly col: number; readonly endLine: number; readonly endCol: number };
}

export type RecordSeverity = 'error' | 'warning' | 'information';

/** One diagnostic to show; lines and columns are 1-based, endColumn exclusive. */
export interface DiagnosticRecord {
  readonly line: number;
  readonly column: number;
  readonly endColumn?: number;
  readonly severity: RecordSeverity;
  readonly message: string;
  /** Lines of the path leading to a failure, oldest first (empty for other diagnostics). */
  readonly trace: readonly number[];
}

/** The front end's diagnostics of a report (the verifier's findings: src/lsp/verifyDiagnostics.ts). */
export function frontEndDiagnostics(report: VerifyReport): DiagnosticRecord[] {
  return (report.diagnostics ?? []).map(frontEndRecord);
}

export function reportToDiagnostics(report: VerifyReport): DiagnosticRecord[] {
  return [
    ...(report.diagnostics ?? []).map(frontEndRecord),
    ...mergeFailures(report.failures).map(failureRecord),
    ...incompleteRecord(report),
  ];
}

function frontEndRecord(d: ReportDiagnostic): DiagnosticRecord {
  const line = d.span?.line ?? d.line ?? 1;
  const column = d.span?.col ?? d.column ?? 1;
  const endColumn = d.span ? (d.span.endLine === d.span.line ? d.span.endCol : undefined) : d.endColumn;
  return {
    line: Math.max(1, line),
    column: Math.max(1, column),
    ...(endColumn !== undefined && endColumn > column ? { endColumn } : {}),
    severity: d.severity === 'warning' ? 'warning' : d.severity === 'note' ? 'information' : 'error',
    message: d.message,
    trace: [],
  };
}

interface MergedFailure {
  readonly failure: ReportFailure;
  readonly paths: number;
}

/** One assertion failing on many paths is one diagnostic, with the first counterexample. */
function mergeFailures(failures: readonly ReportFailure[]): MergedFailure[] {
  const byKey = new Map<string, MergedFailure>();
  for (const f of failures) {
    const key = `${f.line}:${f.column}:${f.kind}:${f.message}`;
    const seen = byKey.get(key);
    byKey.set(key, { failure: seen?.failure ?? f, paths: (seen?.paths ?? 0) + 1 });
  }
  return [...byKey.values()];
}

function failureRecord({ failure, paths }: MergedFailure): DiagnosticRecord {
  const parts = [failureHeadline(failure)];
  const cx = failure.counterexample ?? {};
  if (Object.keys(cx).length > 0) parts.push(`counterexample: ${formatCounterexample(cx, new Set(failure.u8))}`);
  const onPaths = paths > 1 ? ` (on ${paths} paths)` : '';
  const line = Math.max(1, failure.line);
  const column = Math.max(1, failure.column);
  const end =
    failure.endLine === failure.line && failure.endColumn !== undefined && failure.endColumn > column
      ? { endColumn: failure.endColumn }
      : {};
  return { line, column, ...end, severity: 'error', message: parts.join(' — ') + onPaths, trace: failure.trace ?? [] };
}

/** A failure's path as one line, `path: line 9 → 10 → 12` (long paths keep both ends):
 *  one related information entry instead of a problem row per step. */
export function pathText(trace: readonly number[], max = 20): string {
  const lines = trace.length > max ? [...trace.slice(0, 3), '…', ...trace.slice(-(max - 3))] : trace;
  return `path: line ${lines.join(' → ')}`;
}

/** `assertion may fail: m >= 3`, whether or not the report's message already has the title. */
export function failureHeadline(failure: Pick<ReportFailure, 'kind' | 'message'>): string {
  const title = (FAILURE_TITLES as Readonly<Record<string, string>>)[failure.kind];
  if (title === undefined || failure.message.startsWith(title)) return failure.message;
  return failure.message === '' ? title : `${title}: ${failure.message}`;
}

/** An unknown verdict without failures still deserves a visible reason. */
function incompleteRecord(report: VerifyReport): DiagnosticRecord[] {
  if (report.verdict !== 'unknown') return [];
  const bounded = report.paths?.bounded ?? 0;
  const message =
    bounded > 0
      ? `verification incomplete: ${bounded} path${bounded === 1 ? '' : 's'} reached the loop or recursion bound`
      : 'verification incomplete: the solver could not decide some queries';
  return [{ line: 1, column: 1, severity: 'warning', message, trace: [] }];
}

/** A one-line summary for a notification, e.g. `failed: 2 failures on 7 paths`. */
export function summarizeReport(report: VerifyReport): string {
  const paths = report.paths ? ` on ${report.paths.total} path${report.paths.total === 1 ? '' : 's'}` : '';
  const n = report.failures.length;
  switch (report.verdict) {
    case 'verified':
      return `verified${paths}`;
    case 'failed':
      return `failed: ${n} failure${n === 1 ? '' : 's'}${paths}`;
    case 'unknown':
      return `unknown${paths}: no failure found, but the search was incomplete`;
    case 'error':
      return 'the program does not parse or type-check';
  }
}
