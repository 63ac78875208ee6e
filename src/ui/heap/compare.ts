// Two heap graphs compared (issue 27, "two states compared"; the diff of issue 25 drawn): the
// field chunks the second state holds and the first does not (gained), those the first held and
// the second does not (lost), and those both hold with different values (changed). A chunk is
// keyed by its object's reference term and field (`Node@3.next`): variable names differ between
// frames, terms do not. Plain data; svg.ts marks the rows, the page lists the changes.

import type { HeapGraph } from './model';

export interface ChunkChange {
  readonly key: string;
  readonly object: string;
  readonly field: string;
  readonly chunk: string;
  readonly before?: string;
  readonly after?: string;
}

export interface HeapComparison {
  readonly gained: readonly ChunkChange[];
  readonly lost: readonly ChunkChange[];
  readonly changed: readonly ChunkChange[];
}

interface Held {
  readonly object: string;
  readonly field: string;
  readonly chunk: string;
  readonly value: string;
}

function held(g: HeapGraph): Map<string, Held> {
  const out = new Map<string, Held>();
  for (const o of g.objects) {
    for (const f of o.fields) {
      if (f.status !== 'held') continue;
      out.set(`${o.term}.${f.name}`, { object: o.id, field: f.name, chunk: f.chunk, value: f.value });
    }
  }
  return out;
}

export function compareHeaps(before: HeapGraph, after: HeapGraph): HeapComparison {
  const a = held(before);
  const b = held(after);
  const gained: ChunkChange[] = [];
  const changed: ChunkChange[] = [];
  const lost: ChunkChange[] = [];
  for (const [key, x] of b) {
    const y = a.get(key);
    if (!y) gained.push({ key, ...x, after: x.value });
    else if (y.value !== x.value) changed.push({ key, ...x, before: y.value, after: x.value });
  }
  for (const [key, y] of a) if (!b.has(key)) lost.push({ key, ...y, before: y.value });
  const order = (p: ChunkChange, q: ChunkChange): number => p.key.localeCompare(q.key);
  return { gained: gained.sort(order), lost: lost.sort(order), changed: changed.sort(order) };
}

/** Row marks (`objectId.field`): for the second graph gained and changed rows, for the first the lost ones. */
export function rowMarks(c: HeapComparison, side: 'before' | 'after'): Map<string, 'gained' | 'changed' | 'lost'> {
  const m = new Map<string, 'gained' | 'changed' | 'lost'>();
  if (side === 'before') for (const x of c.lost) m.set(`${x.object}.${x.field}`, 'lost');
  if (side === 'after') for (const x of c.gained) m.set(`${x.object}.${x.field}`, 'gained');
  if (side === 'after') for (const x of c.changed) m.set(`${x.object}.${x.field}`, 'changed');
  return m;
}
