// The thin VS Code side of diagnostics: records from diagnostics.ts become vscode.Diagnostic,
// each failure carrying its path as one related information entry; the verifier's findings
// come as the language server words them (src/lsp/verifyDiagnostics.ts: the permission
// explanation, each path step named by its line), so Verify file says the same with or
// without the server.

import * as vscode from 'vscode';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { pathText, type DiagnosticRecord, type RecordSeverity } from './diagnostics';

const SEVERITIES: Readonly<Record<RecordSeverity, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

export function toVscodeDiagnostics(
  records: readonly DiagnosticRecord[],
  document: vscode.TextDocument,
): vscode.Diagnostic[] {
  return records.map((record) => toVscodeDiagnostic(record, document));
}

function toVscodeDiagnostic(record: DiagnosticRecord, document: vscode.TextDocument): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(recordRange(record, document), record.message, SEVERITIES[record.severity]);
  diagnostic.source = 'symdap';
  // The path is one related entry (at its first line), not one row per step in Problems.
  if (record.trace.length > 0) {
    diagnostic.relatedInformation = [
      new vscode.DiagnosticRelatedInformation(
        new vscode.Location(document.uri, lineRange(record.trace[0], document)),
        pathText(record.trace),
      ),
    ];
  }
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

const LSP_SEVERITIES: readonly vscode.DiagnosticSeverity[] = [
  vscode.DiagnosticSeverity.Error,
  vscode.DiagnosticSeverity.Warning,
  vscode.DiagnosticSeverity.Information,
  vscode.DiagnosticSeverity.Hint,
];

/** The server's diagnostics of `document` (src/lsp/verifyDiagnostics.ts) as VS Code's. */
export function fromLspDiagnostics(
  diagnostics: readonly LspDiagnostic[],
  document: vscode.TextDocument,
): vscode.Diagnostic[] {
  const range = (r: LspDiagnostic['range']): vscode.Range =>
    new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  return diagnostics.map((d) => {
    const diagnostic = new vscode.Diagnostic(range(d.range), d.message, LSP_SEVERITIES[(d.severity ?? 1) - 1]);
    diagnostic.source = d.source ?? 'symdap';
    if (d.code !== undefined) diagnostic.code = d.code;
    if (d.relatedInformation) {
      diagnostic.relatedInformation = d.relatedInformation.map(
        (r) =>
          new vscode.DiagnosticRelatedInformation(
            new vscode.Location(document.uri, range(r.location.range)),
            r.message,
          ),
      );
    }
    return diagnostic;
  });
}
