// Custom requests for rich clients, announced in the initialize response under `symdap`:
// `symdap/tree` (the execution tree, capped: its rows come from runtime/treeSnapshot.ts),
// `symdap/followBranch` {threadId, branch} and `symdap/jump` {threadId, nodeId};
// `symdap/tree {compact: true}` and `symdap/focus` are in treeView.ts. This file parses and
// answers; the session runs the moves through the same code as stepIn with a target and goto.

import type { TreeNode } from '../runtime/handles';
import { onPath, type PathThread } from '../runtime/paths';
import type { Debuggee } from '../runtime/debuggee';
import { UserError } from './userError';
import { heapGraphWithAliases } from '../runtime/heapGraph';
import type { HeapGraph } from '../../ui/heap/model';
import type { FrameRef } from './frames';
import { diffStates } from '../runtime/why';
import type { PathDiff } from '../runtime/handles';
import { statePathCondition } from '../runtime/questions';
import { placedGraph } from '../runtime/heapLayout';
import type { LayoutCache } from '../../ui/heap/layout';

export const CUSTOM_REQUESTS = [
  'symdap/tree',
  'symdap/followBranch',
  'symdap/jump',
  'symdap/focus',
  'symdap/heapGraph',
  'symdap/diffPaths',
] as const;

export function followBranchArgs(
  d: Debuggee,
  args: Record<string, unknown>,
): { thread: PathThread; side: 'then' | 'else' } {
  const thread = requireThread(d, args.threadId);
  if (args.branch !== 'then' && args.branch !== 'else') throw new UserError(`branch must be 'then' or 'else'`);
  return { thread, side: args.branch };
}

export function jumpArgs(d: Debuggee, args: Record<string, unknown>): { thread: PathThread; node: TreeNode } {
  const thread = requireThread(d, args.threadId);
  const node = typeof args.nodeId === 'number' ? d.run.tree.node(args.nodeId) : undefined;
  if (!node) throw new UserError(`unknown node ${JSON.stringify(args.nodeId)}`);
  if (!onPath(node, thread.tip)) {
    const owner = d.paths.all().find((t) => onPath(node, t.tip));
    throw new UserError(
      `node ${node.id} is not on the path of thread #${thread.id}${owner ? ` (it is on #${owner.id}'s path)` : ''}`,
    );
  }
  return { thread, node };
}

export function requireThread(d: Debuggee, id: unknown): PathThread {
  const t = d.paths.get(id);
  if (!t) throw new UserError(`unknown thread ${JSON.stringify(id)} (a path that ended or never existed)`);
  return t;
}

/**
 * `symdap/heapGraph` {frameId} or {nodeId} (a tree node's innermost frame): the heap graph as JSON
 * (docs/tree.md), with its positions laid out here (`layout`, so a page only draws) unless the
 * client asks `layout: false`: by `place` (the session's layout worker, heapPlacer.ts), else here
 * with `layouts`, the session's layouts by shape (a step that changed values only is not laid out again).
 */
export async function heapGraphBody(
  d: Debuggee,
  args: Record<string, unknown>,
  frame: (id: unknown) => FrameRef,
  layouts?: LayoutCache,
  place?: (g: HeapGraph) => Promise<HeapGraph>,
): Promise<HeapGraph> {
  const node = args.frameId === undefined && typeof args.nodeId === 'number' ? d.run.tree.node(args.nodeId) : undefined;
  if (args.frameId === undefined && !node)
    throw new UserError(`symdap/heapGraph needs a frameId or a known nodeId, got ${JSON.stringify(args.nodeId)}`);
  const ref = node ? { node, frameIndex: 0 } : frame(args.frameId);
  const sf = { state: ref.node.state, frameIndex: ref.frameIndex };
  const g = await heapGraphWithAliases(
    { sf, node: ref.node, checked: d.checked },
    { solver: d.solver, T: d.T, pc: statePathCondition(ref.node) },
  );
  return args.layout === false ? g : place ? place(g) : placedGraph(g, layouts);
}

/**
 * `symdap/diffPaths` {a, b} (thread ids: their current states) or {nodeA, nodeB} (tree nodes):
 * the runtime's diff of the two (diffStates, runtime/why.ts) — where they parted, each side's conditions,
 * locals and heap chunks.
 */
export function diffPathsBody(d: Debuggee, args: Record<string, unknown>): PathDiff {
  const nodeOf = (thread: unknown, node: unknown, name: string): TreeNode => {
    if (node !== undefined) {
      const n = typeof node === 'number' ? d.run.tree.node(node) : undefined;
      if (!n) throw new UserError(`symdap/diffPaths: unknown node ${JSON.stringify(node)} (${name})`);
      return n;
    }
    if (thread === undefined)
      throw new UserError('symdap/diffPaths needs two thread ids {a, b} or two node ids {nodeA, nodeB}');
    return requireThread(d, thread).cursor;
  };
  return diffStates(nodeOf(args.a, args.nodeA, 'nodeA').state, nodeOf(args.b, args.nodeB, 'nodeB').state);
}
