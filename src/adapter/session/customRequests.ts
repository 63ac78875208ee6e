// Custom requests for rich clients, announced in the initialize response under `symdap`:
// `symdap/tree` (the execution tree, capped), `symdap/followBranch` {threadId, branch}
// and `symdap/jump` {threadId, nodeId}; `symdap/tree {compact: true}` and `symdap/focus` are in treeView.ts. This file parses and answers; the session runs the
// moves through the same code as stepIn with a target and goto.

import { printTerm } from '../../engine/terms/print';
import type { TreeNode } from '../../engine/explore/tree';
import { locationOf } from '../runtime/location';
import { onPath, shortPc, type PathThread } from '../runtime/paths';
import { heapOfFrame, heapRowData, refNames, type HeapRowData } from '../runtime/heapView';
import type { Debuggee } from '../runtime/debuggee';
import { UserError } from './userError';
import { REQUEST_LIMITS } from '../limits';
import { isExcludedPath } from '../../engine/verify/synthVerdict';
import { pcTerms } from '../../engine/state/pathCondition';
import { heapGraphWithAliases } from '../runtime/heapGraph';
import type { HeapGraph } from '../../ui/heap/model';
import type { FrameRef } from './frames';
import { diffStates } from '../runtime/why';
import type { PathDiff } from '../../engine/why/diff';

export const CUSTOM_REQUESTS = [
  'symdap/tree',
  'symdap/followBranch',
  'symdap/jump',
  'symdap/focus',
  'symdap/heapGraph',
  'symdap/diffPaths',
] as const;

export interface TreeNodeInfo {
  readonly id: number;
  readonly parent?: number;
  readonly line?: number;
  readonly status: string;
  readonly label: string;
  readonly pc: string;
  /** The thread whose path ends here (its tip), if any. */
  readonly thread?: number;
  /** The thread whose cursor is here, if any. */
  readonly cursorOf?: number[];
  /** Programs with objects: the state's heap, the Heap scope's rows as plain data (innermost frame). */
  readonly heap?: readonly HeapRowData[];
}

export interface TreeSnapshot {
  readonly nodes: TreeNodeInfo[];
  readonly truncated: boolean;
  readonly counts: { nodes: number; ended: Record<string, number>; threads: number };
}

const DEFAULT_MAX_NODES = 2000;

/** Breadth-first from the roots, at most `max` nodes. */
export function treeSnapshot(d: Debuggee, args: Record<string, unknown>): TreeSnapshot {
  const max = Math.min(positiveInt(args.maxNodes) ?? DEFAULT_MAX_NODES, REQUEST_LIMITS.maxTreeNodes);
  const tree = d.run.tree;
  const cursors = new Map<number, number[]>();
  for (const t of d.paths.all()) cursors.set(t.cursor.id, [...(cursors.get(t.cursor.id) ?? []), t.id]);
  const nodes: TreeNodeInfo[] = [];
  const queue: TreeNode[] = [...tree.roots];
  const seen = new Set<number>();
  while (queue.length > 0 && nodes.length < max) {
    const n = queue.shift()!;
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    nodes.push(info(d, n, cursors.get(n.id)));
    queue.push(...(tree.childrenOf(n) ?? []));
  }
  return {
    nodes,
    truncated: queue.length > 0,
    counts: { nodes: tree.counts.nodes, ended: { ...tree.counts.ended }, threads: d.paths.size },
  };
}

function info(d: Debuggee, n: TreeNode, cursorOf: number[] | undefined): TreeNodeInfo {
  const l = n.label;
  const label =
    l.kind === 'then' || l.kind === 'else'
      ? `${l.kind}: ${printTerm(l.cond, { maxLength: 60 })}`
      : l.kind === 'failure'
        ? `failure: ${l.failure.message}`
        : l.kind === 'join'
          ? `join of ${l.incoming}`
          : 'step';
  const out: TreeNodeInfo = {
    id: n.id,
    parent: n.parent?.id,
    line: locationOf(n.state)?.line,
    status: isExcludedPath(n.state.status, d.checked.synths.size > 0) ? 'excluded' : n.state.status,
    label,
    pc: shortPc(n, 60),
    thread: d.paths.owner(n)?.id,
    ...heapOf(n),
  };
  return cursorOf ? { ...out, cursorOf } : out;
}

function heapOf(n: TreeNode): { heap?: HeapRowData[] } {
  if (n.state.heap === undefined || n.state.frames.length === 0) return {};
  const sf = { state: n.state, frameIndex: 0 };
  return { heap: heapRowData(heapOfFrame(sf), refNames(sf)) };
}

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

function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

/** `symdap/heapGraph` {frameId} or {nodeId} (a tree node's innermost frame): the heap graph as JSON (docs/heap-graph.md). */
export async function heapGraphBody(
  d: Debuggee,
  args: Record<string, unknown>,
  frame: (id: unknown) => FrameRef,
): Promise<HeapGraph> {
  const node = args.frameId === undefined && typeof args.nodeId === 'number' ? d.run.tree.node(args.nodeId) : undefined;
  if (args.frameId === undefined && !node)
    throw new UserError(`symdap/heapGraph needs a frameId or a known nodeId, got ${JSON.stringify(args.nodeId)}`);
  const ref = node ? { node, frameIndex: 0 } : frame(args.frameId);
  const sf = { state: ref.node.state, frameIndex: ref.frameIndex };
  return heapGraphWithAliases(
    { sf, node: ref.node, checked: d.checked },
    { solver: d.solver, T: d.T, pc: pcTerms(sf.state.pc) },
  );
}

/**
 * `symdap/diffPaths` {a, b} (thread ids: their current states) or {nodeA, nodeB} (tree nodes):
 * the engine's diff of the two (engine/why/diff.ts) — where they parted, each side's conditions,
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
