// The heap of a state merged at `join;` or `join φ;` (docs/design.md B.5, D.10, E.9).
// `join;` merges only paths whose heaps have the same shape (heapShape; the tree groups the
// waiting paths by it), so nothing is lost: values and snapshots that differ become
// `ite(g1, v1, …)`. `join φ;` summarises: every path consumed φ on arrival (its `joinTaken`);
// of the rest, a chunk held on every path for the same receiver is kept (with a fresh value when
// the scalar values differ: φ, assumed after, constrains it), and every other chunk is dropped;
// φ's chunks are produced again after the merge, reusing a chunk identical on every path.
// Dropping is sound: a path may lose permissions, never gain them.

import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';
import { printTerm } from '../../terms/print';
import { iteValue, sameValue } from '../../state/arrays';
import { isSymArray, type State } from '../../state/state';
import type { Chunk, FieldChunk, Heap } from '../../state/chunks';
import { EMPTY_HEAP } from '../../state/chunks';
import { amountKey } from '../../state/amounts';

function sameKey(a: Chunk, b: Chunk): boolean {
  if (a.kind === 'field' && b.kind === 'field')
    return a.field === b.field && a.receiver === b.receiver && amountKey(a.amount) === amountKey(b.amount);
  if (a.kind === 'pred' && b.kind === 'pred') return a.name === b.name && a.args.every((x, i) => x === b.args[i]);
  // A field's quantified chunk (or a fragment's part of it) is the one of its field.
  return a.kind === 'qfield' && b.kind === 'qfield' && a.field === b.field;
}

function sameHeap(a: Heap, b: Heap): boolean {
  return a.length === b.length && a.every((c, i) => sameChunk(c, b[i]));
}

function sameChunk(a: Chunk, b: Chunk): boolean {
  if (!sameKey(a, b)) return false;
  if (a.kind === 'field' && b.kind === 'field') return sameValue(a.value, b.value);
  if (a.kind === 'qfield' && b.kind === 'qfield') return a.perm === b.perm && a.value === b.value;
  return (
    a.kind === 'pred' && b.kind === 'pred' && a.snapshot === b.snapshot && sameHeap(a.fragment ?? [], b.fragment ?? [])
  );
}

function chunkShape(c: Chunk): string {
  if (c.kind === 'field') return `${c.receiver.id}.${c.field}${amountKey(c.amount)}`;
  if (c.kind === 'qfield') return `∀${c.field}:${c.perm.id}:${c.value.id}`;
  return `${c.name}(${c.args.map((a) => a.id).join(',')})${c.snapshot ? '#' : `[${heapShape(c.fragment ?? [])}]`}`;
}

/** The heap's shape (B.5): the multiset of (receiver, field) and (predicate, arguments), as a key. */
export function heapShape(h: Heap): string {
  return h.map(chunkShape).sort().join(' ');
}

/** `h` without the chunks of `taken` (by identity). */
function without(h: Heap, taken: Heap | undefined): Heap {
  return taken && taken.length > 0 ? h.filter((c) => !taken.includes(c)) : h;
}

/** For each chunk of `heaps[0]`, its match in every heap (each match used once), or undefined. */
function matchAll(heaps: readonly Heap[], c: Chunk, used: readonly Set<Chunk>[]): Chunk[] | undefined {
  const out: Chunk[] = [];
  for (let i = 0; i < heaps.length; i++) {
    const m = i === 0 ? c : heaps[i].find((x) => !used[i].has(x) && sameKey(x, c));
    if (!m) return undefined;
    out.push(m);
  }
  out.forEach((m, i) => used[i].add(m));
  return out;
}

/** The exact merge of heaps of one shape (`join;`): differing values and snapshots become ite chains. */
function mergeExact(T: TermStore, heaps: readonly Heap[], guards: readonly Term[]): Heap {
  const used = heaps.map(() => new Set<Chunk>());
  const out: Chunk[] = [];
  for (const c of heaps[0]) {
    const all = matchAll(heaps, c, used);
    if (!all) continue; // only when the shapes differ, which the grouping rules out
    // A quantified chunk's shape names its terms: matching ones are the same chunk.
    if (all.every((m) => sameChunk(m, c)) || c.kind === 'qfield') {
      out.push(c);
      continue;
    }
    if (c.kind === 'field') {
      out.push({
        ...c,
        value: chain(
          guards,
          all.map((m) => (m as FieldChunk).value),
          (g, a, b) => iteValue(T, g, a, b),
        ),
      });
    } else if (c.snapshot) {
      out.push({
        ...c,
        snapshot: chain(
          guards,
          all.map((m) => (m.kind === 'pred' ? m.snapshot! : c.snapshot!)),
          (g, a, b) => T.ite(g, a, b),
        ),
      });
    } else {
      out.push({
        ...c,
        fragment: mergeExact(
          T,
          all.map((m) => (m.kind === 'pred' ? (m.fragment ?? EMPTY_HEAP) : EMPTY_HEAP)),
          guards,
        ),
      });
    }
  }
  return out;
}

