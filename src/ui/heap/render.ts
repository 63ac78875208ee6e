// The heap graph drawn: layout (elkjs) then SVG. The CLI and the adapter load this file bundled
// with elkjs (dist/ui/heap-svg.js, made by scripts/build-ui.js: elkjs is a build-time dependency
// only): the CLI to write SVGs, the adapter and the `--tree` writer to send positions (placed.ts),
// the adapter's layout worker (runtime/layoutWorker.ts) to warm elkjs with the warm-up graphs.

import type { HeapGraph } from './model';
import { layoutOf } from './placed';

/** The pages' idle-time warm-up (warm.ts), for bench/heapGraph.js to measure as the pages run it. */
export { warmLayout } from './layout';
export { warmGraphs } from './warm';
export { withLayout } from './placed';
import { heapSvg } from './svg';

export async function renderHeapSvg(g: HeapGraph, title?: string): Promise<string> {
  return heapSvg(g, await layoutOf(g), title);
}
