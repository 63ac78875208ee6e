/// <reference lib="dom" />
// Layered DAG layout of the visible nodes with elkjs (run in the page's thread: the visible
// part is capped, so it is small).

import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { ViewNode } from '../model';

export const NODE_W = 150;
export const NODE_H = 40;

export interface Placed {
  readonly x: number;
  readonly y: number;
}
export interface Route {
  readonly from: number;
  readonly to: number;
  readonly points: { x: number; y: number }[];
  readonly label?: string;
  readonly line?: number;
}
export interface Layout {
  readonly nodes: Map<number, Placed>;
  readonly edges: Route[];
  readonly width: number;
  readonly height: number;
}

const elk = new ELK();

/** `up(id)`: the nearest visible node at or above a hidden edge source. */
export async function layout(nodes: readonly ViewNode[], up: (id: number) => number | undefined): Promise<Layout> {
  const ids = new Set(nodes.map((n) => n.id));
  const edges: {
    id: string;
    sources: string[];
    targets: string[];
    from: number;
    to: number;
    label?: string;
    line?: number;
  }[] = [];
  for (const n of nodes) {
    n.in.forEach((e, i) => {
      const from = ids.has(e.from) ? e.from : up(e.from);
      if (from === undefined || from === n.id) return;
      edges.push({
        id: `e${n.id}_${i}`,
        sources: [`n${from}`],
        targets: [`n${n.id}`],
        from,
        to: n.id,
        label: e.label,
        line: e.line,
      });
    });
  }
  const graph: ElkNode = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.edgeRouting': 'POLYLINE',
      // A tree needs little crossing minimisation; the defaults cost seconds on cold GWT code.
      'elk.layered.thoroughness': '1',
      'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
    },
    children: nodes.map((n) => ({ id: `n${n.id}`, width: NODE_W, height: NODE_H })),
    edges: edges.map((e) => ({ id: e.id, sources: e.sources, targets: e.targets })),
  });
  const placed = new Map<number, Placed>();
  for (const c of graph.children ?? []) placed.set(Number(c.id.slice(1)), { x: c.x ?? 0, y: c.y ?? 0 });
  const byId = new Map(edges.map((e) => [e.id, e]));
  const routes: Route[] = [];
  for (const e of graph.edges ?? []) {
    const meta = byId.get(e.id)!;
    const sec = (e as { sections?: { startPoint: Placed; endPoint: Placed; bendPoints?: Placed[] }[] }).sections?.[0];
    const points = sec
      ? [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((p) => ({ x: p.x, y: p.y }))
      : [];
    routes.push({ from: meta.from, to: meta.to, points, label: meta.label, line: meta.line });
  }
  return { nodes: placed, edges: routes, width: graph.width ?? 0, height: graph.height ?? 0 };
}
