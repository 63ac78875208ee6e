// Builds the page's view of the execution tree: only the states where something happens
// (start, branch, join, call, failure, end, frontier, a paused thread) are nodes; the plain
// steps between them fold into the edge, which keeps the branch condition and its line.
// Breadth-first from the roots, so a capped view keeps the top of the tree.

import { isSymArray, isTerminal, type State, type SymValue } from '../engine/state/state';
import { printTerm } from '../engine/terms/print';
import type { ExecutionTree, TreeNode } from '../engine/explore/tree';
import { locationOf } from '../adapter/runtime/location';
import { shortPc } from '../adapter/runtime/paths';
import type { ViewEdge, ViewKind, ViewNode, ViewStatus } from './model';
import { isExcludedPath } from '../engine/verify/synthVerdict';
import type { CheckedProgram } from '../lang/checked';
import { heapGraph } from '../adapter/runtime/heapGraph';
import { summarizeFailure } from '../adapter/runtime/describe';
import type { HeapGraph } from './heap/model';

/** What the debugger adds: where threads stand, and which held branch children a click follows. */
export interface ViewMarks {
  readonly owner: (n: TreeNode) => number | undefined;
  /** Node id → a thread whose cursor stands there. */
  readonly paused: ReadonlyMap<number, number>;
  /** Node id → the thread holding it as an unexplored branch child. */
  readonly held: ReadonlyMap<number, number>;
  /** A program with synth functions: failed paths are shown as `excluded`. */
  readonly excluding?: boolean;
  /** The program: with classes, view nodes carry their state's heap graph. */
  readonly checked?: CheckedProgram;
  /** A failure's class in a sentence, once known (runtime/why.ts, the report's classes). */
  readonly classOf?: (n: TreeNode) => string | undefined;
  /** The heap as sent: with positions where the sender laid it out (`urgent`: a paused or failing node's). */
  readonly placeHeap?: (n: TreeNode, heap: HeapGraph, urgent: boolean) => HeapGraph;
}

/** Heap graphs go into at most this many view nodes (breadth-first: the top of the tree). */
export const MAX_HEAP_VIEW_NODES = 400;

/** Facts of a node that never change (states are immutable): printed once. */
interface Facts {
  readonly line?: number;
  readonly proc: string;
  readonly pc: string;
  readonly locals: [string, string][];
  readonly note?: string;
  readonly counterexample?: string;
  readonly heap?: HeapGraph;
}

export type FactCache = WeakMap<TreeNode, Facts>;

const MAX_LOCALS = 16;

export function buildView(
  tree: ExecutionTree,
  max: number,
  marks?: ViewMarks,
  cache: FactCache = new WeakMap(),
): { nodes: ViewNode[]; truncated: boolean } {
  const out = new Map<number, { node: ViewNode; edges: ViewEdge[] }>();
  // Each entry: an engine node, the kept node above it, and the first node after that one.
  const queue: { n: TreeNode; from?: number; via?: TreeNode }[] = tree.roots.map((n) => ({ n }));
  let truncated = false;
  for (let i = 0; i < queue.length; i++) {
    const { n, from, via } = queue[i];
    const kind = kindOf(tree, n, marks);
    const edge = from !== undefined ? edgeOf(from, via ?? n) : undefined;
    if (!kind) {
      for (const c of tree.childrenOf(n) ?? []) queue.push({ n: c, from, via: via ?? n });
      continue;
    }
    const known = out.get(n.id);
    if (known) {
      if (edge) known.edges.push(edge);
      continue;
    }
    if (out.size >= max) {
      truncated = true;
      continue;
    }
    const edges: ViewEdge[] = edge ? [edge] : [];
    const withHeap =
      marks?.checked !== undefined && marks.checked.classes.size > 0 && out.size < MAX_HEAP_VIEW_NODES
        ? marks.checked
        : undefined;
    out.set(n.id, { node: viewNode(n, kind, edges, facts(n, cache, withHeap), marks), edges });
    for (const c of tree.childrenOf(n) ?? []) queue.push({ n: c, from: n.id });
  }
  return { nodes: [...out.values()].map((v) => v.node), truncated };
}

