// Conditional assertions (`b ==> A`, `b ? A1 : A2` with permissions in a branch) in produce
// and consume: the path branches on the test, as in Silicon, and goes on with the side that
// holds. A side the solver finds infeasible is dropped; an undecided one ends as unknown.

import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import type { Conjunct } from './heap/assertions';
import { split } from './checks';
import type { EngineContext, Successor } from './context';

export interface Side {
  readonly state: State;
  /** Whether the test holds on this side. */
  readonly then: boolean;
}

/** The feasible sides of conditional conjunct `c` whose test evaluated to `test` in `s`. */
export async function branchOn(
  ctx: EngineContext,
  s: State,
  c: Extract<Conjunct, { kind: 'cond' }>,
  test: Term,
  leaves: Successor[],
): Promise<Side[]> {
  const out = await split(ctx, s, test, c.test.span, printExpr(c.test, 80));
  leaves.push(...out.leaves);
  return [
    ...(out.then ? [{ state: out.then, then: true }] : []),
    ...(out.else ? [{ state: out.else, then: false }] : []),
  ];
}
