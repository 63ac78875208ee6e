// Completion: the language's keywords and type names, and the names in scope at the cursor
// (globals, procedures, functions, predicates, classes; the parameters and locals of the
// enclosing declaration that are declared above the cursor). After `x.`, the fields of x's class.

import { CompletionItemKind, type CompletionItem, type Position } from 'vscode-languageserver';
import { KEYWORDS, TYPE_NAMES } from '../lang/lexer';
import type { DefKind, SymbolDef, SymbolIndex } from './symbolIndex';

const ITEM_KINDS: Record<DefKind, CompletionItemKind> = {
  procedure: CompletionItemKind.Function,
  function: CompletionItemKind.Function,
  predicate: CompletionItemKind.Function,
  class: CompletionItemKind.Class,
  field: CompletionItemKind.Field,
  global: CompletionItemKind.Variable,
  parameter: CompletionItemKind.Variable,
  local: CompletionItemKind.Variable,
  bound: CompletionItemKind.Variable,
};

const nameItem = (d: SymbolDef): CompletionItem => ({ label: d.name, kind: ITEM_KINDS[d.kind], detail: d.signature });

/** The container (procedure, function, predicate) whose span holds the 1-based line. */
function enclosing(index: SymbolIndex, line: number): SymbolDef | undefined {
  return index.defs.find(
    (d) =>
      (d.kind === 'procedure' || d.kind === 'function' || d.kind === 'predicate') &&
      d.span.line <= line &&
      line <= d.span.endLine,
  );
}

function inScope(index: SymbolIndex, p: Position): SymbolDef[] {
  const line = p.line + 1;
  const owner = enclosing(index, line);
  return index.defs.filter((d) => {
    if (d.kind === 'field' || d.kind === 'bound') return false;
    if (d.kind !== 'parameter' && d.kind !== 'local') return true;
    return owner !== undefined && d.container === owner.name && (d.kind === 'parameter' || d.nameSpan.line <= line);
  });
}

/** `obj.` right before the cursor: the fields of every class (the object's type may not check yet). */
function fieldItems(index: SymbolIndex, lineText: string, p: Position): CompletionItem[] | undefined {
  if (!/\.\s*[A-Za-z_0-9]*$/.test(lineText.slice(0, p.character))) return undefined;
  return index.defs.filter((d) => d.kind === 'field').map(nameItem);
}

export function completion(index: SymbolIndex | undefined, lineText: string, p: Position): CompletionItem[] {
  const fields = index && fieldItems(index, lineText, p);
  if (fields) return fields;
  const words: CompletionItem[] = [
    ...KEYWORDS.map((k) => ({ label: k, kind: CompletionItemKind.Keyword })),
    ...TYPE_NAMES.map((t) => ({ label: t, kind: CompletionItemKind.TypeParameter })),
  ];
  const seen = new Set<string>();
  const names = index
    ? inScope(index, p)
        .filter((d) => !seen.has(d.name) && seen.add(d.name))
        .map(nameItem)
    : [];
  return [...names, ...words];
}
