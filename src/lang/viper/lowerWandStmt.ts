// Viper's `package A --* B` and `apply A --* B` (docs/viper.md "Magic wands"; design.md "Magic
// wands"). A package is a call of a generated helper `package@L:C#k` (requires A, ensures B,
// marked `wand: 'package'`): the engine packages there (rules/packageWand.ts): A produced into
// an empty heap, B consumed from that heap and then from the current one, the left-over of A
// dropped; then the wand's instance is inhaled. An apply is Silicon's: exhale the wand's
// instance and A, inhale B. A package with a proof script is refused by name.

import type { Expr, Stmt } from '../ast';
import type { VStmt } from './ast';
import { fail, refuse, type LowerCtx } from './context';
import { loweredHelper } from './helpers';
import { helperParams } from './helperParams';
import { lowerExpr } from './lowerExpr';
import { lowerWand, type VWand } from './lowerWand';

type Package = Extract<VStmt, { kind: 'package' }>;
type Apply = Extract<VStmt, { kind: 'apply' }>;

interface Parts {
  readonly instance: Expr;
  readonly left: Expr;
  readonly right: Expr;
}

/** The wand's instance and its two sides, lowered as assertions; undefined where refused. */
function parts(w: VWand, ctx: LowerCtx): Parts | undefined {
  const inner = { ...ctx, place: 'assertion' as const };
  const instance = lowerWand(w, inner, lowerExpr);
  if (instance === undefined) return undefined;
  return { instance, left: lowerExpr(w.left, inner), right: lowerExpr(w.right, inner) };
}

export function lowerPackage(s: Package, ctx: LowerCtx): Stmt[] {
  if (s.wand.kind !== 'wand') {
    fail(ctx, 'package needs a magic wand (A --* B)', s.wand.span);
    return [];
  }
  if (s.proof !== undefined) {
    refuse(ctx, 'magic wands (package with a proof script)', s.proof.span);
    return [];
  }
  ctx.out.sites.push({ kind: 'package', span: s.span });
  const p = parts(s.wand, ctx);
  if (p === undefined) return [];
  const span = s.span;
  const name = `package@${span.line}:${span.col}#${ctx.out.helpers.length + 1}`;
  const params = helperParams([p.left, p.right], span, ctx);
  ctx.out.helpers.push({
    kind: 'proc',
    name,
    nameSpan: span,
    params,
    returns: [],
    requires: [p.left],
    ensures: [p.right],
    body: { kind: 'block', stmts: [], span },
    contractOnly: true,
    statementHelper: true,
    wand: 'package',
    span,
  });
  const args: Expr[] = params.map((v) => ({ kind: 'var', name: v.name, span }));
  const call: Stmt = { kind: 'callStmt', call: { kind: 'call', callee: name, calleeSpan: span, args, span }, span };
  return [call, loweredHelper('inhale', p.instance, span, ctx)];
}

export function lowerApply(s: Apply, ctx: LowerCtx): Stmt[] {
  if (s.wand.kind !== 'wand') {
    fail(ctx, 'apply needs a magic wand (A --* B)', s.wand.span);
    return [];
  }
  ctx.out.sites.push({ kind: 'apply', span: s.span });
  const p = parts(s.wand, ctx);
  if (p === undefined) return [];
  const both: Expr = { kind: 'binary', op: '&&', left: p.instance, right: p.left, span: s.span };
  return [loweredHelper('exhale', both, s.span, ctx), loweredHelper('inhale', p.right, s.span, ctx)];
}
