// Quantifier patterns (Viper's triggers `{ t̄ }`, SMT-LIB's `:pattern`): which ground terms make
// the solver instantiate a quantifier. A pattern only narrows instantiation, so one that could not
// be honoured may be dropped, leaving the solver's own choice (a wider one: more is proved, never
// less). Z3 rejects or ignores a pattern that is a variable, holds a Boolean connective or an
// equality, or misses one of the quantifier's variables; dropping one group of several would make
// instantiation narrower than the trigger asked, so a quantifier keeps all its groups or none.

import { BOOL_SORT, type Term } from './term';
import { foldTerm } from './traverse';
import type { TermBuilder } from './builder';

/** Operators Z3 refuses inside a pattern (its basic family, quantifiers, our pattern marker), and
 *  those whose encodings use them (integer division and casts become `ite`s, amounts `real`s). */
const FORBIDDEN = new Set([
  'not',
  'and',
  'or',
  'implies',
  'ite',
  'eq',
  'forall',
  'exists',
  'pattern',
  'div',
  'mod',
  'cast',
  'real',
]);

/** The 'pattern' terms for `groups` over `bounds`, or none when one of them cannot be a pattern. */
export function patternTerms(
  s: TermBuilder,
  bounds: readonly Term[],
  groups: readonly (readonly Term[])[],
): readonly Term[] {
  if (groups.length === 0) return [];
  const own = new Set(bounds);
  const ok = groups.every((g) => g.length > 0 && g.every((t) => usable(t, own)) && covers(g, own));
  return ok ? groups.map((g) => s.mk('pattern', BOOL_SORT, g)) : [];
}

/** Whether `t` can be a term of a pattern: an application, no forbidden operator, no other binder's variable. */
function usable(t: Term, own: ReadonlySet<Term>): boolean {
  if (t.op === 'bound' || t.op === 'const' || t.op === 'sym') return false;
  return foldTerm<boolean>(t, (u, args) => {
    if (u.op === 'bound') return own.has(u);
    return !FORBIDDEN.has(u.op) && args.every((a) => a);
  });
}

/** Whether the terms of a group mention every variable of the quantifier. */
function covers(group: readonly Term[], own: ReadonlySet<Term>): boolean {
  const seen = new Set<Term>();
  for (const t of group) foldTerm<true>(t, (u) => (u.op === 'bound' && seen.add(u), true));
  return [...own].every((b) => seen.has(b));
}
