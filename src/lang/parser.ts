// The Sym parser: lexes, runs the nearley grammar and reports at most one syntax error.
// It never throws; a failure of its own becomes an 'internal error' diagnostic.
// The grammar must be unambiguous, so more than one parse is reported as an internal error.
// The parse tree is finished (deferred chains built) and held to the nesting limit here,
// so every later pass, including the debugger's expression evaluation, can rely on both.

import nearley from 'nearley';
import compiled from './grammar.generated';
import type { Expr, Program, TopDecl } from './ast';
import { error, type Diagnostic } from './diagnostics';
import type { Span } from './span';
import { stripBom } from './bom';
import { isTokenType, tokenize, tokenSpan, type Token } from './lexer';
import { TokenStream } from './tokenStream';
import { syntaxErrorMessage, type Expectation } from './syntaxErrors';
import { finishTree } from './deferred';
import { bracketNestingError, nestingError } from './nesting';

export interface ParseResult {
  readonly program?: Program;
  readonly diagnostics: Diagnostic[];
}
export interface ExprParseResult {
  readonly expr?: Expr;
  readonly diagnostics: Diagnostic[];
}

// Built once from the compiled rules; nearley never mutates a Grammar while parsing.
// The expression grammar is the same rule set started at `Expr` (used by watches / the REPL).
const PROGRAM_GRAMMAR = nearley.Grammar.fromCompiled(compiled as nearley.CompiledRules);
const EXPR_GRAMMAR = nearley.Grammar.fromCompiled({ ...(compiled as nearley.CompiledRules), ParserStart: 'Expr' });

type Outcome<T> = { readonly value: T } | { readonly span: Span; readonly message: string };

export function parse(text: string, file: string): ParseResult {
  const source = stripBom(text);
  return guarded(file, () => {
    const outcome = parseTokens<TopDecl[]>(PROGRAM_GRAMMAR, source, 'end of file', true);
    if (!('value' in outcome)) return { diagnostics: [error(file, outcome.span, outcome.message)] };
    const program: Program = { kind: 'program', decls: outcome.value, span: fileSpan(source) };
    return { program, diagnostics: [] };
  });
}

/** Parses one expression, e.g. a watch; spans are relative to `text`. */
export function parseExpression(text: string, file: string): ExprParseResult {
  return guarded(file, () => {
    const outcome = parseTokens<Expr>(EXPR_GRAMMAR, text, 'end of input', false);
    if (!('value' in outcome)) return { diagnostics: [error(file, outcome.span, outcome.message)] };
    return { expr: outcome.value, diagnostics: [] };
  });
}

function guarded<R extends { diagnostics: Diagnostic[] }>(
  file: string,
  run: () => R,
): R | { diagnostics: Diagnostic[] } {
  try {
    return run();
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { diagnostics: [error(file, { line: 1, col: 1, endLine: 1, endCol: 1 }, `internal error: ${why}`)] };
  }
}

function parseTokens<T>(grammar: nearley.Grammar, source: string, endWord: string, emptyIsList: boolean): Outcome<T> {
  const lexed = tokenize(source);
  if (lexed.error !== undefined) return lexed.error;
  if (lexed.tokens.length === 0 && emptyIsList) return { value: [] as unknown as T };
  const tooDeep = bracketNestingError(lexed.tokens);
  if (tooDeep !== undefined) return tooDeep;
  const last = lexed.tokens[lexed.tokens.length - 1];
  // The stream owns the token array from here (tokenize made it for this parse) and empties it as it goes.
  const stream = new ReleasingStream(lexed.tokens, isTokenType);
  const parser = new nearley.Parser(grammar, { lexer: stream as unknown as nearley.Lexer });
  stream.parser = parser;
  try {
    parser.feed(source);
  } catch (e) {
    const token = (e as { token?: Token }).token;
    if (token === undefined) throw e;
    return { span: tokenSpan(token), message: syntaxErrorMessage(token, expectedAt(parser), endWord) };
  }
  const results = parser.results;
  if (results.length === 0) {
    return { span: afterLast(last), message: syntaxErrorMessage(undefined, expectedAt(parser), endWord) };
  }
  if (results.length > 1) throw new Error(`the grammar is ambiguous here (${results.length} parses)`);
  const tree = finishTree(results[0] as T & object);
  return nestingError(tree) ?? { value: tree };
}

