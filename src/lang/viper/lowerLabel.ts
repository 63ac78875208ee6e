// Viper's labels, old states and quasihavoc, lowered to Sym (docs/viper.md "Labels, old and
// quasihavoc"). `label l` is Sym's label; `old(e)` and `old[l](e)` are Sym's old with `heapOnly`:
// Viper evaluates only heap reads in the earlier state (Silicon swaps the heap, not the store),
// and is allowed in method bodies, assertions and loop invariants as well as in postconditions.
// `quasihavoc [c ==>] e.f` and `quasihavoc [c ==>] P(ē)` are Sym's quasihavoc statement (no Sym
// syntax; engine rules/quasihavoc.ts, quasihavocPred.ts); `quasihavocall x̄ :: [c ==>] …` the same
// with its binders (rules/quasihavocAll.ts), refused where c or the target reads the heap (the
// engine evaluates them over bound variables and at inverse functions, not built for reads).

import type { Expr, Quasihavoc, Stmt } from '../ast';
import { astNodes, type AstNode } from '../astNodes';
import type { VExpr, VStmt } from './ast';
import { fail, refuse, type LowerCtx, type Place } from './context';
import { bindVars } from './quantifiers';

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
  const bound = s.vars ? bindVars(s.vars, ctx) : undefined;
  const code = { ...(bound?.inner ?? ctx), place: 'code' as const };
  if (s.vars) ctx.out.sites.push({ kind: 'quasihavocall', span: s.span });
  const [cond, loc] =
    s.expr.kind === 'binary' && s.expr.op === '==>' ? [s.expr.left, s.expr.right] : [undefined, s.expr];
  let target: Quasihavoc['target'];
  if (loc.kind === 'app' && ctx.decls.predicates.has(loc.name)) {
    const args = loc.args.map((a) => lowerExpr(a, code));
    target = { kind: 'call' as const, callee: loc.name, calleeSpan: loc.nameSpan, args, span: loc.span };
  } else if (loc.kind === 'field') {
    const lowered = lowerExpr(loc, code);
    if (lowered.kind !== 'field') return [];
    target = lowered;
  } else if (loc.kind === 'wand') {
    refuse(ctx, `${s.vars ? 'quasihavocall' : 'quasihavoc'} of a magic wand`, loc.span);
    return [];
  } else {
    fail(ctx, `${s.vars ? 'quasihavocall' : 'quasihavoc'} needs a field access or a predicate instance`, s.span);
    return [];
  }
  const out: Quasihavoc = {
    kind: 'quasihavoc',
    ...(bound ? { vars: bound.binders } : {}),
    ...(cond ? { cond: lowerExpr(cond, code) } : {}),
    target,
    span: s.span,
  };
  const reads = bound ? heapRead(out) : undefined;
  if (reads) refuse(ctx, 'quasihavocall whose condition or location reads the heap', reads.span ?? s.span);
  return reads ? [] : [out];
}

/** Sym's nodes that read the heap (a field, a function's application, old, unfolding, …). */
const HEAP_KINDS: ReadonlySet<string> = new Set([
  'field',
  'call',
  'old',
  'acc',
  'unfolding',
  'untouched',
  'inhaleExhale',
  'asserting',
  'new',
  'index',
  'length',
]);

/** What quasihavocall's binders select must not depend on the heap: its reads are not built. */
function heapRead(q: Quasihavoc): AstNode | undefined {
  const parts = [q.cond, q.target.kind === 'call' ? q.target.args : q.target.object];
  for (const n of astNodes(parts)) if (HEAP_KINDS.has(n.kind)) return n;
  return undefined;
}
