// `symdap verify FILE --heap-graph DIR` (issue 27): one SVG per failing path, the heap graph
// of its failing state (missing chunk marked, failure and path condition below), for reports
// and CI artefacts. Aliases the terms cannot decide are put to a fresh solver over the run's terms.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionTree, TreeNode } from '../engine/explore/tree';
import { createSolver } from '../engine/solver';
import type { BackendName } from '../engine/solver/solver';
import { pcTerms } from '../engine/state/pathCondition';
import { heapGraphWithAliases } from '../adapter/runtime/heapGraph';
import type { HeapGraph } from '../ui/heap/model';

type Render = (g: HeapGraph, title?: string) => Promise<string>;

/** The bundled renderer (elkjs inside) when built; the sources under a TypeScript runner. */
async function renderer(): Promise<Render> {
  const bundle = join(__dirname, '..', 'ui', 'heap-svg.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (existsSync(bundle)) return (require(bundle) as { renderHeapSvg: Render }).renderHeapSvg;
  return (await import('../ui/heap/render')).renderHeapSvg;
}

/** Failing nodes, in tree order (breadth-first, the order of the tree report). */
export function failingNodes(tree: ExecutionTree): TreeNode[] {
  const out: TreeNode[] = [];
  const seen = new Set<number>();
  const queue = [...tree.roots];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i];
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    if (n.state.status === 'failed') out.push(n);
    queue.push(...(tree.childrenOf(n) ?? []));
  }
  return out;
}

/** Writes `failure-LINE-N.svg` per failing path; returns the files written. */
export async function writeHeapGraphs(
  dir: string,
  tree: ExecutionTree,
  backend: BackendName,
  timeoutMs?: number,
): Promise<string[]> {
  const failing = failingNodes(tree);
  await mkdir(dir, { recursive: true });
  if (failing.length === 0) return [];
  const solver = await createSolver({ backend, timeoutMs });
  const render = await renderer();
  const written: string[] = [];
  try {
    for (const [i, n] of failing.entries()) {
      const sf = { state: n.state, frameIndex: 0 };
      const g = await heapGraphWithAliases(
        { sf, node: n, checked: tree.program },
        { solver, T: tree.terms, pc: pcTerms(n.state.pc) },
      );
      const line = n.state.failure?.span.line ?? 0;
      const file = join(dir, `failure-${String(i + 1).padStart(3, '0')}-line${line}.svg`);
      await writeFile(
        file,
        await render(g, `${n.state.failure?.kind ?? 'failure'} at line ${line}: ${n.state.failure?.message ?? ''}`),
      );
      written.push(file);
    }
  } finally {
    solver.dispose();
  }
  return written;
}
