// The cheap decision layer in front of the backend, over the conjuncts of a (sliced) query:
// bounds and disequality propagation (propagate.ts), model search inside the bounds
// (models.ts), difference logic (difference.ts). It answers ONLY when sure: 'unsat' when some
// interval empties or a conjunct evaluates to false over the intervals (everything is an
// over-approximation, so this is sound; difference logic only drops literals, another
// over-approximation), 'sat' only with a model that the term evaluator confirms satisfies
// every conjunct. Anything else is left to the next layer.

import type { Term } from '../terms/term';
import { differenceConflict } from './difference';
import { emptyEnv } from './intervals';
import { findModel } from './models';
import { Conflict, propagate, Propagator } from './propagate';
import type { Model, SatResult } from './solver';

/** Larger constraint sets go straight on: propagation would cost more than it saves. */
const MAX_NODES = 20_000;
const SUPPORTED_SYMBOL_SORTS = new Set(['int', 'bv', 'bool']);

/** Symbols of the constraints and the count of their distinct subterms, or undefined when a
 *  term is out of the layer's scope. */
function scan(constraints: readonly Term[]): { syms: Term[]; nodes: number } | undefined {
  const seen = new Set<number>();
  const syms: Term[] = [];
  const stack = [...constraints];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    if (seen.size > MAX_NODES || t.op === 'bound' || t.sort.kind === 'array' || t.sort.kind === 'ref') return undefined;
    // Sets and sequences are Z3's alone (terms/collections.ts), even without a symbol in them.
    if (t.op === 'coll' || t.sort.kind === 'set' || t.sort.kind === 'seq') return undefined;
    if (t.op === 'sym') {
      if (!SUPPORTED_SYMBOL_SORTS.has(t.sort.kind)) return undefined;
      syms.push(t);
    }
    stack.push(...t.args);
  }
  return { syms, nodes: seen.size };
}

/** sat (with a checked model of every symbol) / unsat, or undefined when not sure. In order:
 *  propagation (a conflict is unsat), a model picked inside the intervals avoiding the
 *  excluded values (models.ts), difference logic over the literals (difference.ts: unsat when
 *  its bounds form a negative cycle or force a disequality's two sides equal). */
export function decideByBounds(constraints: readonly Term[], hint?: Model): SatResult | undefined {
  const scanned = scan(constraints);
  if (scanned === undefined) return undefined;
  const { syms, nodes } = scanned;
  const p = new Propagator(emptyEnv());
  try {
    propagate(constraints, p);
    p.eval.reset();
    if (constraints.some((c) => p.eval.truthOf(c) === false)) return { status: 'unsat' };
  } catch (e) {
    if (e instanceof Conflict) return { status: 'unsat' };
    if (e instanceof RangeError) return undefined; // a term too deep to walk recursively
    throw e;
  }
  const model = findModel(constraints, syms, nodes, p.env, hint, p.linears);
  if (model !== undefined) return { status: 'sat', model };
  return differenceConflict(constraints, p.env) ? { status: 'unsat' } : undefined;
}