interface ChartState {
  readonly isComplete: boolean;
  left?: unknown;
}

/**
 * The token stream of a whole-file parse, which lets go of what nearley no longer needs. A
 * completed Earley state keeps `left`, the state it advanced, which holds the completed state
 * of the item before it (`right`): so a list of n statements (`Stmts -> Stmts Stmt`) kept all
 * n states of the list alive to the end of the parse (1.4 GB for an 8 MB file of statements).
 * A completed state's data is built when it is made, and nearley's `build` walks the `left`
 * links of incomplete states only, so before each token the completed states of the column
 * just processed drop theirs (O(1) per state). And the stream lets go of each token it hands out.
 */
class ReleasingStream<T> extends TokenStream<T> {
  parser?: nearley.Parser;

  override next(): T | undefined {
    const table = (this.parser as unknown as { table?: { states: ChartState[] }[] } | undefined)?.table;
    const column = table?.[this.parser!.current];
    for (const state of column?.states ?? []) if (state.isComplete) state.left = undefined;
    const token = super.next();
    // Handed out: the chart and the tree hold it now as long as they need it, the array need not.
    if (token !== undefined) (this.tokens as (T | undefined)[])[this.index - 1] = undefined;
    return token;
  }
}

/**
 * The declarations of a run of tokens that starts a top-level declaration (the language
 * server parses a file declaration by declaration to reuse the unchanged ones), or undefined
 * when the run does not parse: the caller then parses the whole file for its diagnostic.
 */
export function parseDeclTokens(tokens: readonly Token[]): TopDecl[] | undefined {
  try {
    const parser = new nearley.Parser(PROGRAM_GRAMMAR, {
      lexer: new TokenStream(tokens, isTokenType) as unknown as nearley.Lexer,
    });
    parser.feed('');
    if (parser.results.length !== 1) return undefined;
    const decls = finishTree(parser.results[0] as TopDecl[]);
    return nestingError(decls) === undefined ? decls : undefined;
  } catch {
    return undefined;
  }
}

interface EarleyState {
  readonly rule: { readonly symbols: readonly unknown[] };
  readonly dot: number;
}

/** The terminals the states of the last live column are waiting for. */
function expectedAt(parser: nearley.Parser): Expectation[] {
  const table = (parser as unknown as { table: { states: EarleyState[] }[] }).table;
  const column = table[parser.current];
  const out: Expectation[] = [];
  for (const state of column?.states ?? []) {
    const next = state.rule.symbols[state.dot] as { literal?: string; type?: string } | string | undefined;
    if (next === undefined || typeof next === 'string') continue;
    if (next.literal !== undefined) out.push({ literal: next.literal });
    else if (next.type !== undefined) out.push({ type: next.type });
  }
  return out;
}

/** Where a missing token would go: just past the last token. */
function afterLast(last: Token | undefined): Span {
  if (last === undefined) return { line: 1, col: 1, endLine: 1, endCol: 1 };
  const span = tokenSpan(last);
  return { line: span.endLine, col: span.endCol, endLine: span.endLine, endCol: span.endCol };
}

function endPosition(source: string): Span {
  const lastBreak = source.lastIndexOf('\n');
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) line++;
  const col = source.length - lastBreak;
  return { line, col, endLine: line, endCol: col };
}

/** The whole file: from 1:1 to just past its last character. */
export function fileSpan(source: string): Span {
  const end = endPosition(source);
  return { line: 1, col: 1, endLine: end.line, endCol: end.col };
}
