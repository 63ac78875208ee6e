// The amount of a part of a predicate instance where the engine meets it (docs/design.md
// "Fractions of predicate instances", issue 24): a constant the checker folded, or a perm
// expression evaluated to a real term (folded back when constant). Viper's checks come first:
// `fold`/`unfold acc(q(ē), p)` need p > 0 (`permission.not.positive`), an exhaled part p >= 0
// (`negative.permission`); a failed check goes on with the check assumed, as a permission
// failure does.

import type { Expr } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { ZERO } from '../../lang/rational';
import { exactly, isNone, type Amount } from '../state/amounts';
import type { Term } from '../terms/term';
import type { State } from '../state/state';
import { realLit } from '../terms/reals';
import type { Span } from '../../lang/span';
import { checkProperty } from './checks';
import type { EngineContext, Successor } from './context';
import { evalTerm, type EvalEnv, type Obligation } from './eval';
import { checkObligations } from './evalChecked';
import { amountOf } from './heap/scaleAssertion';
import { termAmount } from './heap/symInstances';
import { permAmount } from '../../lang/permAmount';

export interface InstanceAmount {
  readonly s: State;
  /** undefined: write. */
  readonly amount: Amount | undefined;
}

/**
 * The amount `e` names in `env` (undefined e: write). A symbolic one must be positive
 * (`positive`: fold, unfold) or non-negative; the failure is a `permission` failure at `span`.
 */
export async function instanceAmount(
  ctx: EngineContext,
  s: State,
  e: Expr | undefined,
  env: EvalEnv,
  span: Span,
  positive: boolean,
  leaves: Successor[],
): Promise<InstanceAmount | undefined> {
  const T = ctx.T;
  let cur = s;
  let amount: Amount | undefined;
  let p: Term;
  if (!e || permAmount(e).ok) {
    amount = amountOf(e);
    // Viper's fold and unfold of none: `permission.not.positive`.
    if (!positive || !amount || !isNone(amount)) return { s, amount };
    p = realLit(T, ZERO);
  } else {
    const obligations: Obligation[] = [];
    p = evalTerm(e, env, obligations);
    const checked = await checkObligations(ctx, s, obligations);
    leaves.push(...checked.leaves);
    if (!checked.next) return undefined;
    cur = checked.next;
    const a = termAmount(p);
    amount = a === 'none' ? exactly(ZERO) : a;
  }
  const zero = realLit(T, ZERO);
  const holds = positive ? T.lt(zero, p) : T.le(zero, p);
  const message = `the permission amount ${printExpr(e ?? { kind: 'var', name: 'write', span })} may ${positive ? 'not be positive' : 'be negative'}`;
  const out = await checkProperty(ctx, cur, holds, { kind: 'permission', span, message }, message);
  leaves.push(...out.leaves);
  return out.next ? { s: out.next, amount } : undefined;
}
