// Front-end diagnostics (parse and type errors, with their spans) as LSP diagnostics.

import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../lang/diagnostics';
import { spanToRange } from './analysis';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  note: DiagnosticSeverity.Information,
} as const;

export function toLspDiagnostics(diagnostics: readonly Diagnostic[]): LspDiagnostic[] {
  return diagnostics.map((d) => {
    const range = spanToRange(d.span);
    // An empty span (end of file, a missing token) still needs one visible character.
    if (range.start.line === range.end.line && range.start.character === range.end.character) range.end.character += 1;
    return { range, severity: SEVERITY[d.severity], source: 'symdap', message: d.message };
  });
}
