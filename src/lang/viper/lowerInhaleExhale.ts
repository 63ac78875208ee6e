// Inhale-exhale assertions `[A, B]` (issue 24; Viper: A is used where the assertion is inhaled,
// B where it is exhaled, and both must be well-formed). A statement that only inhales (`inhale`,
// `assume`) or only exhales (`exhale`, `assert`) reads its side here, statically. A method's
// contract or a loop invariant, inhaled in one place and exhaled in another, keeps the node
// (Sym's `inhaleExhale`): the engine's produce reads A and its consume B
// (rules/heap/assertions.ts), and its well-formedness pass checks both. In a function's
// contract or a predicate's body the node is refused by name: those are read as pure or
// unfolded assertions, where symdap does not pick a side yet.

import type { Expr } from '../ast';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

export const INHALE_EXHALE_FEATURE = 'inhale-exhale assertion ([A, B]) in a function or predicate';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export function lowerInhaleExhale(e: Extract<VExpr, { kind: 'inhaleExhale' }>, ctx: LowerCtx, lower: Lower): Expr {
  if (ctx.side) return lower(ctx.side === 'inhale' ? e.inhale : e.exhale, ctx);
  if (!ctx.inFunction && (ctx.place === 'requires' || ctx.place === 'ensures' || ctx.place === 'invariant'))
    return { kind: 'inhaleExhale', inhale: lower(e.inhale, ctx), exhale: lower(e.exhale, ctx), span: e.span };
  refuse(ctx, INHALE_EXHALE_FEATURE, e.span);
  return { kind: 'boolLit', value: true, span: e.span };
}
