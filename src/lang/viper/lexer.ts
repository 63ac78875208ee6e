// The Silver lexer (moo): source text to the token array the nearley grammar consumes, with the
// same Token shape as Sym's lexer so spans are computed alike. Lexing happens up front so a
// lexical error is one precise diagnostic. Whitespace and comments are dropped.

import moo from 'moo';
import type { Span } from '../span';
import { stripBom } from '../bom';
import { placeholderLexer } from '../tokenStream';

/** Silver's reserved words that the supported subset's grammar uses. */
export const KEYWORDS: readonly string[] = [
  'field',
  'method',
  'function',
  'predicate',
  'define',
  'returns',
  'requires',
  'ensures',
  'invariant',
  'var',
  'if',
  'elseif',
  'else',
  'while',
  'inhale',
  'exhale',
  'assert',
  'assume',
  'fold',
  'unfold',
  'unfolding',
  'in',
  'acc',
  'old',
  'let',
  'forall',
  'exists',
  'forperm',
  'result',
  'true',
  'false',
  'null',
  'new',
  'write',
  'label',
  'quasihavoc',
  'quasihavocall',
  'refute',
  'package',
  'apply',
  'asserting',
  'unreachable',
  'goto',
  'Int',
  'Bool',
  'Ref',
  'decreases',
  'domain',
  'axiom',
  'unique',
  // sets (lowerColl.ts): operators, never names
  'union',
  'intersection',
  'setminus',
  'subset',
];

// Longest first where one is a prefix of another (moo tries them in order for literal lists).
const OPERATORS: readonly string[] = [
  '<==>',
  '==>',
  '--*',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  ':=',
  '::',
  '++',
  '..',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '\\',
  '/',
  '%',
  '?',
  ':',
  ',',
  ';',
  '.',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  '@',
  '#',
];

export type VTokenType = 'ident' | 'int' | 'keyword' | 'op' | 'string';

export interface VToken {
  readonly type: VTokenType;
  readonly text: string;
  readonly line: number;
  readonly col: number;
  readonly offset: number;
}

export interface VLexResult {
  readonly tokens: readonly VToken[];
  readonly error?: { span: Span; message: string };
}

const template = moo.compile({
  ws: { match: /[ \t\r\n\f\v]+/, lineBreaks: true },
  lineComment: /\/\/[^\n]*/,
  blockComment: { match: /\/\*[^]*?\*\//, lineBreaks: true },
  unterminatedComment: { match: /\/\*[^]*/, lineBreaks: true },
  int: /[0-9]+/,
  string: /"[^"\n]*"/,
  ident: { match: /[A-Za-z$_][A-Za-z0-9$_']*/, type: moo.keywords({ keyword: [...KEYWORDS] }) },
  op: [...OPERATORS],
  error: moo.error,
});

export function vTokenSpan(t: VToken): Span {
  return { line: t.line, col: t.col, endLine: t.line, endCol: t.col + t.text.length };
}

export function vtokenize(source: string): VLexResult {
  const lexer = (template as moo.Lexer & { clone(): moo.Lexer }).clone();
  lexer.reset(stripBom(source));
  const tokens: VToken[] = [];
  for (let t = lexer.next(); t !== undefined; t = lexer.next()) {
    const type = t.type ?? 'error';
    if (type === 'ws' || type === 'lineComment' || type === 'blockComment') continue;
    const token = t as unknown as VToken;
    if (type === 'unterminatedComment' || type === 'error') {
      const message = type === 'error' ? `unexpected character '${t.text.slice(0, 1)}'` : 'unterminated comment';
      return { tokens, error: { span: { line: t.line, col: t.col, endLine: t.line, endCol: t.col + 1 }, message } };
    }
    tokens.push(token);
  }
  return { tokens };
}

export function isVTokenType(type: string): boolean {
  return type === 'ident' || type === 'int' || type === 'string';
}

/** What the compiled grammar sees at load time: it only asks which `%types` exist. */
export const viperGrammarLexer = placeholderLexer(isVTokenType);
