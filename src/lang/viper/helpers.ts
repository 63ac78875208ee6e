// Generated helper procedures for what Sym has no statement for. In modular mode (how `.vpr`
// files are verified) a call uses only the callee's contract, so
// - `exhale A` is a call of `exhale@L:C(vars)`, whose `requires A` is consumed at the call and
//   whose body is empty (it verifies trivially: it has no ensures);
// - `inhale A` is a call of `inhale@L:C(vars)`, whose `ensures A` is produced at the call and
//   whose body is `assume false` (it has no path to check).
// The helper's parameters are the variables A reads, with their types, so A means the same
// inside. Its spans are the statement's, so failures and the well-formedness of A point there.
// Names contain `@`, which no Viper identifier can, so they never clash.

import type { Expr, Proc, Stmt } from '../ast';
import type { Span } from '../span';
import type { VExpr } from './ast';
import type { LowerCtx } from './context';
import { lowerExpr } from './lowerExpr';
import { helperParams } from './helperParams';

export function exhaleHelper(a: VExpr, span: Span, ctx: LowerCtx, what = 'exhale'): Stmt {
  const cond = lowerExpr(a, { ...ctx, place: 'assertion' });
  return helperCall(`${what}@${span.line}:${span.col}#${ctx.out.helpers.length + 1}`, cond, 'requires', span, ctx);
}

export function inhaleHelper(a: VExpr, span: Span, ctx: LowerCtx): Stmt {
  const cond = lowerExpr(a, { ...ctx, place: 'assertion' });
  return helperCall(`inhale@${span.line}:${span.col}#${ctx.out.helpers.length + 1}`, cond, 'ensures', span, ctx);
}

/** An inhale's or exhale's helper for an assertion already lowered (a magic wand's parts: lowerWandStmt.ts). */
export function loweredHelper(what: 'inhale' | 'exhale', cond: Expr, span: Span, ctx: LowerCtx): Stmt {
  const name = `${what}@${span.line}:${span.col}#${ctx.out.helpers.length + 1}`;
  return helperCall(name, cond, what === 'inhale' ? 'ensures' : 'requires', span, ctx);
}

function helperCall(name: string, cond: Expr, role: 'requires' | 'ensures', span: Span, ctx: LowerCtx): Stmt {
  const params = helperParams([cond], span, ctx);
  const vars = params.map((p) => p.name);
  const body: Stmt[] =
    role === 'ensures' ? [{ kind: 'assume', cond: { kind: 'boolLit', value: false, span }, span }] : [];
  const proc: Proc = {
    kind: 'proc',
    name,
    nameSpan: span,
    params,
    returns: [],
    requires: role === 'requires' ? [cond] : [],
    ensures: role === 'ensures' ? [cond] : [],
    body: { kind: 'block', stmts: body, span },
    statementHelper: true,
    // Its entry would read forperm and perm(…) in the heap its requires makes, not the caller's:
    // the call checks every part of it in the caller's heap (rules/forperm.ts).
    // Its old(e) is the caller's (Viper's old in an exhale: the method's pre-state), read
    // at the call (rules/calls.ts): it is never verified on its own either.
    ...((role === 'requires' && readsPermissions(cond)) || readsOld(cond) ? { contractOnly: true as const } : {}),
    span,
  };
  ctx.out.helpers.push(proc);
  const args: Expr[] = vars.map((v) => ({ kind: 'var', name: v, span }));
  return { kind: 'callStmt', call: { kind: 'call', callee: name, calleeSpan: span, args, span }, span };
}

/** Whether a lowered expression has an `old(…)` in it. */
function readsOld(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(readsOld);
  if (e === null || typeof e !== 'object') return false;
  const node = e as Record<string, unknown>;
  return node.kind === 'old' || Object.entries(node).some(([k, v]) => k !== 'span' && readsOld(v));
}

/** Whether an expression asks what the heap holds (forperm, perm(…)). */
function readsPermissions(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(readsPermissions);
  if (e === null || typeof e !== 'object') return false;
  const node = e as Record<string, unknown>;
  if (node.kind === 'quant' && node.resource !== undefined) return true;
  if (node.kind === 'call' && node.callee === 'perm') return true;
  return Object.entries(node).some(([k, v]) => k !== 'span' && readsPermissions(v));
}
