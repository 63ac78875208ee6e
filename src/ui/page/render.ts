/// <reference lib="dom" />
// Draws the tree: an SVG of the visible nodes and edges (status by colour and icon, edge
// labels with condition and line, counts per subtree), every other node as a hidden element
// (so `[data-node]` counts every node of the view), and the side panel of the chosen node.

import type { TreeView, ViewNode } from '../model';
import { layout, NODE_H, NODE_W } from './layout';
import { visible, type Counts, type Shape } from './visible';
import { panel, type PanelMemo } from './panel';

const SVG = 'http://www.w3.org/2000/svg';
/** An edge label fits the width of the node below it (10px font, ~6px a character). */
const LABEL_CHARS = Math.floor(NODE_W / 6);
export const ICON: Record<string, string> = {
  live: '●',
  paused: '❚❚',
  completed: '✓',
  failed: '✗',
  infeasible: '∅',
  bounded: '⋯',
  excluded: '⊘',
};

/** `compare`: the node chosen first when a second was shift-clicked (its heap is compared with `selected`'s). */
export interface ViewState {
  opened: Set<number>;
  closed: Set<number>;
  selected?: number;
  compare?: number;
  readonly memo: PanelMemo;
}

export interface Host {
  /** A click on a node: focus it in the debugger (or follow an unexplored branch). */
  activate?(n: ViewNode): void;
  /** Re-render (after a summary was opened or closed). */
  redraw(): void;
}

export async function render(root: HTMLElement, view: TreeView, s: Shape, vs: ViewState, host: Host): Promise<void> {
  const canvas = root.querySelector('.canvas') as HTMLElement;
  // As many nodes side by side as fit the canvas at a readable scale (0.6).
  const maxLayer = Math.max(3, Math.floor((canvas.clientWidth || 1200) / ((NODE_W + 24) * 0.6)));
  const { shown, collapsed } = visible(s, vs.opened, vs.closed, maxLayer);
  // The nearest shown node at or above each node, remembered: asked once per hidden node.
  const above = new Map<number, number | undefined>();
  const up = (id: number): number | undefined => {
    const chain: number[] = [];
    let p: number | undefined = id;
    while (p !== undefined && !shown.has(p) && !above.has(p)) {
      chain.push(p);
      p = s.byId.get(p)?.in[0]?.from;
    }
    const u = p === undefined || shown.has(p) ? p : above.get(p);
    for (const c of chain) above.set(c, u);
    return u;
  };
  const nodes = view.nodes.filter((n) => shown.has(n.id));
  const t0 = performance.now();
  const lay = await layout(nodes, up);
  document.body.dataset.layoutMs = (performance.now() - t0).toFixed(1);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'tree');
  for (const e of lay.edges) svg.appendChild(edge(e.points, e.label, e.line, s.byId.get(e.to)?.status ?? 'live'));
  for (const n of nodes)
    svg.appendChild(
      nodeElement(n, lay.nodes.get(n.id)!, s.counts.get(n.id)!, collapsed.has(n.id), s, vs, host, root, view),
    );
  const hidden = document.createElement('div');
  hidden.className = 'hidden-nodes';
  hidden.hidden = true;
  // One HTML string for what may be 100,000 elements: much faster than one DOM call each.
  // Every value is a number or one of the fixed status and kind words, so none needs escaping.
  const parts: string[] = [];
  for (const n of view.nodes) {
    if (shown.has(n.id)) continue;
    parts.push(
      `<span data-node="${n.id}" data-status="${n.status}" data-kind="${n.kind}"${n.line !== undefined ? ` data-line="${n.line}"` : ''} data-under="${up(n.id) ?? ''}"></span>`,
    );
  }
  hidden.innerHTML = parts.join('');
  const first = canvas.childElementCount === 0;
  // Wide trees shrink to fit the width (opened summaries may still scroll past a small
  // scale); the first drawing centres the root.
  const scale = Math.max(0.3, Math.min(1, canvas.clientWidth / (lay.width + 20)));
  svg.setAttribute('viewBox', `0 0 ${lay.width + 20} ${lay.height + 20}`);
  svg.setAttribute('width', String((lay.width + 20) * scale));
  svg.setAttribute('height', String((lay.height + 20) * scale));
  canvas.replaceChildren(svg, hidden);
  const r0 = s.roots[0] && lay.nodes.get(s.roots[0].id);
  if (first && r0) canvas.scrollLeft = Math.max(0, (r0.x + NODE_W / 2) * scale - canvas.clientWidth / 2);
  showPanel(root, view, s, vs);
}

function tag(el: Element, n: ViewNode): void {
  el.setAttribute('data-node', String(n.id));
  el.setAttribute('data-status', n.status);
  el.setAttribute('data-kind', n.kind);
  if (n.line !== undefined) el.setAttribute('data-line', String(n.line));
}

