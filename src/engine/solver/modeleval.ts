// Evaluating terms under a solver model. Symbols a model leaves out take their sort's
// default (model completion, as Z3 does), so a partial model can still witness a query;
// `completeFor` then writes exactly the values evaluation used into the model it returns.
// A value of the wrong kind for a symbol's sort (a model of another store's symbols that
// share ids) counts as absent, so a reused model is checked against what it will claim.

import { tryEvaluate } from '../terms/evaluate';
import type { Sort, Term } from '../terms/term';
import { defaultValue, normalizeValue, type Value } from '../terms/values';
import { mentionsUninterpreted } from '../terms/uninterpreted';
import type { Model } from './solver';

function fits(v: Value, sort: Sort): boolean {
  switch (sort.kind) {
    case 'bool':
      return typeof v === 'boolean';
    case 'int':
    case 'bv':
    case 'ref':
    case 'uninterpreted':
      return typeof v === 'bigint';
    case 'array':
    case 'set':
    case 'seq':
      return typeof v === 'object';
    case 'real':
      return false;
  }
}

/** The value evaluation gives the symbol under the model (default when absent or ill-kinded). */
export function valueUnder(model: Model, s: Term): Value {
  const v = model.get(s.id);
  return v !== undefined && fits(v, s.sort) ? normalizeValue(v, s.sort) : defaultValue(s.sort);
}

/** The value of t under the model, or undefined when t cannot be evaluated (quantifiers). */
export function evaluateUnder(model: Model, t: Term): Value | undefined {
  try {
    // No default stands in for a value of an uninterpreted sort (evaluate.ts): only a model the
    // solver gave with the axioms says which it is.
    return tryEvaluate(t, (s) =>
      s.sort.kind === 'real' || (mentionsUninterpreted(s.sort) && !fits(model.get(s.id) ?? false, s.sort))
        ? undefined
        : valueUnder(model, s),
    );
  } catch {
    return undefined; // an ill-formed term is simply not witnessed by the model
  }
}

/** Do all the terms evaluate to true under the model (completed with defaults)? */
export function satisfiesAll(model: Model, terms: readonly Term[]): boolean {
  for (const t of terms) if (evaluateUnder(model, t) !== true) return false;
  return true;
}

/** The model restricted to the given symbols, with the values evaluation gives them. */
export function completeFor(model: Model, symbols: readonly Term[]): Map<number, Value> {
  const out = new Map<number, Value>();
  for (const s of symbols) out.set(s.id, valueUnder(model, s));
  return out;
}
