// Snapshots for `untouched(A)` (docs/design.md E.2): A consumed from two heaps takes the same chunks
// in the same order, so the two snapshots are equal when the values of the chunks taken are
// pairwise equal (a folded instance's values are those of its fragment).

import { isSymArray, type SymValue } from '../../state/state';
import type { Term } from '../../terms/term';
import type { TermStore } from '../../terms/store';
import type { Chunk } from '../../state/chunks';
import { snapshotOf } from './snapshots';

/** Whether two values are equal (arrays: their lengths and contents). */
function sameValue(T: TermStore, a: SymValue, b: SymValue): Term {
  if (isSymArray(a) && isSymArray(b)) {
    const lengths = (a.lengths ?? []).map((l, i) => T.eq(l, (b.lengths ?? [])[i] ?? l));
    return T.and(T.eq(a.length, b.length), T.eq(a.contents, b.contents), ...lengths);
  }
  if (isSymArray(a) || isSymArray(b)) return T.falseTerm;
  return T.eq(a, b);
}

/** The condition that the chunks taken from one heap hold the same values as those taken from the other. */
export function sameSnapshot(T: TermStore, a: readonly Chunk[], b: readonly Chunk[]): Term {
  if (a.length !== b.length) return T.falseTerm;
  return T.and(
    ...a.map((x, i) => {
      const y = b[i];
      if (x.kind === 'field' && y.kind === 'field')
        return x.field === y.field ? sameValue(T, x.value, y.value) : T.falseTerm;
      if (x.kind === 'pred' && y.kind === 'pred') {
        if (x.name !== y.name) return T.falseTerm;
        // A recursive instance has no fragment: its snapshot term stands for its contents.
        return x.fragment && y.fragment
          ? sameSnapshot(T, x.fragment, y.fragment)
          : T.eq(snapshotOf(T, x), snapshotOf(T, y));
      }
      return T.falseTerm;
    }),
  );
}
