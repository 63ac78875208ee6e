// Putting chunks back into a heap (unfold gives back a fragment's chunks, docs/design.md B.5 and
// "Permission amounts"). Whole chunks are added as they are: two whole chunks of one field were
// made different objects when produced. A fraction may name a location the heap holds a part
// of (fold took half of c.x, the other half stayed): there the amounts are added in one chunk,
// and where that is only possible the path splits on it, as when a fraction is produced.

import { chunkVar, placeQuant, quantChunks, sameQuantValues, type QuantChunk } from '../state/quantifiedChunks';
import { realBinary, realLit } from '../terms/reals';
import { ONE } from '../../lang/rational';
import { sumOverOne } from '../state/amounts';
import {
  allFieldChunks,
  EMPTY_HEAP,
  fieldChunks,
  replaceChunk,
  withChunk,
  type Chunk,
  type FieldChunk,
} from '../state/chunks';
import { isSymArray, type State } from '../state/state';
import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import { ask, assumeConjunct, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { distinctRefs, sameRef } from './heap/alias';
import { anySymbolic } from './heap/symAmounts';
import { placeSymbolic } from './produceSym';
import { withMore } from './heap/fractions';
import { joinInstance } from './instanceParts';

/** Whether every chunk is whole and so is every chunk of their fields in `s`: then they are simply added. */
function allWhole(s: State, chunks: readonly Chunk[]): boolean {
  const heap = s.heap ?? EMPTY_HEAP;
  return chunks.every(
    (c) =>
      c.kind === 'pred' ||
      (c.kind === 'field' && c.amount === undefined && fieldChunks(heap, c.field).every((o) => o.amount === undefined)),
  );
}

/** The paths after adding `chunks` to `s`'s heap, in order. */
export async function placeChunks(
  ctx: EngineContext,
  s: State,
  chunks: readonly Chunk[],
  span: Span,
  reason: string,
  leaves: Successor[],
): Promise<State[]> {
  if (allWhole(s, chunks)) return [{ ...s, heap: [...(s.heap ?? EMPTY_HEAP), ...chunks] }];
  let states: State[] = [s];
  for (const c of chunks) {
    const next: State[] = [];
    for (const st of states) {
      if (c.kind === 'pred') next.push(joinInstance(ctx, st, c, span, reason));
      else if (c.kind === 'field') next.push(...(await placeField(ctx, st, c, span, reason, leaves)));
      else next.push(placeQuantPart(ctx, st, c, span, reason));
    }
    states = next;
  }
  return states;
}

/**
 * A quantified part put back into its field's chunk: no location is then held beyond write, and
 * where both held some of a location they hold one value (a heap never holds more, nor two values).
 */
function placeQuantPart(ctx: EngineContext, s: State, c: QuantChunk, span: Span, reason: string): State {
  const T = ctx.T;
  const R = chunkVar(T);
  const cur = quantChunks(s.heap ?? EMPTY_HEAP, c.field)[0];
  const heap = placeQuant(T, s.heap ?? EMPTY_HEAP, c);
  const merged = quantChunks(heap, c.field)[0];
  const facts = [T.forall([R], realBinary(T, 'le', merged.perm, realLit(T, ONE)))];
  if (cur) facts.push(sameQuantValues(T, cur, c));
  return facts.reduce<State>((st, f) => assumeConjunct(st, f, span, reason), { ...s, heap });
}

/** The same location's value, when both chunks are one location. */
function sameValue(ctx: EngineContext, a: FieldChunk, b: FieldChunk): Term {
  return isSymArray(a.value) || isSymArray(b.value) ? ctx.T.trueTerm : ctx.T.eq(a.value, b.value);
}

async function placeField(
  ctx: EngineContext,
  s: State,
  c: FieldChunk,
  span: Span,
  reason: string,
  leaves: Successor[],
): Promise<State[]> {
  const T = ctx.T;
  const heap = s.heap ?? EMPTY_HEAP;
  const top = fieldChunks(heap, c.field);
  if (anySymbolic([...allFieldChunks(heap, c.field), c])) return [placeSymbolic(ctx, s, c, span, reason)];
  const same = top.find((o) => sameRef(o.receiver, c.receiver));
  const infeasible = (st: State): State[] => {
    leaves.push({
      state: { ...st, status: 'infeasible', note: `${reason}: more than all of a location` },
      label: STEP,
    });
    return [];
  };
  if (same) {
    if (sumOverOne(same.amount, c.amount)) return infeasible(s);
    const st = assumeConjunct(s, sameValue(ctx, same, c), span, reason);
    return [{ ...st, heap: replaceChunk(heap, same, withMore(same, c.amount)) }];
  }
  let cur = s;
  const ambiguous: FieldChunk[] = [];
  for (const o of top) {
    if (distinctRefs(o.receiver, c.receiver)) continue;
    if (sumOverOne(o.amount, c.amount)) cur = assumeConjunct(cur, T.neq(c.receiver, o.receiver), span, reason);
    else ambiguous.push(o);
  }
  const out: State[] = [];
  const side = async (cond: Term, then: (st: State) => State): Promise<void> => {
    const r = await ask(ctx, cur, cond);
    if (r.status === 'unknown') leaves.push(unknownLeaf(cur, r, `whether ${reason} names a held location`));
    if (r.status === 'sat') out.push(then(assumeConjunct(cur, cond, span, reason, r)));
  };
  if (ambiguous.length === 0) return [{ ...cur, heap: withChunk(cur.heap ?? EMPTY_HEAP, c) }];
  for (const a of ambiguous)
    await side(T.and(T.eq(c.receiver, a.receiver), sameValue(ctx, a, c)), (st) => ({
      ...st,
      heap: replaceChunk(st.heap ?? EMPTY_HEAP, a, withMore(a, c.amount)),
    }));
  await side(T.and(...ambiguous.map((a) => T.neq(c.receiver, a.receiver))), (st) => ({
    ...st,
    heap: withChunk(st.heap ?? EMPTY_HEAP, c),
  }));
  return out;
}
