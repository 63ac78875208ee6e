// `symdap verify FILE --heap-graph DIR` (issue 27): one SVG per failing path, the heap graph
// of its failing state (missing chunk marked, failure and path condition below), for reports
// and CI artefacts. Aliases the terms cannot decide are put to a fresh solver over the run's terms.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionTree, TreeNode } from '../engine/explore/tree';
import { createSolver } from '../engine/solver';
import type { BackendName } from '../engine/solver/solver';
import { pcTerms } from '../engine/state/pathCondition';
import { heapGraphWithAliases } from '../adapter/runtime/heapGraph';
import { heapDrawing } from '../adapter/runtime/heapLayout';

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
  const { renderHeapSvg: render } = await heapDrawing();
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
