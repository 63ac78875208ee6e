// Mapping from Sym types to term sorts (arrays map to their element sort's SMT array; the
// length is kept beside the contents, see SymArray).

import type { Type } from '../../lang/types';
import type { Sort, Term } from '../terms/term';
import type { TermStore } from '../terms/store';
import { defaultValue } from '../terms/values';
import { REF_SORT } from '../terms/term';
import { seqSort, setSort } from '../terms/collections';
import { REAL_SORT } from '../terms/reals';

export function sortOfType(t: Type): Sort {
  switch (t.kind) {
    case 'int':
      return { kind: 'int' };
    case 'bool':
      return { kind: 'bool' };
    case 'bv':
      return { kind: 'bv', width: t.width, signed: t.signed };
    case 'array':
      return { kind: 'array', elem: sortOfType(t.elem) };
    case 'ref':
      return REF_SORT;
    case 'domain':
      return { kind: 'uninterpreted', name: t.name };
    case 'set':
      return setSort(sortOfType(t.elem));
    case 'seq':
      return seqSort(sortOfType(t.elem));
    case 'perm':
      return REAL_SORT;
  }
}

/** The value a variable of this sort starts with when nothing else is said: 0, false, empty. */
export function defaultTerm(T: TermStore, s: Sort): Term {
  if (s.kind === 'set') return T.coll('set.empty', [], s);
  if (s.kind === 'seq') return T.coll('seq.empty', [], s);
  return T.constOf(defaultValue(s), s);
}
