/// <reference lib="dom" />
// Which nodes the drawing shows. A large tree collapses subtrees into counted summaries; this
// is a view state only: every node stays an element in the document (see render.ts), and a
// click on a summary opens it. Paths to failures are always open.

import type { ViewNode } from '../model';

export interface Counts {
  completed: number;
  failed: number;
  infeasible: number;
  bounded: number;
  live: number;
}

export interface Shape {
  readonly byId: Map<number, ViewNode>;
  /** Children under their first incoming edge (a join counts once, under its first parent). */
  readonly kids: Map<number, ViewNode[]>;
  readonly roots: ViewNode[];
  /** Path ends below each node, each end counted once. */
  readonly counts: Map<number, Counts>;
  /** Nodes with an edge out (the run went past them). */
  readonly hasOut: Set<number>;
}

export const VISIBLE_BUDGET = 150;

export function shape(nodes: readonly ViewNode[]): Shape {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const kids = new Map<number, ViewNode[]>();
  const roots: ViewNode[] = [];
  for (const n of nodes) {
    const p = n.in.find((e) => byId.has(e.from))?.from;
    if (p === undefined) roots.push(n);
    else kids.set(p, [...(kids.get(p) ?? []), n]);
  }
  const counts = new Map<number, Counts>();
  // Children have larger ids than their first parent, so a reverse id order is bottom-up.
  for (const n of [...nodes].sort((a, b) => b.id - a.id)) {
    const c: Counts = { completed: 0, failed: 0, infeasible: 0, bounded: 0, live: 0 };
    // An excluded path (synth) counts with the infeasible ones: no function of the grammar takes it to the end.
    const own = n.status === 'paused' ? 'live' : n.status === 'excluded' ? 'infeasible' : n.status;
    if (n.kind === 'end' || n.kind === 'failure' || n.kind === 'frontier' || n.kind === 'paused') c[own]++;
    for (const k of kids.get(n.id) ?? []) add(c, counts.get(k.id));
    counts.set(n.id, c);
  }
  const hasOut = new Set(nodes.flatMap((n) => n.in.map((e) => e.from)));
  return { byId, kids, roots, counts, hasOut };
}

function add(c: Counts, d: Counts | undefined): void {
  if (!d) return;
  c.completed += d.completed;
  c.failed += d.failed;
  c.infeasible += d.infeasible;
  c.bounded += d.bounded;
  c.live += d.live;
}

/**
 * Visible node ids, and the ones shown as collapsed summaries. The tree opens layer by layer
 * (depth by depth) while the whole next layer fits the node budget and `maxLayer` nodes side
 * by side (so the first view fits the window's width); below that cut only summaries opened
 * by a click and the paths to failures open.
 */
export function visible(
  s: Shape,
  opened: ReadonlySet<number>,
  closed: ReadonlySet<number>,
  maxLayer = Infinity,
): { shown: Set<number>; collapsed: Set<number> } {
  const forced = failurePaths(s);
  const shown = new Set<number>();
  const collapsed = new Set<number>();
  let cut = false;
  for (let layer = s.roots; layer.length > 0;) {
    for (const n of layer) shown.add(n.id);
    const parents = layer.filter((n) => (s.kids.get(n.id)?.length ?? 0) > 0);
    const width = parents.reduce((k, n) => k + (closed.has(n.id) ? 0 : s.kids.get(n.id)!.length), 0);
    cut ||= shown.size + width > VISIBLE_BUDGET || width > maxLayer;
    const next: ViewNode[] = [];
    for (const n of parents) {
      if (!closed.has(n.id) && (!cut || opened.has(n.id) || forced.has(n.id))) next.push(...s.kids.get(n.id)!);
      else collapsed.add(n.id);
    }
    layer = next;
  }
  return { shown, collapsed };
}

/** Ancestors of the first failures: a failure never hides in a summary. */
function failurePaths(s: Shape): Set<number> {
  const out = new Set<number>();
  let found = 0;
  for (const n of s.byId.values()) {
    if (n.status !== 'failed' || found++ >= 32) continue;
    let p: number | undefined = n.in[0]?.from;
    while (p !== undefined && !out.has(p)) {
      out.add(p);
      p = s.byId.get(p)?.in[0]?.from;
    }
  }
  return out;
}
