// Places a heap graph with elkjs (the library the tree page uses): objects as boxes of one row
// per field, reference fields leaving from their row's port, variables as small tags at the
// left, `null` as its own box. Deterministic (fixed input order, fixed seed); the result is
// plain data that svg.ts draws, in the page and in Node alike. A large graph (past LARGE
// objects) is placed in its objects' order without crossing minimisation, the costly phases at 50
// objects (bench/heapGraph.js); a graph whose shape was laid out before (same boxes, ports and
// edges: stepping changes values, not shape) reuses that layout from the caller's cache.

import ELK, { type ElkExtendedEdge, type ElkNode, type ElkPort } from 'elkjs/lib/elk.bundled.js';
import type { GraphField, GraphObject, HeapGraph, PlacedBox, PlacedWire } from './model';
import { arrayId, arrayNode, cellPortId, localArrayId, localText } from './cells';
import { warmGraphs } from './warm';

export const ROW_H = 18;
export const HEAD_H = 34;
const CHAR_W = 6.7;
const MAX_CHARS = 46;
/** Box widths grow in steps of this many characters, so a value a few characters longer keeps the shape. */
const WIDTH_STEP = 4;
/** Past this many objects the cheaper placement (allocation order, no crossing minimisation). */
export const LARGE = 20;

export type Box = PlacedBox;
export type Wire = PlacedWire;
export interface HeapLayout {
  readonly boxes: ReadonlyMap<string, Box>;
  readonly wires: readonly Wire[];
  readonly width: number;
  readonly height: number;
}

/** Layouts by shape (the elkjs input as JSON), kept by the caller (the page's panel memo). */
export type LayoutCache = Map<string, ElkNode>;

let engine: InstanceType<typeof ELK> | undefined;

/** Clipped to what a box shows; the full text stays in the tooltip. */
export function clip(s: string, max = MAX_CHARS): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

export function fieldText(f: GraphField): string {
  if (f.status === 'missing') return `✗ ${f.name}: missing`;
  const old = f.status === 'old' ? '(old) ' : '';
  // A fraction held: its amount last (`x: 5 · 1/2`), as the chunk's name says it.
  const amount = f.amount ? ` · ${f.amount}` : '';
  // An array: its type and length here, its cells in a row of their own (cells.ts).
  if (f.cells) return clip(`${old}${f.name}: ${f.type ?? ''}[${f.length ?? '?'}] ▸${amount}`);
  return clip(`${old}${f.name}: ${f.to ? '●' : f.value}${f.type ? ` ${f.type}` : ''}${amount}`);
}

export function headText(o: GraphObject): [string, string] {
  if (o.id === 'null') return ['null', ''];
  const names = o.names.length > 0 ? o.names.join(' = ') : o.term;
  return [clip(names, 34), clip(`${o.className ?? '?'} · ${o.term}`, 40)];
}

function objectSize(o: GraphObject): { w: number; h: number } {
  if (o.id === 'null') return { w: 48, h: 26 };
  const [a, b] = headText(o);
  const longest = Math.max(a.length, b.length, ...o.fields.map((f) => fieldText(f).length + 2));
  const chars = Math.ceil(longest / WIDTH_STEP) * WIDTH_STEP;
  return { w: Math.max(90, Math.ceil(chars * CHAR_W) + 16), h: HEAD_H + Math.max(1, o.fields.length) * ROW_H + 4 };
}

/** A field whose array is drawn as a row of cells (a missing one has no value to draw). */
function hasArray(f: GraphField): boolean {
  return f.cells !== undefined && f.status !== 'missing';
}

/** The arrays held by `o`'s fields: their boxes, and the wire from each field's row to its cells. */
function arrays(o: GraphObject): { nodes: ElkNode[]; wires: Omit<Wire, 'points'>[] } {
  const fs = o.fields.filter(hasArray);
  return {
    nodes: fs.map((f) => arrayNode(arrayId(o.id, f.name), f.cells!)),
    wires: fs.map((f) => ({ from: `${o.id}.${f.name}`, to: arrayId(o.id, f.name), kind: 'array' as const })),
  };
}

/** Where an edge leaves: a field's row, the cell of an array holding the reference, or the object. */
function edgeSource(g: HeapGraph, e: HeapGraph['edges'][number]): string | undefined {
  if (e.kind !== 'field') return e.from;
  if (e.cell === undefined) return `${e.from}.${e.field}`;
  const f = g.objects.find((o) => o.id === e.from)?.fields.find((x) => x.name === e.field);
  const i = f && hasArray(f) ? f.cells!.findIndex((c) => c.index === e.cell) : -1;
  return i < 0 ? undefined : cellPortId(arrayId(e.from, e.field!), i);
}

function objectNode(o: GraphObject): ElkNode {
  const { w, h } = objectSize(o);
  const ports: ElkPort[] = o.fields.flatMap((f, i) =>
    f.to || hasArray(f)
      ? [
          {
            id: `${o.id}.${f.name}`,
            width: 1,
            height: 1,
            x: w - 1,
            y: HEAD_H + i * ROW_H + ROW_H / 2,
            layoutOptions: { 'elk.port.side': 'EAST' },
          },
        ]
      : [],
  );
  return { id: o.id, width: w, height: h, ports, layoutOptions: { 'elk.portConstraints': 'FIXED_POS' } };
}

/**
 * A variable gets a tag of its own only when its object's head does not name it already (past
 * MAX_HEAD_NAMES names, or null): at 50 objects the tags doubled the nodes the layout places.
 */
function tagged(g: HeapGraph, r: HeapGraph['roots'][number], ids: ReadonlySet<string>): boolean {
  if (!ids.has(r.to)) return false;
  const o = g.objects.find((x) => x.id === r.to);
  return !o || o.id === 'null' || !headText(o)[0].split(' = ').includes(r.name);
}

