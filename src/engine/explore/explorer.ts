// Runs the live paths of a tree with a searcher until nothing is left, a stop condition
// holds, or someone pauses. Yields to the event loop regularly so a `pause` request (or any
// other message) is handled within milliseconds even in a long exploration.

import type { Searcher } from './searchers';
import type { ExecutionTree, TreeNode } from './tree';
import { Yielder } from './yielder';

export interface ExploreControl {
  /** Set by the caller (e.g. the debugger's pause) to stop at the next opportunity. */
  paused: boolean;
}

export interface ExploreOptions {
  readonly searcher: Searcher;
  /** Called for each child of an expanded node: true stops the exploration at that child. */
  readonly stopAt?: (child: TreeNode, parent: TreeNode) => boolean;
  readonly control?: ExploreControl;
}

export type ExploreResult =
  { readonly reason: 'done' } | { readonly reason: 'stopped'; readonly node: TreeNode } | { readonly reason: 'paused' };

export async function explore(tree: ExecutionTree, opts: ExploreOptions): Promise<ExploreResult> {
  const yielder = new Yielder();
  for (;;) {
    if (opts.control?.paused) return { reason: 'paused' };
    const node = opts.searcher.select();
    if (!node) {
      if (tree.releaseJoins().length > 0) continue;
      return { reason: 'done' };
    }
    const kids = await tree.expand(node);
    if (opts.stopAt) {
      const hit = kids.find((k) => opts.stopAt!(k, node));
      if (hit) return { reason: 'stopped', node: hit };
    }
    await yielder.maybeYield();
  }
}
