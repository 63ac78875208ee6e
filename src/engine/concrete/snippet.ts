// The source text of a span, for failure messages: quoting what the user wrote (`a[i]`,
// `m >= 3`) is exact and needs no pretty printer.

import type { Span } from '../../lang/span';

export function sourceText(source: string, span: Span): string {
  const lines = source.split(/\r?\n/);
  if (span.line < 1 || span.endLine > lines.length) return '';
  const parts: string[] = [];
  for (let l = span.line; l <= span.endLine; l++) {
    const text = lines[l - 1];
    const from = l === span.line ? span.col - 1 : 0;
    const to = l === span.endLine ? span.endCol - 1 : text.length;
    parts.push(text.slice(from, to));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
