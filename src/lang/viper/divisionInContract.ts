// Division (`\`, `%`) where the engine does not yet check that it is defined: a predicate's
// body. Viper reports `predicate.not.wellformed:division.by.zero` there; symdap would accept
// the body and could verify a program Viper rejects, so it refuses the construct by name
// instead. (A method's or function's postcondition is checked by the well-formedness pass,
// rules/wellFormed.ts, as Viper checks it: `not.wellformed:division.by.zero`.)

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
