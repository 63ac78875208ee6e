// Permission amounts in Viper (issue 24): `acc(e.f, p)` lowered to Sym's `acc(e.f, p)` when p
// is a constant permission Sym folds exactly (docs/language.md "Fractional permissions"):
// integer literals under `/`, `*`, `+`, `-`, `write`, `none`, or `wildcard` alone. Any other
// amount (a Perm variable, perm(…), a fraction of a predicate instance) is refused by name,
// never read as `write`; so is `/` anywhere but in an amount (it is Viper's permission division).

import type { Expr } from '../ast';
import { permAmount } from '../permAmount';
import type { Span } from '../span';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

/** The feature name a refused amount is reported under. */
export const AMOUNT_FEATURE = 'permission amount other than a constant fraction, write, none or wildcard';

/** The Sym amount of `p`, or undefined (refused) when it is not a constant Sym folds. */
function amountExpr(p: VExpr): Expr | undefined {
  switch (p.kind) {
    case 'int':
      return { kind: 'intLit', value: p.value, span: p.span };
    case 'var':
      return ['none', 'wildcard'].includes(p.name) ? { kind: 'var', name: p.name, span: p.span } : undefined;
    case 'unsupported':
      return p.feature === 'permission values (write)' ? { kind: 'var', name: 'write', span: p.span } : undefined;
    case 'binary': {
      if (!['+', '-', '*', '/'].includes(p.op)) return undefined;
      const left = amountExpr(p.left);
      const right = amountExpr(p.right);
      return left && right ? { kind: 'binary', op: p.op as '+', left, right, span: p.span } : undefined;
    }
    default:
      return undefined;
  }
}

/** `acc(e.f, p)`'s Sym amount; undefined for `write` (no amount), refusing what Sym cannot fold. */
export function lowerAmount(p: VExpr, span: Span, ctx: LowerCtx): Expr | undefined {
  const e = amountExpr(p);
  const folded = e && permAmount(e);
  if (!e || !folded || !folded.ok) {
    refuse(ctx, AMOUNT_FEATURE, span);
    return undefined;
  }
  return e.kind === 'var' && e.name === 'write' ? undefined : e;
}

/** `/` outside an amount: Viper's permission division of Perm values, which symdap does not have. */
export function refuseDivision(ctx: LowerCtx, span: Span): void {
  refuse(ctx, 'permission-typed values (Perm division)', span);
}