/** Local array variables: a tag with the name, and the row of cells it points to. */
function localNodes(g: HeapGraph): ElkNode[] {
  return (g.locals ?? []).flatMap((l) => [
    { id: `v:${l.name}`, width: Math.max(28, Math.min(localText(l).length, MAX_CHARS) * CHAR_W + 14), height: 20 },
    arrayNode(localArrayId(l.name), l.cells),
  ]);
}

/** A local's tag to its cells, and each reference cell to its object. */
function localWires(g: HeapGraph, ids: ReadonlySet<string>): Omit<Wire, 'points'>[] {
  return (g.locals ?? []).flatMap((l) => [
    { from: `v:${l.name}`, to: localArrayId(l.name), kind: 'array' as const },
    ...l.cells.flatMap((c, i) =>
      c.to && ids.has(c.to) ? [{ from: cellPortId(localArrayId(l.name), i), to: c.to, kind: 'field' as const }] : [],
    ),
  ]);
}

const OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.randomSeed': '1',
  'elk.spacing.nodeNode': '22',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.edgeRouting': 'POLYLINE',
  'elk.layered.thoroughness': '1',
  'elk.separateConnectedComponents': 'true',
  'elk.spacing.componentComponent': '30',
  // Crossing minimisation's greedy switch cost most of the time at 50 objects (bench/why.js).
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
};

/** A long chain (a list of 50 cells) wraps into rows instead of one line 50 boxes wide; a small
 *  graph does not (its few layers would be cut, an array's cells put under its object). */
const WRAPPING: Record<string, string> = {
  'elk.layered.wrapping.strategy': 'MULTI_EDGE',
  'elk.aspectRatio': '1.4',
};
const WRAP_PAST = 10;

/** A large graph: objects kept in the graph's order (allocation order), the simple node placement. */
const LARGE_OPTIONS: Record<string, string> = {
  // Model order kept, but an edge's order before a node's: fewer crossings than NODES_AND_EDGES at the same cost.
  'elk.layered.considerModelOrder.strategy': 'PREFER_EDGES',
  'elk.layered.crossingMinimization.strategy': 'NONE',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
};

/**
 * Lays out the warm-up graphs (warm.ts), one at a time (each layout is a task of its own, so
 * input is handled between them), so the first real layout does not pay for elkjs's cold code:
 * the pages call it when idle. `stop` ends it early (a real graph arrived: it warms as well).
 */
export async function warmLayout(stop: () => boolean = () => false): Promise<void> {
  for (const g of warmGraphs()) {
    if (stop()) return;
    await layoutHeap(g);
  }
}

export async function layoutHeap(g: HeapGraph, cache?: LayoutCache): Promise<HeapLayout> {
  engine ??= new ELK();
  const ids = new Set(g.objects.map((o) => o.id));
  const children: ElkNode[] = [
    ...g.roots
      .filter((r) => tagged(g, r, ids))
      .map((r) => ({ id: `v:${r.name}`, width: Math.max(28, r.name.length * CHAR_W + 14), height: 20 })),
    ...g.objects.map(objectNode),
    ...g.objects.flatMap((o) => arrays(o).nodes),
    ...localNodes(g),
  ];
  const wires: (Omit<Wire, 'points'> & { id: string })[] = [];
  for (const o of g.objects) for (const w of arrays(o).wires) wires.push({ id: `a${wires.length}`, ...w });
  for (const w of localWires(g, ids)) wires.push({ id: `l${wires.length}`, ...w });
  g.roots.forEach((r) => {
    if (tagged(g, r, ids)) wires.push({ id: `r${wires.length}`, from: `v:${r.name}`, to: r.to, kind: 'root' });
  });
  for (const e of g.edges) {
    const from = edgeSource(g, e);
    if (!ids.has(e.from) || !ids.has(e.to) || from === undefined) continue;
    wires.push({
      id: `e${wires.length}`,
      from,
      to: e.to,
      kind: e.kind,
      ...(e.condition
        ? {
            label:
              e.kind === 'mayAlias'
                ? `may alias: ${e.condition}${e.verdict === 'unknown' ? ' (solver: unknown)' : ''}`
                : `same: ${e.condition}`,
          }
        : {}),
    });
  }
  const edges: ElkExtendedEdge[] = wires.map((w) => ({ id: w.id, sources: [w.from], targets: [w.to] }));
  const graph: ElkNode = {
    id: 'heap',
    layoutOptions: {
      ...OPTIONS,
      ...(g.objects.length > WRAP_PAST ? WRAPPING : {}),
      ...(g.objects.length > LARGE ? LARGE_OPTIONS : {}),
    },
    children,
    edges,
  };
  const key = JSON.stringify(graph);
  const out = cache?.get(key) ?? (await engine.layout(graph));
  cache?.set(key, out);
  const boxes = new Map<string, Box>();
  for (const c of out.children ?? [])
    boxes.set(c.id, { id: c.id, x: c.x ?? 0, y: c.y ?? 0, w: c.width ?? 0, h: c.height ?? 0 });
  const routed = new Map((out.edges ?? []).map((e) => [e.id, e]));
  const placed: Wire[] = wires.map(({ id, ...w }) => {
    const sec = (
      routed.get(id) as
        | {
            sections?: {
              startPoint: { x: number; y: number };
              endPoint: { x: number; y: number };
              bendPoints?: { x: number; y: number }[];
            }[];
          }
        | undefined
    )?.sections?.[0];
    const points = sec
      ? [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((p) => ({ x: p.x, y: p.y }))
      : [];
    return { ...w, points };
  });
  return { boxes, wires: placed, width: out.width ?? 0, height: out.height ?? 0 };
}
