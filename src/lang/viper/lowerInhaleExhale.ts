// Inhale-exhale assertions `[A, B]` (issue 24; Viper: A is used where the assertion is inhaled,
// B where it is exhaled, and both must be well-formed). A statement that only inhales (`inhale`,
// `assume`) or only exhales (`exhale`, `assert`) reads its side here, statically. A method's
// contract or a loop invariant, inhaled in one place and exhaled in another, keeps the node
// (Sym's `inhaleExhale`): the engine's produce reads A and its consume B
// (rules/heap/assertions.ts), and its well-formedness pass checks both. `[A, A]` is A anywhere.
// In a function's requires or ensures, a node whose sides are both pure is kept: each
// application checks B and knows the body's value only where A holds, the postcondition's
// check reads B and its applications assume A (rules/inhaleExhaleSides.ts). Other nodes in a
// function's contract, and those in a predicate's body (whose snapshot numbers the body's
// permissions by position: fold would number B's, unfold A's), are refused by name.

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
  const functionContract = (ctx.place === 'requires' && ctx.inFunction) || ctx.place === 'fnPost';
  if (functionContract && isPure(inhale, ctx) && isPure(exhale, ctx)) return node;
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
