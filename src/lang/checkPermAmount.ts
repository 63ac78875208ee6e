// The amount of an `acc(e.f, p)` (docs/language.md "Fractional permissions"): a constant the
// checker folds (permAmount.ts: fractions, write, none, wildcard), or any expression of type
// perm (a perm variable or parameter, `b ? write : none`, `k / 2`), which the engine evaluates
// and decides with the solver (engine/rules/heap/symAmounts.ts). `wildcard` stays a whole
// amount: it is never part of an expression.

import type { Call, Expr } from './ast';
import type { ExprContext } from './exprContext';
import { permAmount } from './permAmount';
import { PERM, typeName, type Type } from './types';

/** `write` and `none`: perm constants wherever no variable has the name. */
export const PERM_NAMES: ReadonlySet<string> = new Set(['write', 'none']);

type Check = (e: Expr, ctx: ExprContext, hint?: Type) => Type | undefined;

/** Whether `e` mentions `wildcard` as a name (only a whole amount may be one). */
function mentionsWildcard(e: Expr): boolean {
  if (e.kind === 'var') return e.name === 'wildcard';
  if (e.kind === 'binary') return mentionsWildcard(e.left) || mentionsWildcard(e.right);
  if (e.kind === 'unary') return mentionsWildcard(e.operand);
  if (e.kind === 'cond') return mentionsWildcard(e.cond) || mentionsWildcard(e.then) || mentionsWildcard(e.otherwise);
  return false;
}

export function checkAmount(check: Check, amount: Expr, ctx: ExprContext): void {
  const folded = permAmount(amount);
  if (folded.ok) return;
  if (!folded.message.startsWith('unsupported:') || mentionsWildcard(amount)) {
    ctx.tables.error(folded.span, folded.message);
    return;
  }
  const t = check(amount, ctx, PERM);
  if (t && t.kind !== 'perm')
    ctx.tables.error(amount.span, `a permission amount must be of type perm, not ${typeName(t)}`);
}

/** `perm(e.f)`, `perm(q(ē))`: the amount of e.f or of the instance held, of type perm (a function named perm takes precedence). */
export function permOfType(check: Check, call: Call, ctx: ExprContext): Type | undefined {
  const arg = call.args.length === 1 ? call.args[0] : undefined;
  const instance = arg?.kind === 'call' && ctx.heap?.predicates.has(arg.callee);
  if (arg?.kind !== 'field' && !instance) {
    ctx.tables.error(call.span, "'perm' needs one field access or predicate instance, such as perm(c.x) or perm(q(c))");
    return undefined;
  }
  check(arg, ctx);
  return PERM;
}
