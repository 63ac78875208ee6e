// Turns a failed nearley parse into one message a user understands: what was found, and
// what the grammar was waiting for, read from the terminals the live Earley states expect.
// Families of tokens collapse into words ("an expression", "a statement", "a type").

import type { Token } from './lexer';

/** What one Earley state is waiting for: a literal token text or a `%type`. */
export type Expectation = { readonly literal: string } | { readonly type: string };

const EXPRESSION_STARTS = new Set([
  '%int',
  '%char',
  '%ident',
  'true',
  'false',
  '(',
  '[',
  '-',
  '!',
  '~',
  'old',
  'forall',
  'exists',
  'null',
  'new',
  'acc',
  'untouched',
  'unfolding',
  // `perm(c.x)` and `n as perm`'s type names start expressions too (a call of the type's name).
  '%typeName',
]);
const STATEMENT_STARTS = new Set([
  'var',
  'if',
  'while',
  'assume',
  'assert',
  'join',
  'return',
  '{',
  '%ident',
  'fold',
  'unfold',
  'label',
  'refute',
]);
// Tokens that could only extend what came before; listing them after a complete
// expression ("expected '?' or 'as' or …") would drown the useful alternatives.
const CONTINUATIONS = new Set(['%binop', '?', 'as', '.', '[', '(']);

const TYPE_WORDS: Record<string, string> = {
  '%ident': 'an identifier',
  '%int': 'an integer literal',
  '%char': 'a character literal',
  '%typeName': 'a type',
  '%binop': 'an operator',
};

function key(e: Expectation): string {
  return 'literal' in e ? e.literal : `%${e.type}`;
}

/** The expected items in words, most general first, without duplicates. */
export function describeExpected(expected: readonly Expectation[]): string[] {
  const keys = new Set(expected.map(key));
  const words: string[] = [];
  const absorb = (marker: string, family: Set<string>, word: string): void => {
    if (!keys.has(marker)) return;
    words.push(word);
    for (const k of family) keys.delete(k);
  };
  absorb('assume', STATEMENT_STARTS, 'a statement');
  absorb('%int', EXPRESSION_STARTS, 'an expression');
  const rest = [...keys];
  const useful = rest.filter((k) => !CONTINUATIONS.has(k));
  if (words.length === 0 && useful.length === 0 && rest.includes('%binop')) return ['an operator'];
  const shown = words.length > 0 || useful.length > 0 ? useful : rest;
  return [...words, ...shown.map((k) => TYPE_WORDS[k] ?? `'${k}'`)];
}

export function describeToken(t: Token | undefined, endWord: string): string {
  if (t === undefined) return endWord;
  const text = t.text.length > 24 ? `${t.text.slice(0, 21)}...` : t.text;
  return `'${text}'`;
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * The message for a parse that cannot continue at `found` (undefined: the input ended).
 * `endWord` names the end of the input ("end of file" for programs).
 */
export function syntaxErrorMessage(
  found: Token | undefined,
  expected: readonly Expectation[],
  endWord: string,
): string {
  const items = describeExpected(expected);
  const what = describeToken(found, endWord);
  if (items.length === 0) return `unexpected ${what}`;
  if (items.length === 1 && items[0] === "';'" && found !== undefined) {
    return `expected ';' after the statement, found ${what}`;
  }
  return `unexpected ${what}; expected ${joinOr(items)}`;
}
