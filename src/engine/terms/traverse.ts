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
      memo.set(
        t.id,
        combine(
          t,
          t.args.map((c) => memo.get(c.id) as R),
        ),
      );
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

/** Every distinct term below and including `root`, children before parents. */
export function postOrder(root: Term): Term[] {
  const out: Term[] = [];
  foldTerm<true>(root, (t) => {
    out.push(t);
    return true;
  });
  return out;
}

/** A piece of text output: literal text, or a term to expand in a context. */
export type Piece<C> = string | { readonly term: Term; readonly ctx: C };

/**
 * Text of a term produced top-down, left to right, with an explicit stack: linear in the
 * output (no repeated flattening of growing strings), and it stops once `limit`
 * characters exist, so even DAGs with exponential tree size print quickly.
 */
export function emitText<C>(
  root: Term,
  ctx: C,
  expand: (t: Term, ctx: C) => readonly Piece<C>[],
  limit = Infinity,
): string {
  const out: string[] = [];
  let length = 0;
  const stack: Piece<C>[] = [{ term: root, ctx }];
  while (stack.length > 0 && length <= limit) {
    const p = stack.pop() as Piece<C>;
    if (typeof p === 'string') {
      out.push(p);
      length += p.length;
      continue;
    }
    const pieces = expand(p.term, p.ctx);
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
  }
  return out.join('');
}
