// Inhale-exhale assertions `[A, B]` (issue 24; Viper: A is used where the assertion is inhaled,
// B where it is exhaled, and both must be well-formed). A statement that only inhales (`inhale`,
// `assume`) or only exhales (`exhale`, `assert`) reads its side here, statically. A method's
// contract or a loop invariant, inhaled in one place and exhaled in another, keeps the node
// (Sym's `inhaleExhale`): the engine's produce reads A and its consume B
// (rules/heap/assertions.ts), and its well-formedness pass checks both. `[A, A]` is A anywhere.
// `[A, B]` whose sides hold the same permissions in another order is A. In a function's
// requires a node is kept: each application checks B and knows the body's value only where A
// holds, and only when A holds no permission B does not (else the application is abstract);
// `f@post`'s check reads A (rules/inhaleExhaleSides.ts). In its ensures, a node whose sides are
// both pure is kept: the postcondition's check reads B and its applications assume A. Other
// nodes in a function's ensures, and those in a predicate's body (whose snapshot numbers the
// body's permissions by position: fold would number B's, unfold A's), are refused by name.

import type { Expr } from '../ast';
import { astNodes } from '../astNodes';
import { printExpr } from '../printer';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

export const INHALE_EXHALE_FEATURE = 'inhale-exhale assertion ([A, B]) in a function or predicate';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export function lowerInhaleExhale(e: Extract<VExpr, { kind: 'inhaleExhale' }>, ctx: LowerCtx, lower: Lower): Expr {
  if (ctx.side) return lower(ctx.side === 'inhale' ? e.inhale : e.exhale, ctx);
  const inhale = lower(e.inhale, ctx);
  const exhale = lower(e.exhale, ctx);
  if (printExpr(inhale) === printExpr(exhale)) return inhale;
  const node: Expr = { kind: 'inhaleExhale', inhale, exhale, span: e.span };
  if (!ctx.inFunction && (ctx.place === 'requires' || ctx.place === 'ensures' || ctx.place === 'invariant'))
    return node;
  // Two sides holding the same permissions in another order (Silver's silicon/0271.vpr) are one.
  if (samePermissions(inhale, exhale, ctx)) return inhale;
  // A function's requires: B is checked at applications, A assumed where it is verified; an
  // application knows the body's value only where A holds no permission B does not
  // (rules/inhaleExhaleSides.ts). Its ensures hold no permission in Viper.
  if (ctx.place === 'requires' && ctx.inFunction) return node;
  if (ctx.place === 'fnPost' && isPure(inhale, ctx) && isPure(exhale, ctx)) return node;
  refuse(ctx, INHALE_EXHALE_FEATURE, e.span);
  return { kind: 'boolLit', value: true, span: e.span };
}

/** Whether a lowered side holds no permission (no accessibility, instance, nested `[A, B]`). */
function isPure(e: Expr, ctx: LowerCtx): boolean {
  for (const n of astNodes(e)) {
    if (n.kind === 'acc' || n.kind === 'inhaleExhale') return false;
    if (n.kind === 'call' && ctx.decls.predicates.has((n as unknown as { callee: string }).callee)) return false;
  }
  return true;
}

/** Whether both sides are conjunctions of the same permissions (accessibilities, instances), in any order. */
function samePermissions(a: Expr, b: Expr, ctx: LowerCtx): boolean {
  const parts = (e: Expr): string[] | undefined => {
    if (e.kind === 'binary' && e.op === '&&') {
      const l = parts(e.left);
      const r = parts(e.right);
      return l && r ? [...l, ...r] : undefined;
    }
    const permission = e.kind === 'acc' || (e.kind === 'call' && ctx.decls.predicates.has(e.callee));
    return permission ? [printExpr(e)] : undefined;
  };
  const pa = parts(a)?.sort();
  const pb = parts(b)?.sort();
  return pa !== undefined && pb !== undefined && pa.join('\n') === pb.join('\n');
}

/** A function's requires or ensures: each `[A, B]` must be a top-level conjunct (the engine picks a side there only); else refused by name. */
export function checkFunctionSides(clauses: readonly Expr[], ctx: LowerCtx): void {
  const top = new Set<Expr>();
  const collect = (e: Expr): void => {
    if (e.kind === 'binary' && e.op === '&&') {
      collect(e.left);
      collect(e.right);
    } else if (e.kind === 'inhaleExhale') top.add(e);
  };
  clauses.forEach(collect);
  for (const n of astNodes(clauses))
    if (n.kind === 'inhaleExhale' && !top.has(n as Expr)) refuse(ctx, INHALE_EXHALE_FEATURE, n.span ?? clauses[0].span);
}
