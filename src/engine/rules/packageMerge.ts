// The heaps a package consumes its wand's right side from (rules/packageWand.ts): the left
// side's chunks first, then the current heap's. A location both hold in part (the same receiver
// term) may be needed whole (`package acc(x.f, 1/4) --* acc(x.f)` with 3/4 held): one chunk of
// the sum then stands for both, its value the current one, with the left side's value equal to
// it in the hypothetical state only. That equality is Viper's (one location, one value) but it
// holds only where the wand's footprint keeps a part of the current chunk (its value is then
// frozen while the wand is held): `footprint` says when a merged package kept none, and the
// package is then read without merging.

import type { Span } from '../../lang/span';
import { covers, held, isNone, isSymbolic } from '../state/amounts';
import type { FieldChunk, Heap } from '../state/chunks';
import { conjoin } from '../state/pathCondition';
import type { State } from '../state/state';
import type { TermStore } from '../terms/store';
import { sameRef } from './heap/alias';
import { withMore } from './heap/fractions';

/** The origin of a chunk that holds a left side's part and a current part of one location. */
export const MERGED = 'a location both the wand’s left side and the current state hold';

export interface Merge {
  readonly current: FieldChunk;
}

export interface Merged {
  readonly state: State;
  readonly merges: readonly Merge[];
}

const plain = (c: FieldChunk): boolean => !isSymbolic(c.amount) && !(c.amount?.above ?? false);

/** `hyp` (the left side's chunks) beside `current`, a location held by both in one chunk. */
export function mergeLeft(T: TermStore, hyp: State, current: Heap, span: Span): Merged {
  const left = hyp.heap ?? [];
  const merges: Merge[] = [];
  const mergedOf = new Map<FieldChunk, FieldChunk>();
  let pc = hyp.pc;
  const rest = left.filter((h) => {
    if (h.kind !== 'field' || !plain(h) || 'kind' in h.value) return true;
    const c = current.find(
      (x): x is FieldChunk =>
        x.kind === 'field' && x.field === h.field && plain(x) && sameRef(x.receiver, h.receiver) && !mergedOf.has(x),
    );
    if (c === undefined || 'kind' in c.value) return true;
    mergedOf.set(c, { ...withMore(c, held(h.amount)), origin: { span: h.origin.span, reason: MERGED } });
    merges.push({ current: c });
    pc = conjoin(pc, { term: T.eq(h.value, c.value), span, reason: `${MERGED}: one value` });
    return false;
  });
  const heap = [...rest, ...current.map((c) => (c.kind === 'field' ? (mergedOf.get(c) ?? c) : c))];
  return { state: { ...hyp, heap, pc }, merges };
}

/**
 * The current heap after a merged package: a merged chunk left gives back what it holds up to
 * the current chunk's part; undefined when some merged location kept none of the current part
 * (the equality of values was not the footprint's to make).
 */
export function footprint(after: Heap, merges: readonly Merge[]): Heap | undefined {
  let heap: Heap = after;
  for (const m of merges) {
    const left = heap.find(
      (x): x is FieldChunk =>
        x.kind === 'field' &&
        x.origin.reason === MERGED &&
        x.field === m.current.field &&
        sameRef(x.receiver, m.current.receiver),
    );
    if (left === undefined) continue;
    const rest = held(left.amount);
    if (covers(rest, held(m.current.amount))) return undefined;
    heap = heap.flatMap((x) => (x !== left ? [x] : isNone(rest) ? [] : [{ ...m.current, amount: rest }]));
  }
  return heap;
}