function chain<V>(guards: readonly Term[], values: readonly V[], ite: (g: Term, a: V, b: V) => V): V {
  let v = values[values.length - 1];
  for (let i = values.length - 2; i >= 0; i--) v = ite(guards[i], values[i], v);
  return v;
}

export interface SummaryHeap {
  /** The chunks the merged path holds before φ is produced again. */
  readonly heap: Heap;
  /** φ's chunks identical on every path: producing φ reuses them (values and snapshots kept). */
  readonly reuse: Heap;
  /** Chunks some incoming path held and the merged path does not (for the debugger). */
  readonly dropped: readonly Chunk[];
}

/** The heap of `join φ;` (D.10); a scalar field kept with differing values gets the value `fresh` makes. */
function summaryHeap(states: readonly State[], fresh: (c: FieldChunk) => Term): SummaryHeap {
  const rests = states.map((s) => without(s.heap ?? EMPTY_HEAP, s.joinTaken));
  const used = rests.map(() => new Set<Chunk>());
  const heap: Chunk[] = [];
  for (const c of rests[0]) {
    const all = matchAll(rests, c, used);
    if (!all) continue;
    if (all.every((m) => sameChunk(m, c))) heap.push(c);
    else if (c.kind === 'field' && !isSymArray(c.value)) heap.push({ ...c, value: fresh(c) });
    else all.forEach((m, i) => used[i].delete(m));
  }
  const takens = states.map((s) => s.joinTaken ?? EMPTY_HEAP);
  const reuse = takens[0].filter((c) => takens.every((t) => t.some((x) => sameChunk(x, c))));
  const dropped: Chunk[] = [];
  rests.forEach((r, i) =>
    r.forEach((c) => {
      if (!used[i].has(c) && !dropped.some((d) => sameKey(d, c))) dropped.push(c);
    }),
  );
  return { heap, reuse, dropped };
}

/**
 * The merged heap of `states` (reached under `guards`): exact for `join;` (the states share one
 * shape), a summary for `join φ;`.
 */
export function joinHeaps(
  T: TermStore,
  states: readonly State[],
  guards: readonly Term[],
  exact: boolean,
  fresh: (c: FieldChunk) => Term,
): SummaryHeap {
  if (exact)
    return {
      heap: mergeExact(
        T,
        states.map((s) => s.heap ?? EMPTY_HEAP),
        guards,
      ),
      reuse: EMPTY_HEAP,
      dropped: [],
    };
  return summaryHeap(states, fresh);
}

/** "dropped at join line 12: acc(c.x), p(d)": what the merged path no longer holds. */
export function droppedText(dropped: readonly Chunk[], line: number): string | undefined {
  if (dropped.length === 0) return undefined;
  const label = (c: Chunk): string =>
    c.kind === 'field'
      ? `acc(${printTerm(c.receiver)}.${c.field})`
      : c.kind === 'qfield'
        ? `forall acc(r.${c.field})`
        : `${c.name}(${c.args.map((a) => printTerm(a)).join(', ')})`;
  return `dropped at join line ${line}: ${dropped.map(label).join(', ')}`;
}

/** `join;` merges only paths of one heap shape (B.5): the groups, in order of first arrival; `join φ;` merges all. */
export function groupByShape<N>(exact: boolean, nodes: readonly N[], heapOf: (n: N) => Heap | undefined): N[][] {
  if (!exact || nodes.every((n) => !heapOf(n))) return [nodes.slice()];
  const groups = new Map<string, N[]>();
  for (const n of nodes) {
    const key = heapShape(heapOf(n) ?? EMPTY_HEAP);
    const g = groups.get(key);
    if (g) g.push(n);
    else groups.set(key, [n]);
  }
  return [...groups.values()];
}
