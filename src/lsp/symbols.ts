// The outline (textDocument/documentSymbol): procedures, functions, predicates, classes with
// their fields, and globals, from the symbol index.

import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import { spanToRange } from './analysis';
import type { DefKind, SymbolDef, SymbolIndex } from './symbolIndex';

const KINDS: Partial<Record<DefKind, SymbolKind>> = {
  procedure: SymbolKind.Function,
  function: SymbolKind.Function,
  predicate: SymbolKind.Boolean,
  class: SymbolKind.Class,
  field: SymbolKind.Field,
  global: SymbolKind.Variable,
};

function symbol(def: SymbolDef, children?: DocumentSymbol[]): DocumentSymbol {
  const range = spanToRange(def.span);
  const selectionRange = spanToRange(def.nameSpan);
  return {
    name: def.name,
    detail: def.signature,
    kind: KINDS[def.kind]!,
    range,
    selectionRange,
    ...(children ? { children } : {}),
  };
}

export function documentSymbols(index: SymbolIndex | undefined): DocumentSymbol[] {
  if (!index) return [];
  const top = index.defs
    .filter((d) => KINDS[d.kind] !== undefined && d.kind !== 'field')
    .sort((a, b) => a.span.line - b.span.line || a.span.col - b.span.col);
  return top.map((d) =>
    d.kind === 'class'
      ? symbol(
          d,
          index.defs.filter((f) => f.kind === 'field' && f.container === d.name).map((f) => symbol(f)),
        )
      : symbol(d),
  );
}
