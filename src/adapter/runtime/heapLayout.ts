// The heap graph's drawing code in Node (issue 27): elkjs is a build-time dependency, bundled
// with src/ui/heap into dist/ui/heap-svg.js (scripts/build-ui.js), so the adapter and the CLI
// load that bundle when built and the sources under a TypeScript runner (the tests). Used to
// lay a graph out where it is made (`symdap/heapGraph`, the static `--tree` writer: the page
// only draws) and to write `--heap-graph` SVGs.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HeapGraph } from '../../ui/heap/model';
import type { LayoutCache } from '../../ui/heap/layout';

export interface HeapDrawing {
  readonly renderHeapSvg: (g: HeapGraph, title?: string) => Promise<string>;
  readonly withLayout: (g: HeapGraph, cache?: LayoutCache) => Promise<HeapGraph>;
}

/** dist/ui/heap-svg.js when running built; undefined under a TypeScript runner (the sources). */
export function heapBundle(): string | undefined {
  const bundle = join(__dirname, '..', '..', 'ui', 'heap-svg.js');
  return existsSync(bundle) ? bundle : undefined;
}

/** The bundled drawing code (elkjs inside) when built; the sources under a TypeScript runner. */
export async function heapDrawing(): Promise<HeapDrawing> {
  const bundle = heapBundle();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (bundle) return require(bundle) as HeapDrawing;
  return await import('../../ui/heap/render');
}

/** Layouts kept by shape per cache (a session's, a report's): a 50-object layout is a few hundred kilobytes. */
export const MAX_CACHED_LAYOUTS = 20;

/** `g` with its positions; `cache` (layouts by shape) keeps at most MAX_CACHED_LAYOUTS, the oldest dropped first. */
export async function placedGraph(g: HeapGraph, cache?: LayoutCache): Promise<HeapGraph> {
  const out = await (await heapDrawing()).withLayout(g, cache);
  while (cache && cache.size > MAX_CACHED_LAYOUTS) cache.delete(cache.keys().next().value!);
  return out;
}
