// Division (`\`, `%`) where the engine does not yet check that it is defined: a method's
// postcondition and a predicate's body. Viper reports `not.wellformed:division.by.zero` /
// `predicate.not.wellformed:division.by.zero` there; symdap would accept the clause and could
// verify a method Viper rejects, so it refuses the construct by name instead.

import type { Expr } from '../ast';

/** Whether a lowered expression divides (Viper's `\` and `%` lower to Sym's `/` and `%`; macros are expanded by then). */
export function divides(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(divides);
  if (e === null || typeof e !== 'object') return false;
  const node = e as Expr & Record<string, unknown>;
  if (node.kind === 'binary' && (node.op === '/' || node.op === '%')) return true;
  // An acc's amount is a constant fraction the checker folds (lowerPerm.ts): its `/` divides no Int.
  return Object.entries(node).some(([k, v]) => k !== 'span' && !(node.kind === 'acc' && k === 'amount') && divides(v));
}
