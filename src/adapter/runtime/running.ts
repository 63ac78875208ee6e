// `continue`: explore all live paths with the run's searcher (or, with singleThread, one
// thread's subtree depth-first: the same explorer with a searcher limited to that subtree)
// until a breakpoint, an enabled exception filter, a pause or the end. Paths that end cleanly on the way are only counted; the explorer's stop test is
// synchronous, so it flags candidates and the conditions are then checked here.

import type { TreeNode } from '../../engine/explore/tree';
import type { PathThread } from './paths';
import { checkArrival, isCandidate } from './stops';
import { stopAtNode, type Outcome } from './stepping';
import type { Debuggee } from './debuggee';
import { explore } from '../../engine/explore/explorer';
import { SubtreeSearcher } from '../../engine/explore/subtree';

interface Candidate {
  readonly child: TreeNode;
  readonly parent: TreeNode | undefined;
}

export class Runner {
  /** Candidates not yet checked when the last run stopped (e.g. a sibling also at a breakpoint). */
  private queue: Candidate[] = [];
  private active = false;

  constructor(private readonly d: Debuggee) {
    // Joins released inside the explorer are not shown to its stop test: check them here.
    d.run.tree.listen({
      onLive: (n) => {
        if (this.active && n.mergedFrom && isCandidate(d, n, n.parent)) {
          this.queue.push({ child: n, parent: n.parent });
          d.control.paused = true;
        }
      },
    });
  }

  /** A node reached without the explorer (the root of a run started without stopping on entry). */
  consider(node: TreeNode): void {
    if (isCandidate(this.d, node, node.parent)) this.queue.push({ child: node, parent: node.parent });
  }

  async continueAll(t: PathThread | undefined, singleThread: boolean): Promise<Outcome> {
    const { paths } = this.d;
    const output: string[] = [];
    paths.releaseAll();
    // Every path the user travelled back on first replays its recorded future (the continued
    // thread first): a breakpoint there stops it, whichever thread the client continued.
    const moving = singleThread && t ? [t] : [...(t ? [t] : []), ...paths.all().filter((th) => th !== t)];
    for (const th of moving.filter((x) => x.cursor !== x.tip)) {
      const replayed = await this.replay(th, output);
      if (replayed) return replayed;
    }
    // A stopped failure (or other kept end) stays listed, at its end, until the session ends.
    this.active = true;
    try {
      for (;;) {
        const stop = await this.drainQueue(output);
        if (stop) return stop;
        if (this.d.pause.requested) return this.paused(t, output);
        this.d.control.paused = false;
        const result =
          singleThread && t
            ? await this.dfs(t)
            : (await this.d.run.run((c, p) => this.stopAt(c, p), this.d.control)).reason;
        if (result === 'paused' && this.queue.length === 0 && this.d.pause.requested) return this.paused(t, output);
        if (result === 'done' && this.queue.length === 0) return { output };
      }
    } finally {
      this.active = false;
      this.d.control.paused = false;
    }
  }

  private paused(t: PathThread | undefined, output: string[]): Outcome {
    this.d.pause.requested = false;
    const target = t && this.d.paths.get(t.id) ? t : this.d.paths.listed(1)[0];
    return target ? { stop: stopAtNode(target, 'pause'), output } : { output };
  }

  private lastParent: TreeNode | undefined;

  /** The explorer's synchronous test: queue every child of the expanded node that may stop. */
  private stopAt(child: TreeNode, parent: TreeNode): boolean {
    if (parent !== this.lastParent) {
      this.lastParent = parent;
      for (const k of this.d.run.tree.childrenOf(parent) ?? [child]) {
        if (isCandidate(this.d, k, parent)) this.queue.push({ child: k, parent });
      }
    }
    return this.queue.length > 0;
  }

  /** Checks queued candidates in order; the first that really stops becomes the outcome. */
  private async drainQueue(output: string[]): Promise<Outcome | undefined> {
    while (this.queue.length > 0) {
      const c = this.queue.shift()!;
      const owner = this.d.paths.owner(c.child);
      if (!owner) continue;
      const a = await checkArrival(this.d, c.child, c.parent);
      output.push(...a.logs);
      if (!a.reason) continue;
      owner.cursor = c.child;
      return { stop: stopAtNode(owner, a.reason, undefined, a.hitBreakpointIds), output };
    }
    this.lastParent = undefined;
    return undefined;
  }

  /** Walks a thread's recorded future (after time travel); stops at a breakpoint or a kept end on it. */
  private async replay(t: PathThread, output: string[]): Promise<Outcome | undefined> {
    const chain: TreeNode[] = [];
    for (let n: TreeNode | undefined = t.tip; n && n !== t.cursor; n = n.parent) chain.push(n);
    for (const n of chain.reverse()) {
      const a = await checkArrival(this.d, n, n.parent);
      output.push(...a.logs);
      if (a.reason) {
        t.cursor = n;
        return { stop: stopAtNode(t, a.reason, undefined, a.hitBreakpointIds), output };
      }
    }
    t.cursor = t.tip;
    return undefined;
  }

  /** singleThread: the explorer, depth-first over the subtree below the thread's tip only. */
  private async dfs(t: PathThread): Promise<'done' | 'paused' | 'stopped'> {
    const tree = this.d.run.tree;
    const r = await explore(tree, {
      searcher: new SubtreeSearcher(tree, t.tip),
      stopAt: (c, p) => this.stopAt(c, p),
      control: this.d.control,
    });
    return r.reason;
  }
}
