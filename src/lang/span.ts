// Source spans: where every AST node, diagnostic, breakpoint and stop lives in a file.
// Lines and columns are 1-based; the end position is exclusive (the column just past the
// last character), so an empty span has start === end.
// `file` is set only on the spans of a file other than the one loaded (a Viper `import`,
// src/lang/viper/imports.ts): absent means the loaded file itself, so Sym, and every span
// built before imports existed, are unchanged.

export interface Span {
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  /** The imported file this span lies in (absent: the file that was loaded). */
  readonly file?: string;
}

export const NO_SPAN: Span = { line: 0, col: 0, endLine: 0, endCol: 0 };

export function spanFrom(start: Span, end: Span): Span {
  const span = { line: start.line, col: start.col, endLine: end.endLine, endCol: end.endCol };
  return start.file === undefined ? span : { ...span, file: start.file };
}

export function spanContainsLine(span: Span, line: number): boolean {
  return span.line <= line && line <= span.endLine;
}

/** Whether `inner` lies inside `outer` (both ends included, both in one file). */
export function spanWithin(inner: Span, outer: Span): boolean {
  if (inner.file !== outer.file) return false;
  const starts = inner.line > outer.line || (inner.line === outer.line && inner.col >= outer.col);
  const ends = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endCol <= outer.endCol);
  return starts && ends;
}

export function formatSpan(file: string, span: Span): string {
  return `${span.file ?? file}:${span.line}:${span.col}`;
}

/** The file a span lies in: its own (an imported file's) or the loaded one. */
export function spanFile(file: string, span: Span): string {
  return span.file ?? file;
}
