// Positions carried with the graph (issue 27: a 50-object heap drawn in < 200 ms): the graph is
// laid out where it is made — in Node, by the adapter's `symdap/heapGraph` and the static
// `--tree` writer, with this same code (layout.ts, elkjs) — and sent as JSON, so a page only
// draws. A graph that comes without positions (another client's, or one past the writer's cap)
// is laid out by the page itself, the same way: the drawing is identical either way (a test
// compares), since elkjs is deterministic and JSON keeps every coordinate exactly.

import type { GraphLayout, HeapGraph } from './model';
import { layoutHeap, type HeapLayout, type LayoutCache } from './layout';

export function toGraphLayout(l: HeapLayout): GraphLayout {
  return { boxes: [...l.boxes.values()], wires: l.wires, width: l.width, height: l.height };
}

export function fromGraphLayout(p: GraphLayout): HeapLayout {
  return { boxes: new Map(p.boxes.map((b) => [b.id, b])), wires: p.wires, width: p.width, height: p.height };
}

/** The graph's own positions when it carries them, else laid out here (the fallback). */
export async function layoutOf(g: HeapGraph, cache?: LayoutCache): Promise<HeapLayout> {
  return g.layout ? fromGraphLayout(g.layout) : layoutHeap(g, cache);
}

/** The graph with its positions (laid out anew: positions it came with are dropped first). */
export async function withLayout(g: HeapGraph, cache?: LayoutCache): Promise<HeapGraph> {
  const { layout: _old, ...plain } = g;
  return { ...plain, layout: toGraphLayout(await layoutHeap(plain, cache)) };
}
