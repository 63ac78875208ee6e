// `symdap verify FILE --tree OUT.html`: the explored execution tree with the verdict, as one
// self-contained HTML file (the page's bundle and the data inlined) for CI artifacts.

import { writeFile } from 'node:fs/promises';
import type { ExecutionTree, TreeNode } from '../engine/explore/tree';
import type { VerifyReport } from '../engine/verify/report';
import { buildView } from '../ui/buildView';
import { treePageHtml } from '../ui/pageHtml';
import type { TreeView } from '../ui/model';
import { pathCounts } from './verifyOutput';
import { createSolver } from '../engine/solver';
import type { BackendName } from '../engine/solver/solver';
import { pcTerms } from '../engine/state/pathCondition';
import { heapGraphWithAliases } from '../adapter/runtime/heapGraph';
import { placedGraph } from '../adapter/runtime/heapLayout';
import type { LayoutCache } from '../ui/heap/layout';

/** Past this many view nodes the report keeps the top of the tree and says it is truncated. */
export const MAX_REPORT_NODES = 300_000;

export function treeReportView(tree: ExecutionTree, report: VerifyReport, source: string): TreeView {
  // A report with an `excluded` count comes from a program with synth functions.
  const excluding = report.paths.excluded !== undefined;
  // Classes are per failure site (why/classify.ts): every failing node at a site shares its class.
  const classes = new Map(report.failures.map((f) => [`${f.kind}:${f.line}:${f.column}`, f.classNote]));
  const classOf = (n: TreeNode): string | undefined => {
    const f = n.state.failure;
    return f ? classes.get(`${f.kind}:${f.span.line}:${f.span.col}`) : undefined;
  };
  const { nodes, truncated } = buildView(tree, MAX_REPORT_NODES, {
    owner: () => undefined,
    paused: new Map(),
    held: new Map(),
    excluding,
    checked: tree.program,
    classOf,
  });
  const verdict = `${report.verdict}: paths ${pathCounts(report.paths)}`;
  const warnings = report.warnings?.map(({ kind, line, message }) => ({ kind, line, message }));
  return {
    file: report.file,
    source,
    nodes,
    truncated,
    verdict,
    ...(warnings && warnings.length > 0 ? { warnings } : {}),
  };
}

export async function writeTreeReport(
  out: string,
  tree: ExecutionTree,
  report: VerifyReport,
  source: string,
  solver?: { backend: BackendName; timeoutMs?: number },
): Promise<void> {
  const view = treeReportView(tree, report, source);
  await writeFile(
    out,
    treePageHtml(
      `symdap tree: ${report.file}`,
      solver ? await withAliases(view, tree, solver.backend, solver.timeoutMs) : view,
    ),
  );
}

/**
 * Heap graphs laid out here, positions in the report (the page only draws them): the failing
 * nodes' first (what one clicks first), then the others in tree order up to this many; the page
 * lays out the rest itself (placed.ts), the same way.
 */
export const MAX_PLACED_HEAPS = 40;

/** The view's heap graphs to lay out here: failing nodes' first, then the others, at most MAX_PLACED_HEAPS. */
function toPlace(view: TreeView): Set<number> {
  const withHeap = view.nodes.filter((n) => n.heap);
  const order = [...withHeap.filter((n) => n.status === 'failed'), ...withHeap.filter((n) => n.status !== 'failed')];
  return new Set(order.slice(0, MAX_PLACED_HEAPS).map((n) => n.id));
}

/** The heap graphs with the solver's alias facts (may-alias edges), as `--heap-graph` draws them, some with positions (toPlace). */
async function withAliases(
  view: TreeView,
  tree: ExecutionTree,
  backend: BackendName,
  timeoutMs?: number,
): Promise<TreeView> {
  if (!view.nodes.some((n) => n.heap)) return view;
  const solver = await createSolver({ backend, timeoutMs });
  const place = toPlace(view);
  const layouts: LayoutCache = new Map();
  try {
    const nodes = [];
    for (const v of view.nodes) {
      const n = v.heap ? tree.node(v.id) : undefined;
      if (!n) {
        nodes.push(v);
        continue;
      }
      const heap = await heapGraphWithAliases(
        { sf: { state: n.state, frameIndex: 0 }, node: n, checked: tree.program },
        { solver, T: tree.terms, pc: pcTerms(n.state.pc) },
      );
      nodes.push({ ...v, heap: place.has(v.id) ? await placedGraph(heap, layouts) : heap });
    }
    return { ...view, nodes };
  } finally {
    solver.dispose();
  }
}
