// Heap graph layouts off the adapter's thread (issue 27: every heap a page draws comes with its
// positions). elkjs computes a layout synchronously — a 50-object heap takes 100–300 ms of CPU,
// its first one in a process about twice that — so a layout on the session's thread would hold
// back every other answer (threads, variables, stepping). A worker thread runs the bundled
// drawing code (dist/ui/heap-svg.js, the same code as the pages'), warms elkjs at start with
// the pages' warm-up graphs (warm.ts: the first real layout is not cold), and keeps its own
// layouts by shape. A newer request stops the warm-up between two of its graphs.

import { Worker } from 'node:worker_threads';
import type { GraphLayout, HeapGraph } from '../../ui/heap/model';
import { MAX_CACHED_LAYOUTS } from './heapLayout';

/** The worker's code (CommonJS, evaluated): requests answered in order, one layout at a time. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const d = require(workerData.bundle);
const cache = new Map();
let asked = 0;
let chain = Promise.resolve();
async function warm() {
  for (const g of d.warmGraphs()) {
    await new Promise((r) => setImmediate(r));
    if (asked > 0) return;
    await d.withLayout(g);
  }
  parentPort.postMessage({ warm: true });
}
async function place(m) {
  try {
    const g = await d.withLayout(m.graph, cache);
    while (cache.size > workerData.max) cache.delete(cache.keys().next().value);
    parentPort.postMessage({ id: m.id, layout: g.layout });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
}
parentPort.on('message', (m) => {
  if (m.warm) chain = chain.then(warm);
  else {
    asked++;
    chain = chain.then(() => place(m));
  }
});
`;

type Answer = { id: number; layout?: GraphLayout; error?: string } | { warm: true };

export class LayoutWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { ok: (l: GraphLayout) => void; fail: (e: Error) => void }>();
  private next = 1;
  private broken: Error | undefined;
  /** Resolves once the warm-up has run (or was cut short by a request). */
  readonly warmed: Promise<void>;

  /** `bundle`: dist/ui/heap-svg.js. `warm`: lay out the warm-up graphs first. */
  constructor(bundle: string, warm = true) {
    this.worker = new Worker(WORKER, { eval: true, workerData: { bundle, max: MAX_CACHED_LAYOUTS } });
    // The worker never keeps the process alive (a session that ended, a CLI that finished).
    this.worker.unref();
    let warmed: () => void = () => undefined;
    this.warmed = new Promise((r) => (warmed = r));
    this.worker.on('message', (m: Answer) => {
      if ('warm' in m) return warmed();
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.layout) w?.ok(m.layout);
      else w?.fail(new Error(`heap graph layout failed: ${m.error ?? 'no layout'}`));
      // Asked before the warm-up ended: it stopped.
      warmed();
    });
    this.worker.on('error', (e) => this.stop(e));
    this.worker.on('exit', () => this.stop(new Error('the heap graph layout worker stopped')));
    if (warm) this.worker.postMessage({ warm: true });
    else warmed();
  }

  /** `g`'s positions, laid out in the worker (a shape laid out before comes from its cache). */
  layout(g: HeapGraph): Promise<GraphLayout> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.next++;
    const { layout: _old, ...plain } = g;
    return new Promise((ok, fail) => {
      this.waiting.set(id, { ok, fail });
      this.worker.postMessage({ id, graph: plain });
    });
  }

  close(): void {
    void this.worker.terminate();
  }

  private stop(e: Error): void {
    this.broken ??= e;
    for (const w of this.waiting.values()) w.fail(e);
    this.waiting.clear();
  }
}
