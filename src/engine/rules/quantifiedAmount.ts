// The amount of a quantified field permission that is not a constant (docs/design.md B.10):
// `forall x :: d(x) ==> acc(e(x).f, p(x))`, p a Perm expression that may mention x. As Silicon
// does (its quantified chunks, read to learn), p is evaluated under the binder; its own runtime
// checks hold where d does; `∀x. d(x) ⇒ p(x) >= 0` is checked at every produce and consume
// (Viper's `negative.permission`) before injectivity, and a receiver need only be injective
// where p is positive (rules/quantifiedInverse.ts). A constant amount takes none of this.

import type { Acc, Expr } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { ZERO } from '../../lang/rational';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import type { State } from '../state/state';
import type { Obligation } from '../state/obligation';
import type { EngineContext, Successor } from './context';
import { evalExpr, type EvalEnv } from './eval';
import { constantAmount } from './heap/fractions';
import { assumeConjunct, checkAll } from './checks';
import type { AmountCheck } from './quantifiedPerms';

/** A non-constant amount read under the binder. */
export interface BinderAmount {
  /** p(x), x the binder's term. */
  readonly term: Term;
  /** p's runtime checks where d holds, closed over the binder. */
  readonly obligations: readonly Obligation[];
  /** ∀x. d(x) ⇒ 0 ≤ p(x). */
  readonly nonNegative: Term;
}

/** The message of a failed `p >= 0` (errorIds.ts maps it to `negative.permission`). */
export function negativeMessage(amount: Expr): string {
  return `the permission amount ${printExpr(amount, 200)} may be negative`;
}

/** p evaluated with the binders as `xs` (under the guard d), or undefined for a constant amount. */
export function binderAmount(
  T: TermStore,
  acc: Acc,
  env: EvalEnv,
  xs: readonly Term[],
  d: Term,
): BinderAmount | undefined {
  if (!acc.amount || constantAmount(acc)) return undefined;
  const raw: Obligation[] = [];
  const term = evalExpr(acc.amount, env, raw) as Term;
  const obligations = raw.map(({ heal: _, ...o }) => ({ ...o, cond: T.forall([...xs], T.implies(d, o.cond)) }));
  const nonNegative = T.forall([...xs], T.implies(d, realBinary(T, 'le', realLit(T, ZERO), term)));
  return { term, obligations, nonNegative };
}

export interface AmountHow {
  /** Checked elsewhere (a procedure's entry, a callee's ensures): assumed. */
  readonly assume: boolean;
  /** The well-formedness pass's mapping of a failure to its clause (rules/wellFormed.ts). */
  readonly selfFraming?: (o: Obligation) => Obligation;
}

/** Checks (or assumes) `∀x. d(x) ⇒ p(x) >= 0`: a `permission` failure at the amount, the path going on as if it held. */
export async function nonNegativeAmount(
  ctx: EngineContext,
  s: State,
  check: AmountCheck | undefined,
  reason: string,
  leaves: Successor[],
  how: AmountHow,
): Promise<State | undefined> {
  if (!check) return s;
  if (how.assume) return assumeConjunct(s, check.term, check.span, reason);
  const raw: Obligation = { kind: 'permission', cond: check.term, span: check.span, message: check.message };
  const o = how.selfFraming ? how.selfFraming(raw) : raw;
  const site = { kind: 'permission' as const, span: o.span, message: o.message };
  const out = await checkAll(ctx, s, [{ cond: check.term, site, reason }]);
  leaves.push(...out.leaves);
  return out.next;
}
