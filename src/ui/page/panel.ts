/// <reference lib="dom" />
// The side panel of the tree page: the chosen node's state (where, code, path condition,
// locals), for a failure its counterexample and class (real / spec too weak / undecided), for a
// program with objects the heap graph of its state (src/ui/heap, the same drawing as the
// CLI's SVGs); with a second node chosen (shift-click) the two heap graphs compared — chunks
// gained, lost and values changed, marked on both drawings; and the run's unreached lines.

import type { TreeView, ViewNode } from '../model';
import type { HeapGraph } from '../heap/model';
import type { LayoutCache } from '../heap/layout';
import { layoutOf } from '../heap/placed';
import { heapSvg, type RowMarks } from '../heap/svg';
import { compareHeaps, rowMarks, type ChunkChange } from '../heap/compare';
import type { Counts } from './visible';

export interface PanelInput {
  readonly view: TreeView;
  readonly node?: ViewNode;
  /** A second node (shift-click): the node's heap compared with this one's. */
  readonly other?: ViewNode;
  readonly counts: (id: number) => Counts | undefined;
  readonly countText: (c: Counts) => string;
  readonly icon: Readonly<Record<string, string>>;
}

/** Drawn heap graphs by node and marks, so a redraw after a tree delta does not lay them out
 *  again; layouts by shape, so another node whose heap has the same shape (a step that changed
 *  values) is not laid out again; `drawing` counts panel drawings, so a slow layout never lands
 *  in a newer panel. */
export interface PanelMemo {
  readonly svgs: Map<string, string>;
  readonly layouts: LayoutCache;
  drawing: number;
}

/** Layouts kept by shape: a 50-object layout is a few hundred kilobytes. */
const MAX_LAYOUTS = 40;

/** A live view whose sender lays heaps out (`placing`): how long a heap without positions waits
 *  for the delta that brings them (a redraw) before the page lays it out itself. */
const PLACING_WAIT_MS = 2000;

export function newPanelMemo(): PanelMemo {
  return { svgs: new Map(), layouts: new Map(), drawing: 0 };
}

export function panel(root: HTMLElement, p: PanelInput, cache: PanelMemo): void {
  const el = root.querySelector('.panel') as HTMLElement;
  const token = ++cache.drawing;
  const parts: HTMLElement[] = [];
  if (!p.node) {
    const hint = document.createElement('p');
    hint.textContent = 'Click a node to see its state; shift-click a second node to compare their heaps.';
    parts.push(hint);
  } else if (p.other) {
    parts.push(heading(`#${p.other.id} → #${p.node.id}: the two states compared`), ...comparison(p.other, p.node));
  } else {
    parts.push(table(rows(p.view, p.node, p)));
  }
  const warnings = warningList(p.view);
  if (warnings) parts.push(warnings);
  el.replaceChildren(...parts);
  root.classList.toggle('wide', p.node?.heap !== undefined);
  void drawHeaps(el, p, cache, () => token === cache.drawing);
}

function rows(view: TreeView, n: ViewNode, p: PanelInput): [string, string][] {
  const src = n.line !== undefined ? (view.source.split('\n')[n.line - 1]?.trim() ?? '') : '';
  const c = p.counts(n.id);
  return [
    // A no-break space: the status (`✗ failed`) never splits over two lines.
    ['node', `#${n.id} · ${n.kind} · ${p.icon[n.status]}\u00a0${n.status}`],
    ['where', `${n.proc}${n.line !== undefined ? `, line ${n.line}` : ''}`],
    ['code', src],
    ['path condition', n.pc],
    ...(n.note ? [['note', n.note] as [string, string]] : []),
    ...(n.counterexample !== undefined
      ? [['counterexample', n.counterexample || '(any input)'] as [string, string]]
      : []),
    ...(n.why ? [['why', n.why] as [string, string]] : []),
    ['below', (c && p.countText(c)) || '—'],
    ...(n.thread !== undefined ? [['thread', `#${n.thread}`] as [string, string]] : []),
    ...n.in
      .filter((e) => e.label)
      .map((e): [string, string] => ['edge', `${e.label}${e.line !== undefined ? ` (line ${e.line})` : ''}`]),
    ...n.locals.map(([k, v]): [string, string] => [`local ${k}`, v]),
  ];
}

