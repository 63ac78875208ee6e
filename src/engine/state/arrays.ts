// Symbolic arrays, arrays of arrays included. An array of type T[] is its length and its
// contents, an int-indexed SMT array of T's elements. For an array of arrays the contents
// nest (a[i][j] is select(select(contents, i), j)) and the lengths of the inner arrays are
// kept level by level beside them: lengths[0][i] is a[i].length, lengths[1][i][j] is
// a[i][j].length, and so on. Reading, writing and choosing (ite) an element keep the levels
// in step, so an element of an array of arrays is again a SymArray.

import type { TermStore } from '../terms/store';
import type { Sort, Term } from '../terms/term';
import { INT_SORT } from '../terms/term';
import { isSymArray, type SymArray, type SymValue } from './state';
import { defaultTerm } from './sorts';

/** The sort of the level-k lengths of an array whose contents have `depth` nested levels: int nested k+1 times. */
export function lengthsSort(level: number): Sort {
  let s: Sort = INT_SORT;
  for (let i = 0; i <= level; i++) s = { kind: 'array', elem: s };
  return s;
}

/** How many array levels the contents sort has below the outer one (0 for an array of scalars). */
export function innerLevels(contentsSort: Sort): number {
  let n = 0;
  for (let s = contentsSort; s.kind === 'array' && s.elem.kind === 'array'; s = s.elem) n++;
  return n;
}

/** `arr[idx]`: a scalar term, or for an array of arrays the inner array. */
export function elementOf(T: TermStore, arr: SymArray, idx: Term): SymValue {
  const contents = T.select(arr.contents, idx);
  const lengths = arr.lengths ?? [];
  if (lengths.length === 0) return contents;
  const inner = lengths.slice(1).map((l) => T.select(l, idx));
  return {
    kind: 'symArray',
    length: T.select(lengths[0], idx),
    contents,
    ...(inner.length > 0 ? { lengths: inner } : {}),
  };
}

/** `arr` with element `idx` replaced by `v` (a scalar, or an inner array for arrays of arrays). */
export function withElement(T: TermStore, arr: SymArray, idx: Term, v: SymValue): SymArray {
  if (!isSymArray(v)) return { ...arr, contents: T.store(arr.contents, idx, v) };
  const lengths = arr.lengths ?? [];
  const inner = v.lengths ?? [];
  return {
    kind: 'symArray',
    length: arr.length,
    contents: T.store(arr.contents, idx, v.contents),
    lengths: lengths.map((l, k) => T.store(l, idx, k === 0 ? v.length : inner[k - 1])),
  };
}

/** An array literal: the elements in order from index 0. */
export function arrayOf(T: TermStore, contentsSort: Sort, elems: readonly SymValue[]): SymArray {
  if (contentsSort.kind !== 'array') throw new Error('internal: an array literal without an array sort');
  const levels = innerLevels(contentsSort);
  let arr: SymArray = {
    kind: 'symArray',
    length: T.int(BigInt(elems.length)),
    contents: T.constArray(contentsSort.elem, defaultTerm(T, contentsSort.elem)),
    ...(levels > 0 ? { lengths: Array.from({ length: levels }, (_, k) => defaultTerm(T, lengthsSort(k))) } : {}),
  };
  elems.forEach((el, k) => {
    arr = withElement(T, arr, T.int(BigInt(k)), el);
  });
  return arr;
}

/** The value a variable of sort `s` starts with when nothing else is said: 0, false, or an empty array (its inner arrays empty too). */
export function defaultSymValue(T: TermStore, s: Sort): SymValue {
  return s.kind === 'array' ? arrayOf(T, s, []) : defaultTerm(T, s);
}

/** `c ? a : b` on values of one type. */
export function iteValue(T: TermStore, c: Term, a: SymValue, b: SymValue): SymValue {
  if (a === b) return a;
  if (isSymArray(a) && isSymArray(b)) {
    const la = a.lengths ?? [];
    const lb = b.lengths ?? [];
    return {
      kind: 'symArray',
      length: T.ite(c, a.length, b.length),
      contents: T.ite(c, a.contents, b.contents),
      ...(la.length > 0 ? { lengths: la.map((l, k) => T.ite(c, l, lb[k])) } : {}),
    };
  }
  if (isSymArray(a) || isSymArray(b)) throw new Error('internal: an array and a scalar in one choice');
  return T.ite(c, a, b);
}

/** The same value (same terms): a join keeps it without an ite. */
export function sameValue(a: SymValue, b: SymValue): boolean {
  if (isSymArray(a) || isSymArray(b)) {
    if (!isSymArray(a) || !isSymArray(b) || a.length !== b.length || a.contents !== b.contents) return false;
    const la = a.lengths ?? [];
    const lb = b.lengths ?? [];
    return la.length === lb.length && la.every((l, k) => l === lb[k]);
  }
  return a === b;
}

/**
 * Inner lengths are never negative: for level k, every a[i0]…[ik].length ≥ 0 where the
 * indices are within the enclosing arrays. Quantified, since there are unboundedly many.
 */
export function innerLengthsNonNegative(T: TermStore, arr: SymArray): Term[] {
  const out: Term[] = [];
  (arr.lengths ?? []).forEach((_, level) => {
    const vars = Array.from({ length: level + 1 }, (__, j) => T.bound(`i${j}`, INT_SORT));
    const guards: Term[] = [];
    let cur: SymValue = arr;
    for (const v of vars) {
      const a = cur as SymArray;
      guards.push(T.le(T.int(0n), v), T.lt(v, a.length));
      cur = elementOf(T, a, v);
    }
    out.push(T.forall(vars, T.implies(T.and(...guards), T.le(T.int(0n), (cur as SymArray).length))));
  });
  return out;
}
