// The thin VS Code side of diagnostics: records from diagnostics.ts become vscode.Diagnostic,
// each failure carrying the lines of its path as related information.

import * as vscode from 'vscode';
import type { DiagnosticRecord, RecordSeverity } from './diagnostics';

/** Long paths would bury the useful end of the trace; keep the steps nearest the failure. */
const MAX_TRACE_STEPS = 20;

const SEVERITIES: Readonly<Record<RecordSeverity, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

export function toVscodeDiagnostics(records: readonly DiagnosticRecord[], document: vscode.TextDocument): vscode.Diagnostic[] {
  return records.map((record) => toVscodeDiagnostic(record, document));
}

function toVscodeDiagnostic(record: DiagnosticRecord, document: vscode.TextDocument): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(recordRange(record, document), record.message, SEVERITIES[record.severity]);
  diagnostic.source = 'symdap';
  const steps = record.trace.slice(-MAX_TRACE_STEPS);
  diagnostic.relatedInformation = steps.map((line, i) => new vscode.DiagnosticRelatedInformation(
    new vscode.Location(document.uri, lineRange(line, document)),
    `path step ${record.trace.length - steps.length + i + 1}`));
  return diagnostic;
}

/** Without an end column, underline the word at the position, else the rest of the line. */
function recordRange(record: DiagnosticRecord, document: vscode.TextDocument): vscode.Range {
  const line = Math.min(record.line, document.lineCount) - 1;
  const start = new vscode.Position(line, record.column - 1);
  if (record.endColumn !== undefined) return new vscode.Range(start, new vscode.Position(line, record.endColumn - 1));
  return document.getWordRangeAtPosition(start) ?? new vscode.Range(start, document.lineAt(line).range.end);
}

function lineRange(line: number, document: vscode.TextDocument): vscode.Range {
  const text = document.lineAt(Math.min(Math.max(line, 1), document.lineCount) - 1);
  return new vscode.Range(text.range.start.translate(0, text.firstNonWhitespaceCharacterIndex), text.range.end);
}
