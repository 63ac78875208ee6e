// A session's heap graph layouts (issue 27: every heap a page draws comes with its positions, so
// the page only draws). `symdap/heapGraph` answers are laid out here, and so are the heaps of the
// live tree view (`symdap/tree {compact}` and its deltas: the VS Code panel, `--ui`): a view node's
// heap goes out at once without positions, is laid out in the background, and goes out again with
// them in the next delta (TreeView.placing tells the page to wait for it rather than lay out
// itself). Layouts run in a worker thread (layoutWorker.ts, elkjs warmed at launch) so the
// session's other answers never wait for one; under a TypeScript runner (no bundle) in this thread.
// Which view heaps: paused and failing nodes' first (what one clicks), then others, at most
// MAX_PLACED_VIEW_HEAPS of those (a 50-object layout is ~25 kB of JSON in every delta that carries it).

import type { TreeNode } from '../runtime/handles';
import type { GraphLayout, HeapGraph } from '../../ui/heap/model';
import type { LayoutCache } from '../../ui/heap/layout';
import { heapBundle, placedGraph } from '../runtime/heapLayout';
import { LayoutWorker } from '../runtime/layoutWorker';

/** View heaps laid out besides the paused and failing nodes' (those always are). */
export const MAX_PLACED_VIEW_HEAPS = 40;

/** Deltas carrying new positions are sent at most this often. */
const NOTIFY_MS = 40;

export class HeapPlacer {
  private readonly worker: LayoutWorker | undefined;
  /** In-thread layouts by shape, without a worker. */
  private readonly cache: LayoutCache = new Map();
  private readonly laid = new WeakMap<TreeNode, GraphLayout>();
  private readonly asked = new WeakSet<TreeNode>();
  private queue: { n: TreeNode; heap: HeapGraph; urgent: boolean }[] = [];
  private others = 0;
  private busy = false;
  private notify: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  /** `placed`: called (coalesced) after new view positions are known: the session sends a delta. */
  constructor(private readonly placed: () => void) {
    const bundle = heapBundle();
    this.worker = bundle ? new LayoutWorker(bundle) : undefined;
  }

  /** Resolves once elkjs is warm (at once without a worker). */
  get warmed(): Promise<void> {
    return this.worker?.warmed ?? Promise.resolve();
  }

  /** `g` with its positions (`symdap/heapGraph`); laid out in this thread if the worker stopped. */
  async place(g: HeapGraph): Promise<HeapGraph> {
    if (!this.worker) return placedGraph(g, this.cache);
    const { layout: _old, ...plain } = g;
    const layout = await this.worker.layout(plain).catch(async () => (await placedGraph(plain, this.cache)).layout);
    return { ...plain, layout };
  }

  /** A view node's heap: with its positions once laid out; else asked for (`urgent` ones first). */
  viewHeap(n: TreeNode, heap: HeapGraph, urgent: boolean): HeapGraph {
    const layout = this.laid.get(n);
    if (layout) return { ...heap, layout };
    if (this.closed) return heap;
    const queued = this.queue.find((q) => q.n === n);
    if (queued && urgent && !queued.urgent) {
      this.queue = [{ ...queued, urgent }, ...this.queue.filter((q) => q !== queued)];
    } else if (!queued && !this.asked.has(n) && (urgent || this.others < MAX_PLACED_VIEW_HEAPS)) {
      if (!urgent) this.others++;
      const item = { n, heap, urgent };
      const firstOther = this.queue.findIndex((q) => !q.urgent);
      if (urgent && firstOther >= 0) this.queue.splice(firstOther, 0, item);
      else this.queue.push(item);
      void this.pump();
    }
    return heap;
  }

  close(): void {
    this.closed = true;
    this.queue = [];
    if (this.notify) clearTimeout(this.notify);
    this.worker?.close();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let q = this.queue.shift(); q && !this.closed; q = this.queue.shift()) {
        this.asked.add(q.n);
        const layout = await this.place(q.heap).then(
          (g) => g.layout,
          () => undefined,
        );
        // A layout that failed leaves the heap without positions: the page lays it out.
        if (!layout || this.closed) continue;
        this.laid.set(q.n, layout);
        this.notify ??= setTimeout(() => {
          this.notify = undefined;
          if (!this.closed) this.placed();
        }, NOTIFY_MS);
      }
    } finally {
      this.busy = false;
    }
  }
}
