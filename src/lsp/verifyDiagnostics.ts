// A verification report as LSP diagnostics: each failure an error whose message holds the
// counterexample and whose related information is the path that reaches it; an unknown
// verdict is a warning (never silence, which would read as success).

import type { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity } from 'vscode-languageserver';

// LSP's severities, named here so that this file imports only types: the VS Code extension
// bundles it (Verify file without the server) and must not pull in the server library,
// whose main module starts a client-process watchdog when it is loaded.
const ERROR: DiagnosticSeverity = 1;
const WARNING: DiagnosticSeverity = 2;
import { formatCounterexample, isOnNoPath } from '../engine/state/counterexample';
import type { FailureReport, VerifyReport } from '../engine/verify/report';
import { spanToRange } from './analysis';

/** Long paths would bury the useful end of the trace; keep the steps nearest the failure. */
const MAX_TRACE_STEPS = 20;

function failureDiagnostic(f: FailureReport, uri: string, lines: readonly string[]): Diagnostic {
  const paths = f.paths > 1 ? ` (on ${f.paths} paths)` : '';
  const steps = f.trace.slice(-MAX_TRACE_STEPS);
  // Each step named by what runs there (its source line), not by its number.
  const relatedInformation: DiagnosticRelatedInformation[] = steps.map((line, i) => ({
    location: { uri, range: lineRange(line, lines) },
    message: `path step ${f.trace.length - steps.length + i + 1}: ${stepText(lines[line - 1] ?? '')}`,
  }));
  const abstraction = f.abstraction
    ? [
        {
          location: { uri, range: lineRange(f.abstraction.line, lines) },
          message: f.classNote ?? 'the abstraction that lost the fact',
        },
      ]
    : [];
  // Where the fact that closes a too-weak specification's gap goes (engine/why/suggest.ts).
  const suggestion = f.suggestion
    ? [
        {
          location: { uri, range: lineRange(f.suggestion.line, lines) },
          message: `add \`${f.suggestion.clause}\` here: with it this failure is gone`,
        },
      ]
    : [];
  // Where a missing permission went: each step that took a part of it, at its line.
  const lostAt = (f.lostAt ?? []).map((l) => ({ location: { uri, range: lineRange(l.line, lines) }, message: l.text }));
  const explanation = f.explanation ? ` — ${f.explanation}` : '';
  const classNote = f.classNote ? ` — ${f.classNote}` : '';
  return {
    range: spanToRange({ line: f.line, col: f.column, endLine: f.endLine, endCol: f.endColumn }),
    severity: ERROR,
    source: 'symdap verify',
    message: isOnNoPath(f)
      ? `${f.message}${explanation}${paths}`
      : `${f.message}${explanation}${joinNote(f)} — counterexample: ${formatCounterexample(f.counterexample, new Set(f.u8))}${summaries(f)}${paths}${classNote}`,
    relatedInformation: [...lostAt, ...abstraction, ...suggestion, ...relatedInformation],
  };
}

/** A source line as a step's name: trimmed, and cut where it would fill the hover. */
function stepText(text: string): string {
  const t = text.trim();
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

function warningDiagnostic(w: NonNullable<VerifyReport['warnings']>[number], lines: readonly string[]): Diagnostic {
  const range = lineRange(w.line, lines);
  return {
    range: { start: { line: w.line - 1, character: Math.max(0, w.column - 1) }, end: range.end },
    severity: WARNING,
    source: 'symdap verify',
    code: w.kind,
    message: w.message,
  };
}

/** A failure after `join φ;` that no concrete path reaches says so (report.ts, afterJoin). */
function joinNote(f: FailureReport): string {
  return f.afterJoin?.message ? ` — ${f.afterJoin.message}` : '';
}

function summaries(f: FailureReport): string {
  return f.afterJoin?.summaryValues ? `, ${formatCounterexample(f.afterJoin.summaryValues)}` : '';
}

function lineRange(line: number, lines: readonly string[]): Diagnostic['range'] {
  const text = lines[line - 1] ?? '';
  const start = text.length - text.trimStart().length;
  return { start: { line: line - 1, character: start }, end: { line: line - 1, character: text.length } };
}

function unknownDiagnostic(report: VerifyReport): Diagnostic {
  const why = report.notes.length > 0 ? report.notes.join('; ') : 'the search was incomplete';
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    severity: WARNING,
    source: 'symdap verify',
    message: `verification unknown: no failure found, but ${why}`,
  };
}

/** Front-end errors are already shown by the as-you-type diagnostics; only the verifier's findings here. */
export function verifyDiagnostics(report: VerifyReport, uri: string, text: string): Diagnostic[] {
  const lines = text.split(/\r?\n/);
  const failures = report.failures.map((f) => failureDiagnostic(f, uri, lines));
  const warnings = (report.warnings ?? []).map((w) => warningDiagnostic(w, lines));
  return report.verdict === 'unknown'
    ? [...failures, ...warnings, unknownDiagnostic(report)]
    : [...failures, ...warnings];
}
