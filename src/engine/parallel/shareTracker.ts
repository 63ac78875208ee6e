// How far a lane is through a subtree while it explores it: the expected share of the
// subtree's paths that have ended, every branching taken to split the work evenly (as
// laneStart.ts's expectedShare weighs whole tasks). A split run decides whether to start
// its other lanes after a fixed slice of this thread's first subtree (lanes.ts), and this
// share is the pace it decides with; it is tracked only until then (a map entry per live node).

import type { TreeNode } from '../explore/tree';

export class ShareTracker {
  /** The share of each live node below the subtree's root (absent: the root, share 1). */
  private readonly shares = new Map<number, number>();
  private ended = 0;

  /** The share of the subtree whose paths have ended, 0 to 1. */
  done(): number {
    return this.ended;
  }

  expanded(node: TreeNode, kids: readonly TreeNode[]): void {
    const share = this.take(node) / Math.max(1, kids.length);
    for (const k of kids) this.shares.set(k.id, share);
  }

  endedPath(node: TreeNode): void {
    this.ended += this.take(node);
  }

  private take(node: TreeNode): number {
    const share = this.shares.get(node.id) ?? (this.shares.size === 0 ? 1 : 0);
    this.shares.delete(node.id);
    return share;
  }
}
