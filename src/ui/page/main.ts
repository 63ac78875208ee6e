/// <reference lib="dom" />
// The execution-tree page's entry point. The data comes inlined (the headless report) or
// from a live source that sends the view and then `symdap/treeDelta` events; the page keeps
// the nodes, draws them, and reports render time in `document.body.dataset.renderMs`.

import type { TreeView } from '../model';
import { applyDelta } from '../delta';
import { countText, render, type ViewState } from './render';
import { shape } from './visible';
import { newPanelMemo, type PanelMemo } from './panel';
import { layoutHeap, warmLayout } from '../heap/layout';
import { vscodeSource, wsSource, type LiveSource } from './liveSources';

/** Where live data comes from and where clicks go (a WebSocket or a VS Code webview). */
/** `symdapTreeLive` picks a built-in source (liveSources.ts); `symdapTreeSource` installs any other. */
declare global {
  interface Window {
    symdapTreeSource?: LiveSource;
    symdapTreeLive?: 'ws' | 'vscode';
  }
}

function liveSource(root: HTMLElement): LiveSource | undefined {
  const status = (text: string): void => {
    root.querySelector('.status')!.textContent = text;
  };
  if (window.symdapTreeSource) return window.symdapTreeSource;
  if (window.symdapTreeLive === 'ws') return wsSource(status);
  if (window.symdapTreeLive === 'vscode') return vscodeSource(status);
  return undefined;
}

function boot(): void {
  const root = document.getElementById('symdap-tree')!;
  const inline = document.getElementById('symdap-tree-data');
  const vs: ViewState = { opened: new Set(), closed: new Set(), memo: newPanelMemo() };
  let warming = false;
  let view: TreeView | undefined;
  let drawing = false;
  let again = false;
  const live = liveSource(root);
  const draw = async (): Promise<void> => {
    if (!view) return;
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    const t0 = performance.now();
    try {
      const s = shape(view.nodes);
      header(
        root,
        view,
        s.roots
          .map((r) => s.counts.get(r.id)!)
          .reduce(
            (a, c) => ({
              completed: a.completed + c.completed,
              failed: a.failed + c.failed,
              infeasible: a.infeasible + c.infeasible,
              bounded: a.bounded + c.bounded,
              live: a.live + c.live,
            }),
            { completed: 0, failed: 0, infeasible: 0, bounded: 0, live: 0 },
          ),
      );
      await render(root, view, s, vs, {
        redraw: () => void draw(),
        activate: live ? (n) => live.activate(n) : undefined,
      });
      document.body.dataset.renderMs = (performance.now() - t0).toFixed(1);
      document.body.dataset.nodes = String(view.nodes.length);
      // Heaps that came with their positions (bench/heapGraph.js waits for them in a live view).
      document.body.dataset.placed = String(view.nodes.filter((n) => n.heap?.layout).length);
      // A live view whose sender lays heaps out (placing) needs no layout here ahead.
      if (!warming && !view.placing && view.nodes.some((n) => n.heap)) {
        warming = true;
        warmSoon(view, vs.memo);
      }
    } finally {
      drawing = false;
      if (again) {
        again = false;
        void draw();
      }
    }
  };
  if (inline?.textContent) {
    view = JSON.parse(inline.textContent) as TreeView;
    void draw();
  }
  live?.start(
    (v) => {
      view = v;
      void draw();
    },
    (d) => {
      if (view) {
        view = applyDelta(view, d);
        void draw();
      }
    },
  );
}

/** Failing nodes' heaps laid out ahead, when the page is idle: the failures are what one clicks first. */
const PREFETCH = 4;

/**
 * Once the page is idle: the heaps of the first failing nodes laid out into the panel's shape
 * cache (a click on one then only draws), or, with none, the largest heap (warmFor), so elkjs's
 * cold code is not paid by the first click (bench/heapGraph.js). One layout per idle slot.
 */
function warmSoon(view: TreeView, memo: PanelMemo): void {
  // A heap that came with its positions (the --tree writer's, placed.ts) is only drawn: nothing to lay out ahead.
  const graphs = view.nodes
    .filter((n) => n.status === 'failed' && n.heap && !n.heap.layout)
    .slice(0, PREFETCH)
    .map((n) => n.heap!);
  const idle = (f: () => void): void => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(f, { timeout: 2000 });
    else setTimeout(f, 200);
  };
  const next = (i: number): void =>
    idle(() => {
      const job = graphs.length === 0 ? warmFor(view, memo) : layoutHeap(graphs[i], memo.layouts).then(() => undefined);
      void job.then(() => {
        if (i + 1 < graphs.length) next(i + 1);
        else document.body.dataset.heapWarm = '1';
      });
    });
  next(0);
}

/** Heaps this large pay elkjs's cold code on their first layout; smaller ones are cheap either way. */
const LARGE_HEAP = 20;

/**
 * With no failure to prefetch: the largest heap of the tree that came without positions laid out,
 * and only when it is large the warm-up graphs too (about 1.5 s of idle CPU, worth it only where
 * a click would pay it). A tree whose heaps all came laid out warms nothing.
 */
async function warmFor(view: TreeView, memo: PanelMemo): Promise<void> {
  const largest = view.nodes.reduce<TreeView['nodes'][number]['heap']>(
    (best, n) => (n.heap && !n.heap.layout && n.heap.objects.length > (best?.objects.length ?? -1) ? n.heap : best),
    undefined,
  );
  if (!largest) return;
  await layoutHeap(largest, memo.layouts);
  if (largest.objects.length >= LARGE_HEAP) await warmLayout();
}

function header(
  root: HTMLElement,
  v: TreeView,
  c: { completed: number; failed: number; infeasible: number; bounded: number; live: number },
): void {
  const h = root.querySelector('.header .title')!;
  h.textContent = `${v.file} — ${v.verdict ? `${v.verdict} — ` : ''}${v.nodes.length} nodes, paths ${countText(c) || 'none yet'}${v.truncated ? ' (truncated)' : ''}`;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
