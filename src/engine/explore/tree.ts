// The execution tree: computed lazily and memoised. A node's successors are computed once
// (concurrent requests share one computation); the debugger moves path cursors over the
// nodes, the explorer expands the frontier with a searcher. A join makes the tree a DAG: the
// merged node is the one child of every node that waited at the join.

import type { Join } from '../../lang/ast';
import { isTerminal, type State, type Status } from '../state/state';
import { mergeAtJoin } from '../rules/join/joins';
import { groupByShape } from '../rules/heap/joinHeaps';
import type { EdgeLabel, EngineContext, Successor } from '../rules/context';
import { step } from '../rules/execute';
import { reviewAfterJoin } from '../rules/join/concreteCheck';

export interface TreeNode {
  readonly id: number;
  readonly parent?: TreeNode;
  readonly depth: number;
  readonly state: State;
  /** How this node was reached from its parent. */
  readonly label: EdgeLabel;
  /** For a node made by a join: the waiting nodes it merges. */
  readonly mergedFrom?: readonly TreeNode[];
}

export interface TreeListener {
  /** A node that can still step (running) or waits at a join joined the frontier. */
  onLive?(node: TreeNode): void;
  /** A frontier node was expanded (or released from a join) and left the frontier. */
  onExpanded?(node: TreeNode, children: readonly TreeNode[]): void;
  /** A node ended its path (done, failed, infeasible, bounded, unknown). */
  onEnded?(node: TreeNode): void;
}

export interface TreeCounts {
  steps: number;
  nodes: number;
  ended: Record<Exclude<Status, 'running' | 'waiting'>, number>;
}

export class ExecutionTree {
  readonly roots: TreeNode[] = [];
  readonly counts: TreeCounts = {
    steps: 0,
    nodes: 0,
    ended: { done: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 },
  };
  private nextId = 1;
  private readonly children = new Map<number, readonly TreeNode[]>();
  private readonly pending = new Map<number, Promise<readonly TreeNode[]>>();
  private readonly byId = new Map<number, TreeNode>();
  private readonly frontier = new Map<number, TreeNode>();
  private readonly listeners: TreeListener[] = [];

  /** With `retain` false (headless verification) expanded nodes are not indexed or memoised, so finished subtrees can be freed. */
  constructor(
    private readonly ctx: EngineContext,
    private readonly retain: boolean,
  ) {}

  listen(l: TreeListener): void {
    this.listeners.push(l);
  }

  /** The program and the term store the states' terms live in: what readers of the states need (heap graphs). */
  get program(): EngineContext['checked'] {
    return this.ctx.checked;
  }
  get terms(): EngineContext['T'] {
    return this.ctx.T;
  }

  node(id: number): TreeNode | undefined {
    return this.byId.get(id) ?? this.frontier.get(id);
  }

  live(): TreeNode[] {
    return [...this.frontier.values()];
  }

  /** The memoised successors, if computed. */
  childrenOf(node: TreeNode): readonly TreeNode[] | undefined {
    return this.children.get(node.id);
  }

  addRoot(state: State): TreeNode {
    const node = this.create(undefined, state, { kind: 'step' });
    this.roots.push(node);
    this.admit(node);
    return node;
  }

  /** The successors of a running node, computed once. */
  expand(node: TreeNode): Promise<readonly TreeNode[]> {
    const known = this.children.get(node.id);
    if (known) return Promise.resolve(known);
    if (node.state.status !== 'running') return Promise.resolve([]);
    let p = this.pending.get(node.id);
    if (!p) {
      p = this.compute(node);
      this.pending.set(node.id, p);
    }
    return p;
  }

  /** Clears its own `pending` entry (set by `expand` before the first await here returns):
   *  a try/finally, not `.finally()`, saves a promise per step. */
  private async compute(node: TreeNode): Promise<readonly TreeNode[]> {
    let successors: Successor[];
    try {
      const reviewed = reviewAfterJoin(this.ctx, await step(this.ctx, node.state));
      successors = reviewed instanceof Promise ? await reviewed : reviewed;
    } finally {
      this.pending.delete(node.id);
    }
    this.counts.steps++;
    const kids = successors.map((s) => this.create(node, s.state, s.label));
    if (this.retain) this.children.set(node.id, kids);
    this.frontier.delete(node.id);
    for (const l of this.listeners) l.onExpanded?.(node, kids);
    kids.forEach((k) => this.admit(k));
    return kids;
  }

  /**
   * Releases the paths waiting at a join once no running path of their activation remains
   * (no other path can still arrive). Returns the merged nodes (possibly none).
   */
  releaseJoins(): TreeNode[] {
    const groups = new Map<string, { join: Join; nodes: TreeNode[] }>();
    const busy = new Set<number>();
    for (const n of this.frontier.values()) {
      if (n.state.status === 'running') for (const f of n.state.frames) busy.add(f.activation);
    }
    for (const n of this.frontier.values()) {
      if (n.state.status !== 'waiting') continue;
      const frames = n.state.frames;
      const activation = frames[frames.length - 1].activation;
      if (busy.has(activation)) continue;
      const key = `${activation}`;
      const join = n.state.waitingAt!;
      const g = groups.get(key);
      // Within one activation, release the earliest join first: the merged path may reach the others.
      if (!g || before(join, g.join)) groups.set(key, { join, nodes: [n] });
      else if (g.join === join) g.nodes.push(n);
    }
    const merged: TreeNode[] = [];
    for (const { join, nodes } of groups.values()) {
      for (const same of groupByShape(!join.cond, nodes, (n) => n.state.heap)) merged.push(this.merge(same, join));
    }
    return merged;
  }

  private merge(nodes: TreeNode[], join: Join): TreeNode {
    nodes.sort((a, b) => a.id - b.id);
    const state = mergeAtJoin(
      this.ctx,
      nodes.map((n) => n.state),
      join,
    );
    const node = this.create(nodes[0], state, { kind: 'join', incoming: nodes.length }, nodes);
    for (const n of nodes) {
      if (this.retain) this.children.set(n.id, [node]);
      this.frontier.delete(n.id);
      for (const l of this.listeners) l.onExpanded?.(n, [node]);
    }
    this.admit(node);
    return node;
  }

  private create(
    parent: TreeNode | undefined,
    state: State,
    label: EdgeLabel,
    mergedFrom?: readonly TreeNode[],
  ): TreeNode {
    const node: TreeNode = {
      id: this.nextId++,
      parent,
      depth: parent ? parent.depth + 1 : 0,
      state,
      label,
      mergedFrom,
    };
    this.counts.nodes++;
    if (this.retain) this.byId.set(node.id, node);
    return node;
  }

  private admit(node: TreeNode): void {
    if (isTerminal(node.state.status)) {
      this.counts.ended[node.state.status as keyof TreeCounts['ended']]++;
      for (const l of this.listeners) l.onEnded?.(node);
      return;
    }
    this.frontier.set(node.id, node);
    for (const l of this.listeners) l.onLive?.(node);
  }
}

function before(a: Join, b: Join): boolean {
  return a.span.line < b.span.line || (a.span.line === b.span.line && a.span.col < b.span.col);
}
