// The execution-tree page's requests: `symdap/tree` with `compact: true` answers the page's
// view (only the states where something happens; see src/ui/buildView.ts) and `symdap/focus`
// {nodeId} picks the thread that shows a node (a path through it, or a new thread for a path
// that ended) so that the session can send `stopped` with that state on top.

import type { TreeNode } from '../runtime/handles';
import { buildView, type FactCache, type ViewMarks } from '../../ui/buildView';
import type { TreeDelta, TreeView } from '../../ui/model';
import { onPath, type PathThread } from '../runtime/paths';
import type { Debuggee } from '../runtime/debuggee';
import { REQUEST_LIMITS } from '../limits';
import { UserError } from './userError';
import { knownClass } from '../runtime/why';
import type { HeapPlacer } from './heapPlacer';

/** Where threads stand; `stopped` says whether the session is between moves (cursors are paused). */
export function viewMarks(d: Debuggee, stopped: boolean, placer?: HeapPlacer): ViewMarks {
  const paused = new Map<number, number>();
  const held = new Map<number, number>();
  for (const t of d.paths.all()) {
    if (stopped && !paused.has(t.cursor.id)) paused.set(t.cursor.id, t.id);
    for (const k of t.held ?? []) held.set(k.id, t.id);
  }
  return {
    owner: (n) => d.paths.owner(n)?.id,
    paused,
    held,
    excluding: d.checked.synths.size > 0,
    checked: d.checked,
    classOf: (n) => knownClass(d, n.state)?.classNote,
    ...(placer ? { placeHeap: (n, heap, urgent) => placer.viewHeap(n, heap, urgent) } : {}),
  };
}

/** `placer`: the session's layouts (heapPlacer.ts): heaps go out with positions once laid out. */
export function compactTree(
  d: Debuggee,
  args: Record<string, unknown>,
  stopped: boolean,
  cache?: FactCache,
  placer?: HeapPlacer,
): TreeView {
  const asked =
    typeof args.maxNodes === 'number' && Number.isInteger(args.maxNodes) && args.maxNodes > 0
      ? args.maxNodes
      : REQUEST_LIMITS.maxTreeNodes;
  const { nodes, truncated } = buildView(
    d.run.tree,
    Math.min(asked, REQUEST_LIMITS.maxTreeNodes),
    viewMarks(d, stopped, placer),
    cache,
  );
  const warnings = d.why.end?.warnings;
  return {
    file: d.checked.file,
    source: d.checked.source,
    nodes,
    truncated,
    ...(warnings && warnings.length > 0 ? { warnings } : {}),
    ...(placer && nodes.some((n) => n.heap) ? { placing: true } : {}),
  };
}

/** The thread to show `nodeId` in: one whose cursor path holds it, else any path through it, else a new thread. */
export function focusTarget(d: Debuggee, args: Record<string, unknown>): { thread: PathThread; node: TreeNode } {
  const node = typeof args.nodeId === 'number' ? d.run.tree.node(args.nodeId) : undefined;
  if (!node) throw new UserError(`unknown node ${JSON.stringify(args.nodeId)}`);
  const threads = d.paths.all();
  const thread =
    threads.find((t) => onPath(node, t.cursor)) ?? threads.find((t) => onPath(node, t.tip)) ?? d.paths.addRoot(node);
  return { thread, node };
}

/**
 * A client that asked `symdap/tree {compact: true, subscribe: true}` gets `symdap/treeDelta`
 * events after each move: the nodes added or changed and the ids gone, not the whole tree.
 */
export class TreeFeed {
  private last = new Map<number, string>();
  private readonly cache: FactCache = new WeakMap();
  private warned = false;

  constructor(private readonly placer?: HeapPlacer) {}

  snapshot(d: Debuggee, args: Record<string, unknown>, stopped: boolean): TreeView {
    const view = compactTree(d, args, stopped, this.cache, this.placer);
    this.last = new Map(view.nodes.map((n) => [n.id, JSON.stringify(n)]));
    this.warned ||= view.warnings !== undefined;
    return view;
  }

  /** What changed since the last snapshot or delta; undefined when nothing did. */
  delta(d: Debuggee, stopped: boolean): TreeDelta | undefined {
    const view = compactTree(d, {}, stopped, this.cache, this.placer);
    const next = new Map(view.nodes.map((n) => [n.id, JSON.stringify(n)]));
    const upsert = view.nodes.filter((n) => this.last.get(n.id) !== next.get(n.id));
    const remove = [...this.last.keys()].filter((id) => !next.has(id));
    this.last = next;
    // Warnings come once, at the end of the run (runtime/why.ts).
    const warnings = view.warnings && !this.warned ? view.warnings : undefined;
    if (warnings) this.warned = true;
    return upsert.length > 0 || remove.length > 0 || warnings
      ? { upsert, remove, truncated: view.truncated, ...(warnings ? { warnings } : {}) }
      : undefined;
  }
}
