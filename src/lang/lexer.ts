// The Sym lexer: turns source text into the token array the nearley grammar consumes.
// Lexing happens up front (not inside nearley) so a lexical error becomes one precise
// diagnostic and the parser sees only well-formed tokens. Whitespace and comments are dropped.

import moo from 'moo';
import type { Span } from './span';
import { stripBom } from './bom';
import { placeholderLexer } from './tokenStream';

export const KEYWORDS: readonly string[] = [
  'proc',
  'returns',
  'requires',
  'ensures',
  'var',
  'if',
  'else',
  'while',
  'invariant',
  'assume',
  'assert',
  'refute',
  'join',
  'label',
  'return',
  'true',
  'false',
  'old',
  'forall',
  'exists',
  'as',
  // objects and permissions
  'class',
  'predicate',
  'function',
  'fold',
  'unfold',
  'unfolding',
  'in',
  'acc',
  'new',
  'null',
  'untouched',
  // synthesised functions: only the declaration word is reserved; `grammar`, `depth` and
  // `const` are contextual (identifiers the grammar matches by text where a synth needs them).
  'synth',
];

export const TYPE_NAMES: readonly string[] = [
  'int',
  'bool',
  'i8',
  'i16',
  'i32',
  'i64',
  'u8',
  'u16',
  'u32',
  'u64',
  'perm',
];

// Binary operators share one token type so that the grammar waits for one terminal after
// an operand instead of nineteen (a large share of the Earley work). `-` and `*` are
// binary operators too; the grammar still matches them by text as prefix minus and havoc.
const BINARY_OPERATORS: readonly string[] = [
  '==>',
  '||',
  '&&',
  '|',
  '^',
  '&',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '<<',
  '>>',
  '+',
  '-',
  '*',
  '/',
  '%',
];

const PUNCTUATION: readonly string[] = [
  '::=',
  ':=',
  '::',
  '~',
  '!',
  '=',
  '?',
  ':',
  ';',
  ',',
  '.',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
];

/** Token types the grammar refers to with `%name`; everything else is matched by its text. */
export type TokenType = 'ident' | 'int' | 'char' | 'binop' | 'typeName' | 'keyword' | 'punct';

export interface Token {
  readonly type: TokenType;
  readonly text: string;
  readonly line: number;
  readonly col: number;
  /** Character offset in the source, for diagnostics that need it. */
  readonly offset: number;
}

export interface LexError {
  readonly span: Span;
  readonly message: string;
}

export interface LexResult {
  readonly tokens: readonly Token[];
  readonly error?: LexError;
}

// Compiled once; every tokenize() call works on its own clone, so no lexer state is shared.
const template = moo.compile({
  ws: { match: /[ \t\r\n\f\v]+/, lineBreaks: true },
  lineComment: /\/\/[^\n]*/,
  blockComment: { match: /\/\*[^]*?\*\//, lineBreaks: true },
  unterminatedComment: { match: /\/\*[^]*/, lineBreaks: true },
  // Digits followed by any letters are lexed as one (possibly malformed) literal so that
  // `12ab` is reported as a bad literal rather than as `12` followed by `ab`.
  int: /[0-9][0-9a-zA-Z_]*/,
  char: /'(?:\\[^\n]|[^'\\\n])*'?/,
  ident: {
    match: /[A-Za-z_][A-Za-z0-9_]*/,
    type: moo.keywords({ keyword: [...KEYWORDS], typeName: [...TYPE_NAMES] }),
  },
  // Before punctuation, so that `!=` is not read as `!` followed by `=`.
  binop: [...BINARY_OPERATORS],
  punct: [...PUNCTUATION],
  error: moo.error,
});

export function tokenSpan(t: Token): Span {
  return { line: t.line, col: t.col, endLine: t.line, endCol: t.col + t.text.length };
}

/** Tokenizes the whole source; stops at the first lexical error. */
export function tokenize(source: string): LexResult {
  // moo has clone() (shares the compiled regex) but @types/moo does not declare it.
  const lexer = (template as moo.Lexer & { clone(): moo.Lexer }).clone();
  lexer.reset(stripBom(source));
  const tokens: Token[] = [];
  for (let t = lexer.next(); t !== undefined; t = lexer.next()) {
    const type = t.type;
    if (type === 'ws' || type === 'lineComment' || type === 'blockComment') continue;
    // moo's tokens already have the fields of Token; copying them would only cost time.
    const token = t as unknown as Token;
    const problem = lexicalProblem(type ?? 'error', t.text);
    if (problem !== undefined) return { tokens, error: { span: problemSpan(token, type), message: problem } };
    tokens.push(token);
  }
  return { tokens };
}

function problemSpan(t: Token, type: string | undefined): Span {
  // Comments and the error token run to the end of the input; point at their start.
  const width = type === 'unterminatedComment' ? 2 : type === 'error' ? 1 : t.text.length;
  return { line: t.line, col: t.col, endLine: t.line, endCol: t.col + width };
}

function lexicalProblem(type: string, text: string): string | undefined {
  switch (type) {
    case 'unterminatedComment':
      return 'unterminated comment';
    case 'error':
      return `unexpected character ${quoteChar(String.fromCodePoint(text.codePointAt(0) ?? 0))}`;
    case 'int':
      return isWellFormedInt(text) ? undefined : `integer literal '${text}' is malformed`;
    case 'char':
      return charLiteralProblem(text);
    default:
      return undefined;
  }
}

function quoteChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`;
  return `'${c}'`;
}

function isWellFormedInt(text: string): boolean {
  return /^(?:[0-9]+|0[xX][0-9a-fA-F]+)$/.test(text);
}

function charLiteralProblem(text: string): string | undefined {
  const parts = /^'((?:\\[^\n]|[^'\\\n])*)(')?$/.exec(text);
  if (parts === null || parts[2] === undefined) return 'unterminated character literal';
  const body = parts[1];
  if (body.length === 0) return 'empty character literal';
  const value = decodeChar(body);
  if (value === undefined) return `character literal ${text} is malformed`;
  if (value > 0xff) return `character literal ${text} does not fit in a byte (u8)`;
  return undefined;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  '0': 0,
  '\\': 92,
  "'": 39,
  '"': 34,
};

/** The byte a character literal's body denotes (between the quotes), or undefined if malformed. */
export function decodeChar(body: string): number | undefined {
  if (body.startsWith('\\')) {
    const hex = /^\\x([0-9a-fA-F]{2})$/.exec(body);
    if (hex) return parseInt(hex[1], 16);
    return body.length === 2 ? SIMPLE_ESCAPES[body[1]] : undefined;
  }
  const code = body.codePointAt(0);
  if (code === undefined || String.fromCodePoint(code).length !== body.length) return undefined;
  return code;
}

export function isTokenType(type: string): boolean {
  return type === 'ident' || type === 'int' || type === 'char' || type === 'binop' || type === 'typeName';
}

/** What the compiled grammar sees at load time: it only asks which `%types` exist. */
export const grammarLexer = placeholderLexer(isTokenType);