function table(rs: [string, string][]): HTMLTableElement {
  const t = document.createElement('table');
  for (const [k, v] of rs) {
    const tr = t.insertRow();
    tr.dataset.row = k;
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
  return t;
}

function heading(text: string): HTMLElement {
  const h = document.createElement('h4');
  h.textContent = text;
  return h;
}

function comparison(a: ViewNode, b: ViewNode): HTMLElement[] {
  if (!a.heap || !b.heap) {
    const p = document.createElement('p');
    p.textContent =
      'no heap graph for one of the two states (a program without objects, or past the first nodes of a large tree)';
    return [p];
  }
  const c = compareHeaps(a.heap, b.heap);
  const list = document.createElement('ul');
  list.className = 'changes';
  const item = (cls: string, text: string): void => {
    const li = document.createElement('li');
    li.className = cls;
    li.textContent = text;
    list.appendChild(li);
  };
  const what = (x: ChunkChange): string => x.chunk;
  c.gained.forEach((x) => item('gained', `gained ${what(x)} ↦ ${x.after}`));
  c.lost.forEach((x) => item('lost', `lost ${what(x)} (was ${x.before})`));
  c.changed.forEach((x) => item('changed', `changed ${what(x)}: ${x.before} → ${x.after}`));
  if (list.childElementCount === 0) item('same', 'the same chunks with the same values');
  return [list];
}

function warningList(view: TreeView): HTMLElement | undefined {
  if (!view.warnings || view.warnings.length === 0) return undefined;
  const box = document.createElement('div');
  box.className = 'warnings';
  box.appendChild(heading('unreached and vacuous'));
  for (const w of view.warnings) {
    const d = document.createElement('div');
    d.dataset.warning = w.kind;
    d.textContent = `line ${w.line}: ${w.message}`;
    box.appendChild(d);
  }
  return box;
}

/** The heap drawings, after the text (elkjs lays them out asynchronously). */
async function drawHeaps(el: HTMLElement, p: PanelInput, cache: PanelMemo, current: () => boolean): Promise<void> {
  const n = p.node;
  if (!n?.heap) {
    if (n) document.body.dataset.heapDrawn = String(n.id);
    return;
  }
  const t0 = performance.now();
  const pairs: [ViewNode, HeapGraph, RowMarks | undefined, string][] = [];
  if (p.other?.heap) {
    const c = compareHeaps(p.other.heap, n.heap);
    pairs.push(
      [p.other, p.other.heap, rowMarks(c, 'before'), `#${p.other.id} before`],
      [n, n.heap, rowMarks(c, 'after'), `#${n.id} after`],
    );
  } else {
    pairs.push([n, n.heap, undefined, `heap of #${n.id}`]);
  }
  const keyOf = (v: ViewNode, title: string): string => `${p.other?.id ?? ''}:${v.id}:${title}`;
  if (p.view.placing && pairs.some(([v, g, , title]) => !g.layout && !cache.svgs.has(keyOf(v, title)))) {
    // The sender's positions come in a delta (heapPlacer.ts), which redraws the panel: no layout here meanwhile.
    const wait = document.createElement('p');
    wait.className = 'heap-wait';
    wait.textContent = 'laying out the heap graph…';
    el.appendChild(wait);
    await new Promise((r) => setTimeout(r, PLACING_WAIT_MS));
    if (!current()) return;
    wait.remove();
  }
  for (const [v, g, marks, title] of pairs) {
    const key = keyOf(v, title);
    let svg = cache.svgs.get(key);
    if (svg === undefined) {
      performance.mark('heap:layout:start');
      // Positions from where the graph was made when it has them (placed.ts): then only drawn.
      const lay = await layoutOf(g, cache.layouts);
      // Map order is insertion order: the oldest shape goes first.
      while (cache.layouts.size > MAX_LAYOUTS) cache.layouts.delete(cache.layouts.keys().next().value!);
      performance.measure('heap:layout', 'heap:layout:start');
      performance.mark('heap:draw:start');
      svg = heapSvg(g, lay, title, marks);
      cache.svgs.set(key, svg);
    } else performance.mark('heap:draw:start');
    if (!current()) return;
    const box = document.createElement('div');
    box.className = 'heap';
    box.dataset.heapOf = String(v.id);
    box.innerHTML = svg;
    if (p.other) box.insertAdjacentHTML('afterbegin', `<div class="caption">${title}</div>`);
    el.appendChild(box);
    performance.measure('heap:draw', 'heap:draw:start');
  }
  // Layout, drawing and insertion of the heap graph(s): bench/why.js reads it.
  document.body.dataset.heapMs = (performance.now() - t0).toFixed(1);
  // When the drawing landed (the page's clock: a click's event.timeStamp is comparable).
  document.body.dataset.heapDoneAt = performance.now().toFixed(1);
  document.body.dataset.heapDrawn = String(n.id);
  // Whose positions were drawn: the graph's own (`given`, laid out where it was made) or the page's.
  document.body.dataset.heapLaidOut = pairs.every(([, g]) => g.layout) ? 'given' : 'page';
}
