// Searchers decide which live path the explorer steps next (KLEE's Searcher): depth-first,
// breadth-first, random path (weighted towards shallow nodes, as a random walk from the root
// would be), and new-coverage first. They are told what became live and what left.

import type { TreeNode } from './tree';
import { nextSpan } from '../state/state';

export type SearcherName = 'dfs' | 'bfs' | 'random' | 'coverage';
export const SEARCHERS: readonly SearcherName[] = ['dfs', 'bfs', 'random', 'coverage'];

export interface Searcher {
  add(node: TreeNode): void;
  remove(node: TreeNode): void;
  /** Takes the next node to step out of the searcher. */
  select(): TreeNode | undefined;
}

/** A stack or queue with lazy removal (removal is rare: only when the user steps a path by hand). */
class ListSearcher implements Searcher {
  private items: TreeNode[] = [];
  private head = 0;
  private readonly members = new Set<number>();
  constructor(private readonly lifo: boolean) {}
  add(node: TreeNode): void {
    this.items.push(node);
    this.members.add(node.id);
  }
  remove(node: TreeNode): void {
    this.members.delete(node.id);
  }
  select(): TreeNode | undefined {
    while (this.head < this.items.length) {
      const n = this.lifo ? this.items.pop()! : this.items[this.head++];
      if (this.members.delete(n.id)) return n;
    }
    this.items = [];
    this.head = 0;
    return undefined;
  }
}

/** mulberry32: small, seeded, reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a live node with probability proportional to 2^-depth, like a random walk from the root. */
class RandomPathSearcher implements Searcher {
  private readonly nodes = new Map<number, TreeNode>();
  constructor(private readonly random: () => number) {}
  add(node: TreeNode): void {
    this.nodes.set(node.id, node);
  }
  remove(node: TreeNode): void {
    this.nodes.delete(node.id);
  }
  select(): TreeNode | undefined {
    if (this.nodes.size === 0) return undefined;
    const all = [...this.nodes.values()];
    const minDepth = Math.min(...all.map((n) => n.depth));
    const weights = all.map((n) => Math.pow(2, -Math.min(60, n.depth - minDepth)));
    let r = this.random() * weights.reduce((a, b) => a + b, 0);
    let pick = all[all.length - 1];
    for (let i = 0; i < all.length; i++) {
      r -= weights[i];
      if (r <= 0) {
        pick = all[i];
        break;
      }
    }
    this.nodes.delete(pick.id);
    return pick;
  }
}

/** Prefers paths about to execute a statement no path has executed yet; otherwise depth-first. */
class CoverageSearcher implements Searcher {
  private readonly covered = new Set<string>();
  private readonly fresh = new ListSearcher(true);
  private readonly rest = new ListSearcher(true);
  add(node: TreeNode): void {
    (this.isNew(node) ? this.fresh : this.rest).add(node);
  }
  remove(node: TreeNode): void {
    this.fresh.remove(node);
    this.rest.remove(node);
  }
  select(): TreeNode | undefined {
    for (let n = this.fresh.select(); n; n = this.fresh.select()) {
      if (this.isNew(n)) return this.cover(n);
      this.rest.add(n);
    }
    const n = this.rest.select();
    return n && this.cover(n);
  }
  private key(node: TreeNode): string | undefined {
    const sp = nextSpan(node.state);
    return sp && `${sp.line}:${sp.col}`;
  }
  private isNew(node: TreeNode): boolean {
    const k = this.key(node);
    return k !== undefined && !this.covered.has(k);
  }
  private cover(node: TreeNode): TreeNode {
    const k = this.key(node);
    if (k) this.covered.add(k);
    return node;
  }
}

export function createSearcher(name: SearcherName, seed = 1): Searcher {
  switch (name) {
    case 'dfs':
      return new ListSearcher(true);
    case 'bfs':
      return new ListSearcher(false);
    case 'random':
      return new RandomPathSearcher(seededRandom(seed));
    case 'coverage':
      return new CoverageSearcher();
  }
}
