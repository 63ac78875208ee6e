// Graphs laid out when a page is idle, before any heap is asked for (issue 27: a 50-object heap
// drawn in < 200 ms, bench/heapGraph.js). elkjs is Java compiled to JavaScript: its first
// layouts of a large graph run cold code several times slower than later ones, and a small
// graph does not warm the large graphs' path (more layers, wrapping, long edges). So the warm-up
// lays out graphs shaped like real large heaps: objects with an int and three reference fields
// linked at random (a fixed seed, so the warm-up is the same on every page), some fields null.

import type { GraphField, GraphObject, HeapGraph } from './model';

/** A small deterministic generator (an LCG): the warm-up needs variety, not quality. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `n` objects, each with `val` and `next`/`other`/`prev` references (each present with its probability). */
export function randomHeap(n: number, seed: number): HeapGraph {
  const r = lcg(seed);
  const objects: GraphObject[] = Array.from({ length: n }, (_, i) => {
    const refs = (
      [
        ['next', 0.85],
        ['other', 0.4],
        ['prev', 0.25],
      ] as const
    ).map(([name, p]): GraphField => {
      const to = r() < p ? `o${Math.floor(r() * n)}` : undefined;
      return {
        name,
        status: 'held',
        chunk: `acc(n${i}.${name})`,
        value: to ? `n${to.slice(1)}` : 'null',
        ...(to ? { to } : {}),
      };
    });
    return {
      id: `o${i}`,
      term: `Node@${i}`,
      names: [`n${i}`],
      className: 'Node',
      fields: [{ name: 'val', status: 'held', chunk: `acc(n${i}.val)`, value: String(i) }, ...refs],
    };
  });
  const edges = objects.flatMap((o) =>
    o.fields.filter((f) => f.to).map((f) => ({ from: o.id, to: f.to!, kind: 'field' as const, field: f.name })),
  );
  return { proc: 'warm', objects, edges, groups: [], roots: [], pc: [] };
}

/** The warm-up: a small graph (the small graphs' options), then large ones (the large graphs' options). */
export function warmGraphs(): HeapGraph[] {
  return [randomHeap(6, 1), randomHeap(50, 2), randomHeap(50, 3), randomHeap(50, 4)];
}
