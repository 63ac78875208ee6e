// Fractions of predicate instances (docs/design.md "Fractions of predicate instances", issue 24):
// a PredChunk holds an amount of its instance (absent: all of it, `write`). A fragment holds the
// body's chunks at the amounts the instance gives, so holding half of q(x) whose body is
// `acc(x.f)` keeps x.f at 1/2 in the fragment: every walk over fragments (allFieldChunks) sees
// what is really held. Splitting or joining an instance scales its fragment; a fraction keeps
// the instance's snapshot (one instance, one snapshot, as Silicon does). Amounts that are not
// exact (wildcards) are scaled down to "some positive part", never up: an amount is only ever
// taken for less than it is.

import { cmpQ, divQ, mulQ, ZERO, type Rational } from '../../lang/rational';
import { covers, held, isNone, isWrite, minus, positive, WILDCARD, type Amount } from './amounts';
import { replaceChunk, withoutChunk, type Chunk, type Heap, type PredChunk } from './chunks';

/** `a * p` for positive amounts: exact when both are, else more than the exact parts' product. */
export function mulAmounts(a: Amount, p: Amount): Amount {
  return { q: mulQ(a.q, p.q), above: a.above || p.above };
}

/** `undefined` for write (a whole chunk looks as one never split). */
function normal(a: Amount): Amount | undefined {
  return isWrite(a) ? undefined : a;
}

/** A chunk's amount times `p` (a chunk of a body produced or taken at p); an instance's fragment with it. */
export function scaleChunk(c: Chunk, p: Amount): Chunk {
  if (isWrite(p) || c.kind === 'qfield') return c;
  const a = mulAmounts(held(c.amount), p);
  return c.kind === 'pred' ? instanceAt(c, a) : { ...c, amount: normal(a) };
}

/** Every chunk of a body at `p` (its own amounts times p). */
export function scaleChunks(chunks: readonly Chunk[], p: Amount | undefined): Chunk[] {
  return p === undefined || isWrite(p) ? [...chunks] : chunks.map((c) => scaleChunk(c, p));
}

/**
 * A fragment held at `from` as held at `to` (each chunk times to/from). Exact when both are
 * exact; otherwise kept when `to` certainly covers `from` (the fragment then holds less than
 * it could), else scaled down to "some positive part" (a wildcard): never more than is held.
 */
export function rescale(fragment: Heap, from: Amount, to: Amount): Heap {
  if (!from.above && !to.above && cmpQ(from.q, ZERO) > 0) {
    const r: Rational = divQ(to.q, from.q);
    return r.n === r.d ? fragment : fragment.map((c) => scaleChunk(c, { q: r, above: false }));
  }
  if (covers(to, from)) return fragment;
  return fragment.map((c) => (c.kind === 'pred' ? instanceAt(c, WILDCARD) : { ...c, amount: WILDCARD }));
}

/** The instance `c` as held at `a` (amount and fragment; a snapshot is the same at any amount). */
export function instanceAt(c: PredChunk, a: Amount): PredChunk {
  const fragment = c.fragment && rescale(c.fragment, held(c.amount), a);
  return { ...c, amount: normal(a), ...(fragment ? { fragment } : {}) };
}

/** Whether `a` is a part that can be held (certainly not none). */
export function holdable(a: Amount): boolean {
  return positive(a) && !isNone(a);
}

/** `heap` after taking `need` (covered) of the instance `c`: the rest stays, `part` is what was taken. */
export function splitInstance(heap: Heap, c: PredChunk, need: Amount | undefined): { heap: Heap; part: PredChunk } {
  const want = held(need);
  const left = minus(held(c.amount), want);
  const rest = isNone(left) ? withoutChunk(heap, c) : replaceChunk(heap, c, instanceAt(c, left));
  return { heap: rest, part: instanceAt(c, want) };
}
