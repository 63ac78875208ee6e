// The execution-tree page's data: plain JSON shared by the adapter (`symdap/tree` with
// `compact: true`, the `symdap/treeDelta` event), the headless report and the page itself.
// Only type imports (of plain JSON shapes), so the browser bundle and Node both use it.

import type { HeapGraph } from './heap/model';

/** A node's own status: how its path ended, or `live` (its state could step, and did or may), `paused` (a thread stands here).
 *  `excluded`: a failed path of a program with synth functions (it only rules out the functions that reach it). */
export type ViewStatus = 'live' | 'paused' | 'completed' | 'failed' | 'infeasible' | 'bounded' | 'excluded';

/** Why the node is shown: something happens at each of these states. */
/** `wait`: a path arrived at a join (the join node merges the waits: the tree is a DAG). */
export type ViewKind = 'start' | 'branch' | 'join' | 'wait' | 'call' | 'failure' | 'end' | 'frontier' | 'paused';

export interface ViewEdge {
  /** The view node the edge comes from. */
  readonly from: number;
  /** The branch condition (`then: x > 0`), `failure`, or nothing for a plain step. */
  readonly label?: string;
  /** The line of the branch that chose this edge. */
  readonly line?: number;
}

export interface ViewNode {
  /** The node's id in `symdap/tree` (the engine's node id). */
  readonly id: number;
  readonly kind: ViewKind;
  readonly status: ViewStatus;
  readonly line?: number;
  /** Incoming edges: one, several for a join (the tree is a DAG), none for a root. */
  readonly in: readonly ViewEdge[];
  readonly proc: string;
  readonly pc: string;
  readonly locals: readonly (readonly [string, string])[];
  /** Failure message or end summary. */
  readonly note?: string;
  /** The thread whose path ends (or stands) here. */
  readonly thread?: number;
  /** A failure: the inputs that drive the path to it. */
  readonly counterexample?: string;
  /** A failure: its class in a sentence (real / specification too weak / undecided), once known. */
  readonly why?: string;
  /** Programs with objects: the heap graph of the node's state (innermost frame, no solver alias facts). */
  readonly heap?: HeapGraph;
  /** An unexplored branch child held by a thread: clicking it follows this side. */
  readonly follow?: { readonly thread: number; readonly branch: 'then' | 'else' };
}

export interface TreeView {
  readonly file: string;
  readonly source: string;
  readonly nodes: readonly ViewNode[];
  readonly truncated: boolean;
  /** Headless report only: the verdict line. */
  readonly verdict?: string;
  /** Vacuity and reachability warnings of a run that verified (unreached lines), once known. */
  readonly warnings?: readonly ViewWarning[];
  /** Live views: the sender lays heaps out and sends their positions in a later delta (a page waits for them). */
  readonly placing?: boolean;
}

export interface ViewWarning {
  readonly kind: string;
  readonly line: number;
  readonly message: string;
}

/** `symdap/treeDelta`: what changed since the last event (nodes added or changed, nodes gone). */
export interface TreeDelta {
  readonly upsert: readonly ViewNode[];
  readonly remove: readonly number[];
  readonly truncated: boolean;
  /** The run's warnings, when they became known (the session's end). */
  readonly warnings?: readonly ViewWarning[];
}
