// Source spans: where every AST node, diagnostic, breakpoint and stop lives in a file.
// Lines and columns are 1-based; the end position is exclusive (the column just past the
// last character), so an empty span has start === end.

export interface Span {
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
}

export const NO_SPAN: Span = { line: 0, col: 0, endLine: 0, endCol: 0 };

export function spanFrom(start: Span, end: Span): Span {
  return { line: start.line, col: start.col, endLine: end.endLine, endCol: end.endCol };
}

export function spanContainsLine(span: Span, line: number): boolean {
  return span.line <= line && line <= span.endLine;
}

/** Whether `inner` lies inside `outer` (both ends included). */
export function spanWithin(inner: Span, outer: Span): boolean {
  const starts = inner.line > outer.line || (inner.line === outer.line && inner.col >= outer.col);
  const ends = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endCol <= outer.endCol);
  return starts && ends;
}

export function formatSpan(file: string, span: Span): string {
  return `${file}:${span.line}:${span.col}`;
}
