// The language server's parse: the file cut into its top-level declarations, each parsed on
// its own and kept for the next version of the document. While the user types in one
// procedure, every other declaration has the same text (at most moved up or down some
// lines), so its syntax tree is reused, shifted, instead of being parsed again by the
// Earley parser (most of the time of an edit). Any doubt, such as unbalanced brackets, a
// declaration that does not parse, or a lexical error, falls back to parse() of the whole
// file, so the diagnostics are exactly those of `symdap check`.

import type { TopDecl } from '../lang/ast';
import { stripBom } from '../lang/bom';
import { tokenize, type Token } from '../lang/lexer';
import { bracketNestingError } from '../lang/nesting';
import { fileSpan, parse, parseDeclTokens, type ParseResult } from '../lang/parser';

/** A declaration's syntax trees by its text; `line` is the line its first token was on then. */
export type DeclCache = ReadonlyMap<string, { readonly line: number; readonly decls: readonly TopDecl[] }>;

export const EMPTY_DECL_CACHE: DeclCache = new Map();

const DECL_KEYWORDS = new Set(['proc', 'var', 'class', 'predicate', 'function', 'synth']);

/**
 * The token runs that each start a top-level declaration: cut before every declaration
 * keyword outside brackets (no declaration holds one). Undefined when the brackets do not
 * balance or the file does not start with a declaration (the whole-file parse explains).
 */
export function declRuns(tokens: readonly Token[]): Token[][] | undefined {
  const runs: Token[][] = [];
  let depth = 0;
  for (const t of tokens) {
    if (depth === 0 && t.type === 'keyword' && DECL_KEYWORDS.has(t.text)) runs.push([]);
    if (runs.length === 0) return undefined;
    if (t.type === 'punct') {
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
      if (depth < 0) return undefined;
    }
    runs[runs.length - 1].push(t);
  }
  return depth === 0 ? runs : undefined;
}

/** The run's text and the column it starts at: equal keys mean trees equal up to a line shift. */
function keyOf(source: string, run: readonly Token[]): string {
  const first = run[0];
  const last = run[run.length - 1];
  return `${first.col}:${source.slice(first.offset, last.offset + last.text.length)}`;
}

/** Parses `text` as parse() does, reusing the declarations of `cache`; returns the new cache. */
export function parseWithCache(
  text: string,
  file: string,
  cache: DeclCache,
): { parsed: ParseResult; cache: DeclCache } {
  const source = stripBom(text);
  const lexed = tokenize(source);
  const runs =
    lexed.error === undefined && bracketNestingError(lexed.tokens) === undefined ? declRuns(lexed.tokens) : undefined;
  if (runs === undefined || runs.length === 0) return { parsed: parse(source, file), cache };
  const next = new Map<string, { line: number; decls: readonly TopDecl[] }>();
  const decls: TopDecl[] = [];
  for (const run of runs) {
    const key = keyOf(source, run);
    const line = run[0].line;
    const known = next.get(key) ?? cache.get(key);
    const own = known ? shiftLines(known.decls, line - known.line) : parseDeclTokens(run);
    // Keep the cache of the last good version: the user is usually about to fix the error.
    if (own === undefined) return { parsed: parse(source, file), cache };
    next.set(key, { line, decls: own });
    decls.push(...own);
  }
  return { parsed: { program: { kind: 'program', decls, span: fileSpan(source) }, diagnostics: [] }, cache: next };
}

type Obj = Record<string, unknown>;

const isSpan = (o: Obj): boolean =>
  typeof o.line === 'number' && typeof o.endLine === 'number' && typeof o.col === 'number';

/**
 * A copy of the trees with every span moved `by` lines. Structural and iterative (deep
 * trees must not overflow the stack); shared objects stay shared, as the checker and the
 * symbol index compare nodes and spans by identity.
 */
export function shiftLines<T>(trees: readonly T[], by: number): T[] {
  if (by === 0) return [...trees];
  const copies = new Map<object, unknown>();
  const copyOf = (x: unknown, todo: [object, Obj | unknown[]][]): unknown => {
    if (typeof x !== 'object' || x === null) return x;
    const known = copies.get(x);
    if (known !== undefined) return known;
    let copy: Obj | unknown[];
    if (Array.isArray(x)) copy = new Array<unknown>(x.length);
    else if (isSpan(x as Obj))
      copy = { ...(x as Obj), line: ((x as Obj).line as number) + by, endLine: ((x as Obj).endLine as number) + by };
    else copy = {};
    copies.set(x, copy);
    if (!isSpan(x as Obj)) todo.push([x, copy]);
    return copy;
  };
  const todo: [object, Obj | unknown[]][] = [];
  const out = trees.map((t) => copyOf(t, todo) as T);
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    const [from, to] = item;
    for (const k of Object.keys(from)) (to as Obj)[k] = copyOf((from as Obj)[k], todo);
  }
  return out;
}
