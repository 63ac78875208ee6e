// Viper's labels, old states and quasihavoc, lowered to Sym (docs/viper.md "Labels, old and
// quasihavoc"). `label l` is Sym's label; `old(e)` and `old[l](e)` are Sym's old with `heapOnly`:
// Viper evaluates only heap reads in the earlier state (Silicon swaps the heap, not the store),
// and is allowed in method bodies, assertions and loop invariants as well as in postconditions.
// `quasihavoc [c ==>] e.f` and `quasihavoc [c ==>] P(ē)` are Sym's quasihavoc statement (no Sym
// syntax; engine rules/quasihavoc.ts, quasihavocPred.ts).

import type { Expr, Stmt } from '../ast';
import type { VExpr, VStmt } from './ast';
import { fail, refuse, type LowerCtx, type Place } from './context';

/** Where Viper's old may stand: not in preconditions, functions nor predicate bodies. */
const OLD_PLACES: ReadonlySet<Place> = new Set<Place>(['ensures', 'code', 'assertion', 'invariant']);

export function lowerOld(
  e: Extract<VExpr, { kind: 'old' }>,
  ctx: LowerCtx,
  lowerExpr: (e: VExpr, ctx: LowerCtx) => Expr,
): Expr {
  if (!OLD_PLACES.has(ctx.place)) refuse(ctx, 'old(…) in a precondition, function or predicate', e.span);
  if (e.label === 'lhs') refuse(ctx, 'magic wands (old[lhs])', e.span);
  const label = e.label === undefined ? {} : { label: e.label, labelSpan: e.labelSpan ?? e.span };
  return { kind: 'old', expr: lowerExpr(e.expr, ctx), ...label, heapOnly: true, span: e.span };
}

export function lowerLabel(s: Extract<VStmt, { kind: 'label' }>): Stmt[] {
  return [{ kind: 'label', name: s.name, nameSpan: s.nameSpan, span: s.span }];
}

export function lowerQuasihavoc(
  s: Extract<VStmt, { kind: 'quasihavoc' }>,
  ctx: LowerCtx,
  lowerExpr: (e: VExpr, ctx: LowerCtx) => Expr,
): Stmt[] {
  const code = { ...ctx, place: 'code' as const };
  const [cond, loc] =
    s.expr.kind === 'binary' && s.expr.op === '==>' ? [s.expr.left, s.expr.right] : [undefined, s.expr];
  if (loc.kind === 'app' && ctx.decls.predicates.has(loc.name)) {
    const args = loc.args.map((a) => lowerExpr(a, code));
    const target = { kind: 'call' as const, callee: loc.name, calleeSpan: loc.nameSpan, args, span: loc.span };
    return [{ kind: 'quasihavoc', ...(cond ? { cond: lowerExpr(cond, code) } : {}), target, span: s.span }];
  }
  if (loc.kind !== 'field') {
    fail(ctx, 'quasihavoc needs a field access or a predicate instance', s.span);
    return [];
  }
  const target = lowerExpr(loc, code);
  if (target.kind !== 'field') return [];
  return [{ kind: 'quasihavoc', ...(cond ? { cond: lowerExpr(cond, code) } : {}), target, span: s.span }];
}
