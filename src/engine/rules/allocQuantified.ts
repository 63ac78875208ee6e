// `new` in a program with quantified fields (docs/design.md B.10): the new object's location of
// each quantified field joins that field's quantified chunk (perm' = perm + (R == new ? 1 : 0),
// its default value there), and the object is fresh for the quantified chunks too: nothing was
// held at its location of any quantified field (perm(new) = 0, as the point chunks' receivers
// differ from it, objects.ts). So a new object is never an element a quantified permission holds.

import type { Span } from '../../lang/span';
import type { Heap } from '../state/chunks';
import { replaceChunk, withChunk } from '../state/chunks';
import { at, chunkVar, quantChunks, type QuantChunk } from '../state/quantifiedChunks';
import type { TermStore } from '../terms/store';
import type { Sort, Term } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import { ONE, ZERO } from '../../lang/rational';
import { placeholder } from './heap/access';

export interface Allocated {
  readonly heap: Heap;
  /** The object is fresh for every quantified chunk held before. */
  readonly facts: readonly Term[];
}

/** Adds the object `ref`'s locations of the quantified `fields` (with their value sorts) at write. */
export function allocateQuantified(
  T: TermStore,
  h: Heap,
  ref: Term,
  fields: readonly { readonly name: string; readonly sort: Sort }[],
  origin: { readonly span: Span; readonly reason: string },
): Allocated {
  const R = chunkVar(T);
  const zero = realLit(T, ZERO);
  const named = (c: QuantChunk): boolean => fields.some((f) => f.name === c.field);
  const facts = h
    .filter((c): c is QuantChunk => c.kind === 'qfield' && named(c))
    .map((c) => T.eq(at(T, c.perm, ref), zero));
  let heap = h;
  for (const f of fields) {
    const here = T.eq(R, ref);
    const initial = placeholder(T, f.sort) as Term;
    const cur = quantChunks(heap, f.name)[0];
    const added = T.ite(here, realLit(T, ONE), zero);
    if (!cur) {
      heap = withChunk(heap, { kind: 'qfield', field: f.name, perm: added, value: initial, origin });
      continue;
    }
    const next: QuantChunk = {
      ...cur,
      perm: realBinary(T, 'add', cur.perm, added),
      value: T.ite(here, initial, cur.value),
    };
    heap = replaceChunk(heap, cur, next);
  }
  return { heap, facts };
}
