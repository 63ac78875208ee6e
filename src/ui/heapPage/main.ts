/// <reference lib="dom" />
// The heap graph view of VS Code (issue 27: "its own view for the selected stack frame"): a
// webview page that draws the graph the extension sends (`symdap/heapGraph` of the frame VS Code
// has selected, asked again on every stop and frame change) with the tree page's drawing
// (src/ui/heap: SVG). The graph comes laid out (the adapter's positions, placed.ts); one without
// positions is laid out here (elkjs), layouts cached by shape, and elkjs then warmed at idle (warm.ts). `document.body.dataset` carries what tests read: the frame drawn and the time.

import { warmLayout, type LayoutCache } from '../heap/layout';
import { layoutOf } from '../heap/placed';
import { heapSvg } from '../heap/svg';
import type { HeapGraph } from '../heap/model';

/** Messages from the extension (extension/src/heapPanel.ts). */
export type HeapPageMessage =
  | { readonly type: 'graph'; readonly graph: HeapGraph; readonly title: string; readonly frame: string }
  | { readonly type: 'status'; readonly text: string };

interface VsCodeApi {
  postMessage(m: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const MAX_LAYOUTS = 20;

function boot(): void {
  const head = document.querySelector('.status') as HTMLElement;
  const canvas = document.querySelector('.graph') as HTMLElement;
  const layouts: LayoutCache = new Map();
  let latest = 0;
  const warm = warmAfter(() => latest);
  window.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as HeapPageMessage;
    if (m.type === 'status') {
      head.textContent = m.text;
      document.body.dataset.status = m.text;
      return;
    }
    if (m.type === 'graph') void draw(m, ++latest);
  });
  const draw = async (m: Extract<HeapPageMessage, { type: 'graph' }>, token: number): Promise<void> => {
    const t0 = performance.now();
    // The adapter sends positions (symdap/heapGraph): then only drawn; another client's graph is laid out here.
    const lay = await layoutOf(m.graph, layouts);
    while (layouts.size > MAX_LAYOUTS) layouts.delete(layouts.keys().next().value!);
    // A newer frame arrived while this one was laid out: it draws, not this one.
    if (token !== latest) return;
    canvas.innerHTML = heapSvg(m.graph, lay, m.title);
    head.textContent = m.title;
    document.body.dataset.frame = m.frame;
    document.body.dataset.objects = String(m.graph.objects.filter((o) => o.id !== 'null').length);
    document.body.dataset.heapMs = (performance.now() - t0).toFixed(1);
    document.body.dataset.heapLaidOut = m.graph.layout ? 'given' : 'page';
    if (!m.graph.layout) warm();
  };
  acquireVsCodeApi().postMessage({ type: 'ready' });
}

/**
 * elkjs's code warmed at idle (warm.ts), once a graph came without positions (a client that lays
 * out nothing: the next new shape is laid out here too); never before, so a page whose graphs come
 * laid out (symdap's adapter) runs no layout at all. A newer graph arriving stops it.
 */
function warmAfter(current: () => number): () => void {
  let warming = false;
  const idle = (f: () => void): void => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(f, { timeout: 2000 });
    else setTimeout(f, 200);
  };
  return () => {
    if (warming) return;
    warming = true;
    const at = current();
    idle(() => void warmLayout(() => current() > at).then(() => (document.body.dataset.heapWarm = '1')));
  };
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
