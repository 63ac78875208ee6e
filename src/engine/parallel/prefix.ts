// A subtree of the execution tree named by the decisions that reach it from the roots:
// [root index, child index, child index, …]. Plain numbers, so a prefix crosses to a worker
// thread, which replays it from its own root (Z3 objects cannot be transferred; replaying
// the decisions is the simplest sound way to rebuild a state in another solver).

export type Prefix = readonly number[];

/**
 * The order in which the depth-first searcher (a stack) meets disjoint subtrees: it pushes
 * the roots, and a node's children, in order and pops the last first, so at the first
 * decision where two prefixes differ the larger index comes first. Merging pieces of a
 * parallel run in this order reproduces a one-job run's first failure at each site.
 */
export function dfsOrder(a: Prefix, b: Prefix): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return a.length - b.length;
}
