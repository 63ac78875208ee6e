// `x in [a..b)` read as Silicon's and Carbon's sequence axiom for ranges, `a <= x && x < b`
// (Seq#Contains(Seq#Range(a, b), x) in their preludes), so the bounds may be any Int
// expressions and a quantifier's condition reaches the quantified-permission machinery as a
// plain bound on its binder. Viper checks the definedness of all three operands (`in` does not
// short-circuit); `&&` would skip `b` when `x < a`, so unless `b` is defined in every state (a
// variable, a literal, linear arithmetic over them, a length), `b` is still evaluated on that
// branch: `a <= x ? x < b : b < b`.

import type { Expr } from '../ast';
import type { Span } from '../span';
import type { VExpr } from './ast';
import type { LowerCtx } from './context';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type VRange = Extract<VExpr, { kind: 'coll' }> & { readonly op: 'range' };

/** Whether `e` is a range `[a..b)` (the right side of `in` this file reads). */
export function isRange(e: VExpr): e is VRange {
  return e.kind === 'coll' && e.op === 'range';
}

/** `x in [a..b)` with `x` already lowered. */
export function lowerRangeMembership(x: Expr, range: VRange, span: Span, ctx: LowerCtx, lower: Lower): Expr {
  const [a, b] = range.args.map((arg) => lower(arg, ctx));
  const bin = (op: '<=' | '<' | '&&', left: Expr, right: Expr): Expr => ({ kind: 'binary', op, left, right, span });
  const c = (e: Expr): Expr => structuredClone(e);
  const above = bin('<=', a, x);
  if (definedEverywhere(b)) return bin('&&', above, bin('<', c(x), b));
  return { kind: 'cond', cond: above, then: bin('<', c(x), b), otherwise: bin('<', c(b), c(b)), span };
}

/** An expression whose evaluation cannot fail (no heap read, call, division, index). */
function definedEverywhere(e: Expr): boolean {
  switch (e.kind) {
    case 'intLit':
    case 'var':
      return true;
    case 'unary':
      return e.op === '-' && definedEverywhere(e.operand);
    case 'binary':
      return ['+', '-', '*'].includes(e.op) && definedEverywhere(e.left) && definedEverywhere(e.right);
    case 'coll':
      return e.op === 'size' && e.args.every(definedEverywhere);
    default:
      return false;
  }
}
