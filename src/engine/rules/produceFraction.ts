// Producing a fraction of a field (docs/design.md "Permission amounts"): `acc(e.f, p)` with p
// not `write`. Two whole chunks of one field are different objects, as before; a fraction and
// another chunk of the field are different objects only when their amounts certainly sum over
// 1 (the non-aliasing fact Viper derives). Otherwise, at the top of the heap, the path splits:
// on one side e is that chunk's object and the amounts are added in it, on the other e is a
// new location. Produced beside other chunks (a predicate's fragment, a loop invariant beside
// its frame) nothing is merged: the chunk is added, with the fact that one location has one
// value, and unfolding or leaving the loop merges it (placeChunks.ts, heap/fractions.ts).

import type { Acc, FieldRead } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import { isSymArray, type State } from '../state/state';
import type { Term } from '../terms/term';
import type { Amount } from '../state/amounts';
import { sumOverOne } from '../state/amounts';
import { allFieldChunks, EMPTY_HEAP, fieldChunks, replaceChunk, withChunk, type FieldChunk } from '../state/chunks';
import { ask, assumeConjunct, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import type { Fresh } from './havoc';
import { distinctRefs, sameRef } from './heap/alias';
import { withMore } from './heap/fractions';

export interface FractionHow {
  readonly naming: (s: State, display: string, type: Type) => Fresh;
  readonly reason: string;
  readonly knownApart?: (receiver: Term, field: string, other: FieldChunk) => boolean;
  /** Producing beside chunks that are not the produce's own: never merged into them. */
  readonly beside: boolean;
  /** Assumes the facts collected so far (before the path splits). */
  readonly settle: (s: State) => State;
}

/** The fact that two chunks naming one location hold one value (scalars; arrays are left unconstrained). */
function oneValue(ctx: EngineContext, a: FieldChunk, b: FieldChunk): Term | undefined {
  if (isSymArray(a.value) || isSymArray(b.value)) return undefined;
  return ctx.T.implies(ctx.T.eq(a.receiver, b.receiver), ctx.T.eq(a.value, b.value));
}

/** The paths after producing `acc` (amount `amount`) for `receiver` into `s`; facts it needs go to `facts`. */
export async function produceFraction(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  amount: Amount,
  display: string,
  how: FractionHow,
  facts: { term: Term; span: Span }[],
  leaves: Successor[],
): Promise<State | State[] | undefined> {
  const T = ctx.T;
  const target = acc.target as FieldRead;
  const heap = s.heap ?? EMPTY_HEAP;
  const top = new Set(fieldChunks(heap, target.field));
  const others = allFieldChunks(heap, target.field);
  const same = others.find((o) => sameRef(o.receiver, receiver));
  if (same && sumOverOne(same.amount, amount)) {
    leaves.push({
      state: { ...s, status: 'infeasible', note: `${how.reason}: more than all of ${display} would be held` },
      label: STEP,
    });
    return undefined;
  }
  if (same && top.has(same) && !how.beside) return { ...s, heap: replaceChunk(heap, same, withMore(same, amount)) };
  facts.push({ term: T.neq(receiver, T.constOf(0n, receiver.sort)), span: acc.span });
  const ambiguous: FieldChunk[] = [];
  const alongside: FieldChunk[] = [];
  for (const o of others) {
    if (distinctRefs(o.receiver, receiver) || how.knownApart?.(receiver, target.field, o)) continue;
    if (sumOverOne(o.amount, amount)) facts.push({ term: T.neq(receiver, o.receiver), span: acc.span });
    else if (top.has(o) && !how.beside) ambiguous.push(o);
    else alongside.push(o);
  }
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const added = (st: State, assume: (t: Term) => void): State => {
    const fresh = how.naming(st, display, type);
    const chunk: FieldChunk = {
      kind: 'field',
      receiver,
      field: target.field,
      value: fresh.value,
      amount,
      origin: { span: acc.span, reason: how.reason },
    };
    for (const o of alongside) {
      const fact = oneValue(ctx, chunk, o);
      if (fact) assume(fact);
    }
    return { ...fresh.state, heap: withChunk(fresh.state.heap ?? EMPTY_HEAP, chunk) };
  };
  if (ambiguous.length === 0) return added(s, (t) => facts.push({ term: t, span: acc.span }));
  const onSplit = (st: State): State => {
    const more: Term[] = [];
    const next = added(st, (t) => more.push(t));
    return more.reduce((k, t) => assumeConjunct(k, t, acc.span, how.reason), next);
  };
  return split(ctx, how.settle(s), acc, receiver, amount, ambiguous, onSplit, leaves);
}

/** One path per chunk `receiver` may be (amounts added there), and one where it is none of them. */
async function split(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  amount: Amount,
  ambiguous: readonly FieldChunk[],
  added: (s: State) => State,
  leaves: Successor[],
): Promise<State[]> {
  const T = ctx.T;
  if (s.status === 'infeasible') {
    leaves.push({ state: s, label: STEP });
    return [];
  }
  const out: State[] = [];
  const side = async (cond: Term, what: string, then: (st: State) => State): Promise<void> => {
    const r = await ask(ctx, s, cond);
    if (r.status === 'unknown') leaves.push(unknownLeaf(s, r, what));
    if (r.status === 'sat') out.push(then(assumeConjunct(s, cond, acc.span, what, r)));
  };
  for (const a of ambiguous)
    await side(T.eq(receiver, a.receiver), `${what(acc)} adds to a chunk of this object`, (st) => ({
      ...st,
      heap: replaceChunk(st.heap ?? EMPTY_HEAP, a, withMore(a, amount)),
    }));
  await side(T.and(...ambiguous.map((a) => T.neq(receiver, a.receiver))), `${what(acc)} is a new location`, added);
  return out;
}

function what(acc: Acc): string {
  const t = acc.target as FieldRead;
  return `acc(…${t.field}) at line ${acc.span.line}`;
}
