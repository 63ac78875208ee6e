// Silicon's `recursivePredicateUnfoldings` (default 1): an `unfolding P(…) in e` met while the
// body of another instance of P is being put in place by an `unfolding` (a predicate whose body
// unfolds an instance of itself, `list` with `unfolding list(n.next) in n.val <= n.next.val`)
// is not evaluated: its value is a fresh symbol and it checks nothing. Without this cut each
// instance's body would unfold the next one without end. As in Silicon, whose counter only
// records once an unfolding's body is being produced (`recordVisited`), the outermost
// unfolding is not counted: from code, two levels of a body's own unfoldings are evaluated. It is sound: the cut is met only while
// a body is produced (its facts assumed), where a fresh value assumes nothing of the heap; a
// check that rests on it fails (at worst a false alarm), as in Silicon.

import type { TermStore } from '../terms/store';
import type { Sort, Term } from '../terms/term';
import type { SymValue } from '../state/state';
import type { EvalEnv } from './evalEnv';

/** Whether an `unfolding` of `pred` here is cut (another instance of its body is being unfolded). */
export function cutUnfolding(env: EvalEnv, pred: string): boolean {
  return env.unfoldingBodies?.has(pred) === true;
}

/** The environment in which the body of an instance of `pred` is unfolded (the outermost one starts the count). */
export function unfoldingBody(env: EvalEnv, pred: string): EvalEnv {
  if (env.unfoldingBodies === undefined) return { ...env, unfoldingBodies: new Set() };
  return { ...env, unfoldingBodies: new Set([...env.unfoldingBodies, pred]) };
}

/** The value of a cut `unfolding`: an unknown of its sort. */
export function cutValue(T: TermStore, sort: Sort, pred: string): SymValue {
  if (sort.kind === 'array')
    throw new Error('the symbolic engine does not support an array-valued unfolding nested in its own body yet');
  const t: Term = T.symbol(sort, `unfolding ${pred}`, `an unfolding of ${pred} nested in its own body (not evaluated)`);
  return t;
}
