// quasihavoc and quasihavocall of a field held through quantified permissions (docs/design.md
// B.10: such a field is held only in its one quantified chunk, a function of the chunk's R): its
// value function becomes `hit(R) ? fresh(R) : value(R)`, fresh(R) an uninterpreted function new
// here, as Silicon gives the chunk a fresh snapshot map where the havoc selects (read to learn).
// The amounts are untouched: quasihavoc needs no permission and takes none.

import type { TermStore } from '../terms/store';
import { INT_SORT, type Sort, type Term } from '../terms/term';
import { replaceChunk, type Heap } from '../state/chunks';
import { chunkVar, quantChunks } from '../state/quantifiedChunks';

/** `h` with the quantified chunk of `field` (if any) havocked at the locations `hit` selects (a term over R). */
export function havocQuantified(
  T: TermStore,
  h: Heap,
  field: string,
  sort: Sort,
  hit: (r: Term) => Term,
  what: string,
): Heap {
  const R = chunkVar(T);
  let next = h;
  for (const c of quantChunks(h, field)) {
    const sel = hit(R);
    if (sel === T.falseTerm) continue;
    const tag = T.symbol(INT_SORT, `${field}⟨quasihavoc⟩`, `values of ${field} after ${what}`);
    const fresh = T.app(`qhv.${tag.symbol!.name}`, [R], sort);
    next = replaceChunk(next, c, { ...c, value: T.ite(sel, fresh, c.value) });
  }
  return next;
}
