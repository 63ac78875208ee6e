// Diagnostics: what the front end (and the engine, for runtime setup errors) tells the user
// about a file. Printed as `file:line:col: error: message`, optionally with a caret excerpt.

import type { Span } from './span';
import { stripBom } from './bom';

export type Severity = 'error' | 'warning' | 'note';

export interface Diagnostic {
  readonly file: string;
  readonly span: Span;
  readonly severity: Severity;
  readonly message: string;
  /** A construct the front end refuses by name (`file:line:col: unsupported Viper feature: …`,
   *  printed without the severity word); still an error for every caller. */
  readonly unsupported?: boolean;
}

export function error(file: string, span: Span, message: string): Diagnostic {
  return { file, span, severity: 'error', message };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** One line `file:line:col: severity: message`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.span.line}:${d.span.col}: ${d.unsupported ? '' : `${d.severity}: `}${d.message}`;
}

/** The diagnostic line followed by the source line and a caret under the span (for terminals). */
export function formatWithExcerpt(d: Diagnostic, source: string): string {
  const head = formatDiagnostic(d);
  // Columns are counted after a byte order mark, as the lexer counts them.
  const lineText = stripBom(source).split(/\r?\n/)[d.span.line - 1];
  if (lineText === undefined) return head;
  const start = Math.max(1, d.span.col);
  const end = d.span.endLine === d.span.line ? Math.max(d.span.endCol, start + 1) : lineText.length + 1;
  const pad = lineText.slice(0, start - 1).replace(/[^\t]/g, ' ');
  const carets = '^' + '~'.repeat(Math.max(0, end - start - 1));
  const gutter = String(d.span.line);
  return `${head}\n ${gutter} | ${lineText}\n ${' '.repeat(gutter.length)} | ${pad}${carets}`;
}

/** Sorts by position so a file's diagnostics read top to bottom. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) => a.file.localeCompare(b.file) || a.span.line - b.span.line || a.span.col - b.span.col);
}
