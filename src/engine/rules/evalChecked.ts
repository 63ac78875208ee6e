// Evaluating an expression together with its runtime checks, for every rule that evaluates
// program expressions: the checks (rules/checks.ts) end the failing sides, healing
// (rules/heal.ts) lets a path without a permission go on. Its own file, not the stepper's
// (rules/execute.ts), so that the rules it serves never import the dispatcher that calls them.

import type { Expr } from '../../lang/ast';
import type { State, SymValue } from '../state/state';
import type { Obligation } from '../state/obligation';
import { evalExpr } from './eval';
import { checkAll, obligationProperty, type PropertyOutcome } from './checks';
import type { EngineContext, Successor } from './context';
import { envOf } from './frames';
import { checkHealing } from './heal';

/** Evaluates `e` and checks its runtime obligations; calls `k` with the value on the state that goes on. */
export function withValue(
  ctx: EngineContext,
  s: State,
  e: Expr,
  k: (s: State, v: SymValue) => Promise<Successor[]> | Successor[],
): Promise<Successor[]> {
  const obligations: Obligation[] = [];
  const v = evalExpr(e, envOf(ctx, s), obligations);
  // Most expressions carry no runtime check: straight on, without an async frame.
  if (obligations.length === 0) return Promise.resolve(k(s, v));
  return withChecked(ctx, s, e, obligations, v, k);
}

async function withChecked(
  ctx: EngineContext,
  s: State,
  e: Expr,
  obligations: readonly Obligation[],
  v: SymValue,
  k: (s: State, v: SymValue) => Promise<Successor[]> | Successor[],
): Promise<Successor[]> {
  const checked = await checkHealing(ctx, s, obligations, (healed) => withValue(ctx, healed, e, k));
  return checked.next ? [...checked.leaves, ...(await k(checked.next, v))] : checked.leaves;
}

export function checkObligations(
  ctx: EngineContext,
  s: State,
  obligations: readonly Obligation[],
): Promise<PropertyOutcome> {
  return checkAll(ctx, s, obligations.map(obligationProperty));
}