function kindOf(tree: ExecutionTree, n: TreeNode, marks?: ViewMarks): ViewKind | undefined {
  const s = n.state;
  if (s.status === 'failed') return 'failure';
  if (isTerminal(s.status)) return 'end';
  if (n.label.kind === 'join') return 'join';
  if (s.status === 'waiting') return 'wait';
  if (marks?.paused.has(n.id)) return 'paused';
  const kids = tree.childrenOf(n);
  if (!kids) return 'frontier';
  if (kids.length > 1) return 'branch';
  if (!n.parent) return 'start';
  return s.frames.length > n.parent.state.frames.length ? 'call' : undefined;
}

function edgeOf(from: number, via: TreeNode): ViewEdge {
  const l = via.label;
  if (l.kind === 'then' || l.kind === 'else')
    return { from, label: `${l.kind}: ${printTerm(l.cond, { maxLength: 60 })}`, line: l.span.line };
  if (l.kind === 'failure') return { from, label: 'failure', line: l.failure.span.line };
  return { from };
}

export function viewStatus(s: State, paused: boolean, excluding = false): ViewStatus {
  switch (s.status) {
    case 'done':
      return 'completed';
    case 'failed':
      return isExcludedPath(s.status, excluding) ? 'excluded' : 'failed';
    case 'infeasible':
      return 'infeasible';
    // A solver `unknown` ends the path like a bound does: the verdict is unknown, never verified.
    case 'bounded':
    case 'unknown':
      return 'bounded';
    default:
      return paused ? 'paused' : 'live';
  }
}

function viewNode(n: TreeNode, kind: ViewKind, edges: ViewEdge[], f: Facts, marks?: ViewMarks): ViewNode {
  const paused = marks?.paused.get(n.id);
  const held = marks?.held.get(n.id);
  const thread = paused ?? marks?.owner(n);
  const side = n.label.kind === 'then' || n.label.kind === 'else' ? n.label.kind : undefined;
  const why = n.state.failure ? marks?.classOf?.(n) : undefined;
  return {
    id: n.id,
    kind,
    status: viewStatus(n.state, paused !== undefined, marks?.excluding),
    line: f.line,
    in: edges,
    proc: f.proc,
    pc: f.pc,
    locals: f.locals,
    ...(f.note ? { note: f.note } : {}),
    ...(f.counterexample ? { counterexample: f.counterexample } : {}),
    ...(why ? { why } : {}),
    ...(f.heap
      ? { heap: marks?.placeHeap?.(n, f.heap, paused !== undefined || n.state.status === 'failed') ?? f.heap }
      : {}),
    ...(thread !== undefined ? { thread } : {}),
    ...(held !== undefined && side ? { follow: { thread: held, branch: side } } : {}),
  };
}

function facts(n: TreeNode, cache: FactCache, withHeap?: CheckedProgram): Facts {
  let f = cache.get(n);
  if (f && withHeap && !f.heap && n.state.heap !== undefined && n.state.frames.length > 0) {
    f = { ...f, heap: heapGraph({ sf: { state: n.state, frameIndex: 0 }, node: n, checked: withHeap }) };
    cache.set(n, f);
  }
  if (!f) {
    const s = n.state;
    const top = s.frames[s.frames.length - 1];
    const locals = top ? [...top.store].slice(0, MAX_LOCALS).map(([k, v]): [string, string] => [k, valueText(v)]) : [];
    const note = s.failure ? `${s.failure.kind}: ${s.failure.message}` : isTerminal(s.status) ? s.status : undefined;
    const counterexample = s.failure ? summarizeFailure(s, n)?.counterexample : undefined;
    const heap =
      withHeap && s.heap !== undefined && top
        ? heapGraph({ sf: { state: s, frameIndex: 0 }, node: n, checked: withHeap })
        : undefined;
    f = {
      line: locationOf(s)?.line,
      proc: top?.proc.name ?? '',
      pc: shortPc(n, 200),
      locals,
      note,
      ...(counterexample ? { counterexample } : {}),
      ...(heap ? { heap } : {}),
    };
    cache.set(n, f);
  }
  return f;
}

function valueText(v: SymValue): string {
  return isSymArray(v) ? `array(length ${printTerm(v.length, { maxLength: 40 })})` : printTerm(v, { maxLength: 80 });
}
