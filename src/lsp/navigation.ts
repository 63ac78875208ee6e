// Go to definition and find references: the occurrence under the cursor, then its
// declaration or every occurrence of that declaration in the document.

import type { Location, Position } from 'vscode-languageserver';
import { spanToRange } from './analysis';
import { occurrenceAt, occurrencesOf, type Occurrence, type SymbolIndex } from './symbolIndex';

export function occurrenceAtPosition(index: SymbolIndex | undefined, p: Position): Occurrence | undefined {
  return index ? occurrenceAt(index, p.line + 1, p.character + 1) : undefined;
}

export function definition(index: SymbolIndex | undefined, uri: string, p: Position): Location | null {
  const hit = occurrenceAtPosition(index, p);
  return hit ? { uri, range: spanToRange(hit.def.nameSpan) } : null;
}

export function references(
  index: SymbolIndex | undefined,
  uri: string,
  p: Position,
  includeDeclaration: boolean,
): Location[] {
  const hit = occurrenceAtPosition(index, p);
  if (!index || !hit) return [];
  const all = occurrencesOf(index, hit.def).filter((o) => includeDeclaration || o.span !== hit.def.nameSpan);
  return all
    .sort((a, b) => a.span.line - b.span.line || a.span.col - b.span.col)
    .map((o) => ({ uri, range: spanToRange(o.span) }));
}
