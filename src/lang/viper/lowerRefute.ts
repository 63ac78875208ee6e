// Viper's `refute A` (the refute plugin; docs/viper.md "refute") is Sym's refute statement
// (engine rules/refute.ts, verify/refutes.ts): it fails with `refute.failed:refutation.true`
// when A holds on every path that reaches it, or no path does. An A that holds permissions is
// refused by name: Viper would exhale-check it (`assert A`), which the engine's refute does not.

import type { Stmt } from '../ast';
import type { VExpr, VStmt } from './ast';
import { refuse, type LowerCtx } from './context';
import { hasPermissions, lowerExpr } from './lowerExpr';

export function lowerRefute(s: Extract<VStmt, { kind: 'refute' }>, ctx: LowerCtx): Stmt[] {
  ctx.out.sites.push({ kind: 'refute', span: s.span });
  const expr: VExpr = s.expr;
  if (hasPermissions(expr, ctx)) {
    refuse(ctx, 'refute of an assertion with permissions', s.span);
    return [];
  }
  return [{ kind: 'refute', cond: lowerExpr(expr, { ...ctx, place: 'assertion', side: 'exhale' }), span: s.span }];
}
