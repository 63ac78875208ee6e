// The `symdap/tree` request's answer as plain data: the execution tree breadth-first from its
// roots, capped, each node with its line, status, edge label, short path condition, the
// threads at it and (programs with objects) its heap rows.

import { printTerm } from '../../engine/terms/print';
import type { TreeNode } from '../../engine/explore/tree';
import { isExcludedPath } from '../../engine/verify/synthVerdict';
import { REQUEST_LIMITS } from '../limits';
import { locationOf } from './location';
import { shortPc } from './paths';
import { heapOfFrame, heapRowData, refNames, type HeapRowData } from './heapView';
import type { Debuggee } from './debuggee';

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

function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}
