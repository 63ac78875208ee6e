// Semantic tokens (full document): the lexer's tokens classified by type, names classified by
// what they resolve to in the symbol index (procedure, parameter, field, …). Comments are not
// tokens of the lexer and are left to the editor's grammar.

import { SemanticTokensBuilder, type SemanticTokens, type SemanticTokensLegend } from 'vscode-languageserver';
import { tokenize, type Token } from '../lang/lexer';
import type { DefKind, SymbolIndex } from './symbolIndex';

const TYPES = [
  'keyword',
  'type',
  'number',
  'string',
  'operator',
  'variable',
  'parameter',
  'function',
  'class',
  'property',
] as const;
type TokenTypeName = (typeof TYPES)[number];

export const SEMANTIC_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...TYPES],
  tokenModifiers: ['declaration', 'readonly'],
};

const BY_DEF: Record<DefKind, TokenTypeName> = {
  procedure: 'function',
  function: 'function',
  predicate: 'function',
  class: 'class',
  field: 'property',
  global: 'variable',
  parameter: 'parameter',
  local: 'variable',
  bound: 'parameter',
};

function lexicalType(t: Token): TokenTypeName | undefined {
  switch (t.type) {
    case 'keyword':
      return t.text === 'true' || t.text === 'false' || t.text === 'null' ? 'number' : 'keyword';
    case 'typeName':
      return 'type';
    case 'int':
      return 'number';
    case 'char':
      return 'string';
    case 'binop':
      return 'operator';
    default:
      return undefined;
  }
}

export function semanticTokens(text: string, index: SymbolIndex | undefined, stale: boolean): SemanticTokens {
  const names = new Map<string, { type: TokenTypeName; declaration: boolean }>();
  // A stale index describes other positions; names are then left unclassified.
  for (const o of stale || !index ? [] : index.occurrences) {
    names.set(`${o.span.line}:${o.span.col}`, { type: BY_DEF[o.def.kind], declaration: o.span === o.def.nameSpan });
  }
  const classNames = new Set(index?.defs.filter((d) => d.kind === 'class').map((d) => d.name));
  const builder = new SemanticTokensBuilder();
  for (const t of tokenize(text).tokens) {
    const named = t.type === 'ident' ? names.get(`${t.line}:${t.col}`) : undefined;
    // A class name in a type annotation has no AST node of its own.
    const type = named?.type ?? lexicalType(t) ?? (t.type === 'ident' && classNames.has(t.text) ? 'class' : undefined);
    if (type === undefined) continue;
    builder.push(t.line - 1, t.col - 1, t.text.length, TYPES.indexOf(type), named?.declaration ? 1 : 0);
  }
  return builder.build();
}
