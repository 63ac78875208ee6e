// Evaluating terms under a solver model. Symbols a model leaves out take their sort's
// default (model completion, as Z3 does), so a partial model can still witness a query;
// `completeFor` then writes those defaults into the model it returns.

import { tryEvaluate } from '../terms/evaluate';
import type { Term } from '../terms/term';
import { defaultValue, type Value } from '../terms/values';
import type { Model } from './solver';

/** The value of t under the model, or undefined when t cannot be evaluated (quantifiers). */
export function evaluateUnder(model: Model, t: Term): Value | undefined {
  return tryEvaluate(t, (s) => model.get(s.id));
}

/** Do all the terms evaluate to true under the model (completed with defaults)? */
export function satisfiesAll(model: Model, terms: readonly Term[]): boolean {
  for (const t of terms) if (evaluateUnder(model, t) !== true) return false;
  return true;
}

/** The model restricted to the given symbols, with defaults for those it leaves out. */
export function completeFor(model: Model, symbols: readonly Term[]): Map<number, Value> {
  const out = new Map<number, Value>();
  for (const s of symbols) out.set(s.id, model.get(s.id) ?? defaultValue(s.sort));
  return out;
}
