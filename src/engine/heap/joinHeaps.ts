// The heap of a state merged at `join;` or `join φ;` (design E.9, D.10): a chunk is kept when
// every incoming path holds it for the same receiver (same predicate and arguments); a field
// whose value differs becomes `ite(g1, v1, …)` at `join;` and a fresh value at `join φ;` (φ may
// not name permissions yet); a predicate instance with a different fragment or snapshot is dropped; every
// other chunk is dropped. Dropping is sound: a path may lose permissions, never gain them.

import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { iteValue, sameValue } from '../arrays';
import { isSymArray, type State } from '../state';
import type { Chunk, FieldChunk, Heap } from './chunks';
import { EMPTY_HEAP } from './chunks';

function sameKey(a: Chunk, b: Chunk): boolean {
  if (a.kind === 'field' && b.kind === 'field') return a.field === b.field && a.receiver === b.receiver;
  if (a.kind === 'pred' && b.kind === 'pred') return a.name === b.name && a.args.every((x, i) => x === b.args[i]);
  return false;
}

function sameHeap(a: Heap, b: Heap): boolean {
  return a.length === b.length && a.every((c, i) => sameChunk(c, b[i]));
}

function sameChunk(a: Chunk, b: Chunk): boolean {
  if (!sameKey(a, b)) return false;
  if (a.kind === 'field' && b.kind === 'field') return sameValue(a.value, b.value);
  return a.kind === 'pred' && b.kind === 'pred' && a.snapshot === b.snapshot && sameHeap(a.fragment ?? [], b.fragment ?? []);
}

/**
 * The merged heap of `states` (reached under `guards`); `exact` for `join;`. At `join φ;` a
 * scalar field that differs gets the fresh value `fresh` makes (φ, assumed after, constrains it).
 */
export function joinHeaps(T: TermStore, states: readonly State[], guards: readonly Term[], exact: boolean, fresh: (c: FieldChunk) => Term): Heap {
  const heaps = states.map((s) => s.heap ?? EMPTY_HEAP);
  const out: Chunk[] = [];
  for (const c of heaps[0]) {
    const matches = heaps.map((h) => h.find((x) => sameKey(x, c)));
    if (matches.some((m) => m === undefined)) continue;
    const all = matches as Chunk[];
    if (all.every((m) => sameChunk(m, c))) { out.push(c); continue; }
    if (c.kind !== 'field') continue;
    if (!exact) {
      if (!isSymArray(c.value)) out.push({ ...c, value: fresh(c) });
      continue;
    }
    const values = all.map((m) => (m.kind === 'field' ? m.value : c.value));
    let v = values[values.length - 1];
    for (let i = values.length - 2; i >= 0; i--) v = iteValue(T, guards[i], values[i], v);
    out.push({ ...c, value: v });
  }
  return out;
}
