// Fractions of predicate instances (docs/design.md "Fractions of predicate instances", issue 24):
// a PredChunk holds an amount of its instance (absent: all of it, `write`). A fragment holds the
// body's chunks at the amounts the instance gives, so holding half of q(x) whose body is
// `acc(x.f)` keeps x.f at 1/2 in the fragment: every walk over fragments (allFieldChunks) sees
// what is really held. Splitting or joining an instance scales its fragment; a fraction keeps
// the instance's snapshot (one instance, one snapshot, as Silicon does). Amounts that are not
// exact (wildcards) are scaled down to "some positive part", never up: an amount is only ever
// taken for less than it is. A quantified chunk in a fragment (a body holding a quantified
// field) has its amount function scaled the same way: times the exact part, or, where the part is
// not exact, times an unknown positive factor below one (less held, never more).

import { cmpQ, divQ, mulQ, ONE, ZERO, type Rational } from '../../lang/rational';
import type { TermStore } from '../terms/store';
import { realBinary, realLit, scaleReal } from '../terms/reals';
import { covers, held, isNone, isWrite, minus, positive, WILDCARD, type Amount } from './amounts';
import { replaceChunk, withoutChunk, type Chunk, type Heap, type PredChunk } from './chunks';
import type { QuantChunk } from './quantifiedChunks';

/** `a * p` for positive amounts: exact when both are, else more than the exact parts' product. */
export function mulAmounts(a: Amount, p: Amount): Amount {
  return { q: mulQ(a.q, p.q), above: a.above || p.above };
}

/** `undefined` for write (a whole chunk looks as one never split). */
function normal(a: Amount): Amount | undefined {
  return isWrite(a) ? undefined : a;
}

/**
 * A positive factor below one, unknown, that a quantified chunk's amounts are taken at where the
 * part is not exact (a wildcard). One per amount function (a constant, not a function of R): any
 * proof over it holds for the factor below every part the chunk was in fact taken at.
 */
function someFactor(T: TermStore, perm: QuantChunk['perm']): QuantChunk['perm'] {
  const w = T.keyed.sym(`wildcard-part:${perm.id}`, { kind: 'real' }, 'wildcard⟨part⟩', 'a part of a wildcard');
  if (!T.keyed.hasFacts(w))
    T.keyed.addFact(w, T.and(realBinary(T, 'lt', realLit(T, ZERO), w), realBinary(T, 'lt', w, realLit(T, ONE))));
  return w;
}

/** A quantified chunk's amounts times `p`: its certain part where that is above none, else some positive factor. */
function scaleQuant(T: TermStore, c: QuantChunk, p: Amount): QuantChunk {
  const perm = cmpQ(p.q, ZERO) > 0 ? scaleReal(T, c.perm, p.q) : T.mul(c.perm, someFactor(T, c.perm));
  return { ...c, perm };
}

/** A chunk's amount times `p` (a chunk of a body produced or taken at p); an instance's fragment with it. */
export function scaleChunk(T: TermStore, c: Chunk, p: Amount): Chunk {
  if (isWrite(p)) return c;
  if (c.kind === 'qfield') return scaleQuant(T, c, p);
  const a = mulAmounts(held(c.amount), p);
  return c.kind === 'pred' ? instanceAt(T, c, a) : { ...c, amount: normal(a) };
}

/** Every chunk of a body at `p` (its own amounts times p). */
export function scaleChunks(T: TermStore, chunks: readonly Chunk[], p: Amount | undefined): Chunk[] {
  return p === undefined || isWrite(p) ? [...chunks] : chunks.map((c) => scaleChunk(T, c, p));
}

/**
 * A fragment held at `from` as held at `to` (each chunk times to/from). Exact when both are
 * exact; otherwise kept when `to` certainly covers `from` (the fragment then holds less than
 * it could), else scaled down to "some positive part" (a wildcard): never more than is held.
 */
export function rescale(T: TermStore, fragment: Heap, from: Amount, to: Amount): Heap {
  if (!from.above && !to.above && cmpQ(from.q, ZERO) > 0) {
    const r: Rational = divQ(to.q, from.q);
    return r.n === r.d ? fragment : fragment.map((c) => scaleChunk(T, c, { q: r, above: false }));
  }
  // A point chunk kept holds "some part" (its own amount, never more than held); a quantified
  // chunk's amount function is definite: kept only where `from` is exact.
  return fragment.map((c) =>
    covers(to, from) && (c.kind !== 'qfield' || !from.above) ? c : scaleChunk(T, c, WILDCARD),
  );
}

/** The instance `c` as held at `a` (amount and fragment; a snapshot is the same at any amount). */
export function instanceAt(T: TermStore, c: PredChunk, a: Amount): PredChunk {
  const fragment = c.fragment && rescale(T, c.fragment, held(c.amount), a);
  return { ...c, amount: normal(a), ...(fragment ? { fragment } : {}) };
}

/** Whether `a` is a part that can be held (certainly not none). */
export function holdable(a: Amount): boolean {
  return positive(a) && !isNone(a);
}

/** `heap` after taking `need` (covered) of the instance `c`: the rest stays, `part` is what was taken. */
export function splitInstance(
  T: TermStore,
  heap: Heap,
  c: PredChunk,
  need: Amount | undefined,
): { heap: Heap; part: PredChunk } {
  const want = held(need);
  const left = minus(held(c.amount), want);
  const rest = isNone(left) ? withoutChunk(heap, c) : replaceChunk(heap, c, instanceAt(T, c, left));
  return { heap: rest, part: instanceAt(T, c, want) };
}
