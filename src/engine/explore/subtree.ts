// A searcher limited to the subtree below one node, depth-first (issue 22): what the debugger's
// `continue` on one thread explores, through the same explorer as every other run. It pulls
// the children of the node it handed out last from the tree (a retained tree keeps them), so
// it needs no listener; a waiting node of the subtree is kept aside and followed into the
// node its join merges it into once the explorer releases the joins.

import type { Searcher } from './searchers';
import type { ExecutionTree, TreeNode } from './tree';

export class SubtreeSearcher implements Searcher {
  private readonly stack: TreeNode[];
  private readonly waiting: TreeNode[] = [];
  private last: TreeNode | undefined;

  constructor(
    private readonly tree: ExecutionTree,
    root: TreeNode,
  ) {
    this.stack = [root];
  }

  // The run's own searcher is told what became live; this one reads the tree instead.
  add(): void {}
  remove(): void {}

  select(): TreeNode | undefined {
    if (this.last) this.pushChildren(this.last);
    this.last = undefined;
    for (;;) {
      const n = this.stack.pop();
      if (!n) {
        if (!this.followJoins()) return undefined;
        continue;
      }
      if (n.state.status === 'waiting' && !this.tree.childrenOf(n)) {
        this.waiting.push(n);
        continue;
      }
      // Ended, or stepped already (by hand, or merged): nothing of it left to expand here.
      if (n.state.status !== 'running' || this.tree.childrenOf(n)) continue;
      this.last = n;
      return n;
    }
  }

  /** The first child first (the order a depth-first walk of the subtree takes). */
  private pushChildren(n: TreeNode): void {
    const kids = this.tree.childrenOf(n) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) this.stack.push(kids[i]);
  }

  /** Waiting nodes whose joins were released: their merged nodes go on. */
  private followJoins(): boolean {
    let found = false;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const merged = this.tree.childrenOf(this.waiting[i]);
      if (!merged) continue;
      this.waiting.splice(i, 1);
      for (const m of merged) if (!this.stack.includes(m)) this.stack.push(m);
      found = true;
    }
    return found;
  }
}
