// Bottom-up folds over term DAGs without recursion: terms can be 100,000 levels deep (a
// long chain of updates), far beyond the JS stack. Each distinct term is combined once.

import type { Term } from './term';

/**
 * Combine every term below `root` (children first) and return the root's result.
 * `memo` may be kept by the caller to share results between calls on the same store.
 */
export function foldTerm<R>(
  root: Term,
  combine: (t: Term, args: readonly R[]) => R,
  memo: Map<number, R> = new Map(),
): R {
  const stack: Term[] = [root];
  while (stack.length > 0) {
    const t = stack[stack.length - 1];
    if (memo.has(t.id)) {
      stack.pop();
      continue;
    }
    let ready = true;
    for (const c of t.args) {
      if (!memo.has(c.id)) {
        ready = false;
        stack.push(c);
      }
    }
    if (ready) {
      stack.pop();
      memo.set(t.id, combine(t, t.args.map((c) => memo.get(c.id) as R)));
    }
  }
  return memo.get(root.id) as R;
}

/** Every distinct term below and including `root`, children before parents. */
export function postOrder(root: Term): Term[] {
  const out: Term[] = [];
  foldTerm<true>(root, (t) => {
    out.push(t);
    return true;
  });
  return out;
}