function edge(
  points: { x: number; y: number }[],
  label: string | undefined,
  line: number | undefined,
  status: string,
): SVGElement {
  const g = document.createElementNS(SVG, 'g');
  g.setAttribute('class', `edge s-${status}`);
  const pl = document.createElementNS(SVG, 'polyline');
  pl.setAttribute('points', points.map((p) => `${p.x + 10},${p.y + 10}`).join(' '));
  g.appendChild(pl);
  if (label && points.length > 1) {
    // Just above the child it leads to, centred and clipped to the node's width: siblings sit
    // side by side (NODE_W plus spacing apart), so their labels never run into each other.
    const b = points[points.length - 1];
    const full = `${label}${line !== undefined ? ` @${line}` : ''}`;
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(b.x + 10));
    t.setAttribute('y', String(b.y + 10 - 5));
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('class', 'elabel');
    t.textContent = full.length > LABEL_CHARS ? `${full.slice(0, LABEL_CHARS - 1)}…` : full;
    const tip = document.createElementNS(SVG, 'title');
    tip.textContent = full;
    t.appendChild(tip);
    g.appendChild(t);
  }
  return g;
}

function nodeElement(
  n: ViewNode,
  at: { x: number; y: number },
  c: Counts,
  summary: boolean,
  s: Shape,
  vs: ViewState,
  host: Host,
  root: HTMLElement,
  view: TreeView,
): SVGElement {
  const g = document.createElementNS(SVG, 'g');
  tag(g, n);
  // A state the run went past (data-status `live`, it stepped on) is drawn neutral.
  const past = n.status === 'live' && s.hasOut.has(n.id);
  g.setAttribute(
    'class',
    `node s-${n.status}${past ? ' past' : ''}${summary ? ' summary' : ''}${vs.selected === n.id ? ' selected' : ''}${vs.compare === n.id ? ' compared' : ''}${n.follow ? ' unexplored' : ''}`,
  );
  g.setAttribute('transform', `translate(${at.x + 10},${at.y + 10})`);
  const r = document.createElementNS(SVG, 'rect');
  r.setAttribute('width', String(NODE_W));
  r.setAttribute('height', String(NODE_H));
  r.setAttribute('rx', '6');
  g.appendChild(r);
  const head = document.createElementNS(SVG, 'text');
  head.setAttribute('x', '8');
  head.setAttribute('y', '16');
  head.textContent = `${past ? '◇' : ICON[n.status]} ${n.kind}${n.line !== undefined ? ` · line ${n.line}` : ''}`;
  g.appendChild(head);
  const sub = document.createElementNS(SVG, 'text');
  sub.setAttribute('x', '8');
  sub.setAttribute('y', '32');
  sub.setAttribute('class', 'counts');
  sub.textContent = summary ? `▸ ${countText(c)} (+${below(s, n.id)} nodes)` : countText(c);
  g.appendChild(sub);
  const title = document.createElementNS(SVG, 'title');
  title.textContent = tooltip(n);
  g.appendChild(title);
  g.addEventListener('click', (ev) => {
    // Shift-click: compare this node with the one chosen before (no move in the debugger).
    const comparing = ev.shiftKey && vs.selected !== undefined && vs.selected !== n.id;
    vs.compare = comparing ? vs.selected : undefined;
    vs.selected = n.id;
    if (summary) {
      vs.opened.add(n.id);
      vs.closed.delete(n.id);
      host.redraw();
    } else if (ev.altKey && (s.kids.get(n.id)?.length ?? 0) > 0) {
      vs.closed.add(n.id);
      vs.opened.delete(n.id);
      host.redraw();
    } else {
      showPanel(root, view, s, vs);
      root
        .querySelectorAll('.node.selected, .node.compared')
        .forEach((e) => e.classList.remove('selected', 'compared'));
      g.classList.add('selected');
      if (comparing) root.querySelector(`.node[data-node="${vs.compare}"]`)?.classList.add('compared');
    }
    if (!comparing) host.activate?.(n);
  });
  return g;
}

export function countText(c: Counts): string {
  const parts = [
    [c.completed, '✓'],
    [c.failed, '✗'],
    [c.infeasible, '∅'],
    [c.bounded, '⋯'],
    [c.live, '●'],
  ] as const;
  return parts
    .filter(([k]) => k > 0)
    .map(([k, i]) => `${i}${k}`)
    .join(' ');
}

function below(s: Shape, id: number): number {
  let k = 0;
  const stack = [...(s.kids.get(id) ?? [])];
  while (stack.length > 0) {
    k++;
    stack.push(...(s.kids.get(stack.pop()!.id) ?? []));
  }
  return k;
}

function tooltip(n: ViewNode): string {
  return `#${n.id} ${n.kind} (${n.status})${n.line !== undefined ? `, line ${n.line}` : ''}\npc: ${n.pc}${n.note ? `\n${n.note}` : ''}`;
}

function showPanel(root: HTMLElement, view: TreeView, s: Shape, vs: ViewState): void {
  const node = vs.selected !== undefined ? s.byId.get(vs.selected) : undefined;
  const other = vs.compare !== undefined && vs.compare !== vs.selected ? s.byId.get(vs.compare) : undefined;
  panel(root, { view, node, other, counts: (id) => s.counts.get(id), countText, icon: ICON }, vs.memo);
}
