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

/** How many argument slots of the DAG below `root` refer to each term. */
export function useCounts(root: Term): Map<number, number> {
  const uses = new Map<number, number>();
  for (const t of postOrder(root)) for (const c of t.args) uses.set(c.id, (uses.get(c.id) ?? 0) + 1);
  return uses;
}

/**
 * foldTerm that forgets a result as soon as its last parent has used it, so only the
 * frontier is kept alive: for results as big as texts on long chains.
 */
export function foldTermReleasing<R>(root: Term, combine: (t: Term, args: readonly R[]) => R): R {
  const uses = useCounts(root);
  const memo = new Map<number, R>();
  return foldTerm<R>(root, (t, args) => {
    const result = combine(t, args);
    for (const c of t.args) {
      const left = (uses.get(c.id) ?? 1) - 1;
      uses.set(c.id, left);
      if (left === 0) memo.delete(c.id);
    }
    return result;
  }, memo);
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
