// The heap graph drawn: layout (elkjs) then SVG. The CLI loads this file bundled with elkjs
// (dist/ui/heap-svg.js, made by scripts/build-ui.js: elkjs is a build-time dependency only).

import type { HeapGraph } from './model';
import { layoutHeap } from './layout';

/** The pages' idle-time warm-up (warm.ts), for bench/heapGraph.js to measure as the pages run it. */
export { warmLayout } from './layout';
import { heapSvg } from './svg';

export async function renderHeapSvg(g: HeapGraph, title?: string): Promise<string> {
  return heapSvg(g, await layoutHeap(g), title);
}
