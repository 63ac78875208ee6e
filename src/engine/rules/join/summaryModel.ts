// A model for the state after `join φ;`. The summary's fresh symbols stand for values the
// first incoming path computed, and that path's model satisfies its path condition, so giving
// each fresh symbol the value its old term had under that model satisfies the prefix, the
// disjunction of guards and (as φ was proved on that path) φ. Without it every later query
// would have no hint and complete its model component by component through the pipeline, a
// cost that grows with the number of joins. The model is checked against the conjuncts the
// summary added; when it does not satisfy them (e.g. a φ over fields whose chunks were merged
// into fresh symbols), the state gets no model, as before.

import type { Model } from '../../solver/solver';
import { evaluateUnder, satisfiesAll } from '../../solver/modeleval';
import { isSymArray, type SymValue } from '../../state/state';
import type { Term } from '../../terms/term';
import type { Value } from '../../terms/values';

/** Pairs of (fresh summary value, the first path's value it replaced). */
export type Replaced = readonly (readonly [SymValue, SymValue])[];

function termPairs(fresh: SymValue, old: SymValue): [Term, Term][] {
  if (!isSymArray(fresh) || !isSymArray(old)) return isSymArray(fresh) || isSymArray(old) ? [] : [[fresh, old]];
  const inner = (fresh.lengths ?? []).map((l, k): [Term, Term] | undefined =>
    old.lengths?.[k] ? [l, old.lengths[k]] : undefined,
  );
  return [
    [fresh.length, old.length],
    [fresh.contents, old.contents],
    ...inner.filter((p): p is [Term, Term] => p !== undefined),
  ];
}

/** The first path's model extended to the fresh symbols, or undefined when it does not satisfy `added`. */
export function summaryModel(first: Model | undefined, replaced: Replaced, added: readonly Term[]): Model | undefined {
  if (first === undefined) return undefined;
  const model = new Map<number, Value>(first);
  for (const [fresh, old] of replaced) {
    for (const [f, o] of termPairs(fresh, old)) {
      if (f.op !== 'sym') continue; // a havoc count merged by guards: an ite of inputs, valued by the model already
      const v = evaluateUnder(first, o);
      if (v === undefined) return undefined;
      model.set(f.id, v);
    }
  }
  return satisfiesAll(model, added) ? model : undefined;
}
