// `assume A` where A holds permissions (docs/viper.md "assume, asserting and quasihavoc of predicates"). Viper does not
// inhale such an A: its front end (Silver's impure-assume rewriting) turns every permission in A
// into a pure fact about the permission already held, and inhales the result, which adds nothing:
//   acc(e.f, p)   becomes   perm(e.f) >= p + Σ_j (c_j && e_j == e ? p_j : none)
// where j ranges over the earlier accesses of the same field in A (left to right), e_j their
// receivers, p_j their amounts and c_j the left sides of the implications `c ==> …` around them
// (a conditional `b ? A1 : A2` adds no condition, as in Viper). A predicate instance is read the
// same way with its arguments compared pairwise. The predicate of an `unfolding P(…) in` counts as
// an earlier access of P, as in Viper, and is not rewritten. The result is assumed conjunct by
// conjunct, so `assume acc(x.f)` learns that x.f is held (it may identify x with a receiver held
// before) instead of adding a permission. What Viper's rewriting does not read soundly here is
// refused by name: permissions under a quantifier, inside a macro, an old or an inhale-exhale
// assertion, a wildcard amount, and an earlier access whose let-bound names the later one
// cannot see.

import type { Stmt } from '../ast';
import type { Span } from '../span';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';
import { WRITE_VALUE } from './lowerPerm';

type Lower = (e: VExpr, ctx: LowerCtx) => import('../ast').Expr;

/** One earlier access of a field or predicate in the assumed assertion. */
interface Frame {
  readonly cond?: VExpr;
  readonly args: readonly VExpr[];
  readonly amount: VExpr;
  /** The `let`s around it, innermost last: a later access may use it only inside them. */
  readonly scope: readonly VExpr[];
}

interface Walk {
  readonly ctx: LowerCtx;
  readonly frames: Map<string, Frame[]>;
  refused: boolean;
}

export function lowerImpureAssume(
  s: { readonly expr: VExpr; readonly span: Span },
  ctx: LowerCtx,
  lower: Lower,
): Stmt[] {
  const w: Walk = { ctx, frames: new Map(), refused: false };
  const pure = rewrite(s.expr, undefined, [], w);
  if (w.refused) return [];
  const code = { ...ctx, place: 'code' as const };
  return conjuncts(pure).map((c) => ({ kind: 'assume', cond: lower(c, code), span: s.span }));
}

function conjuncts(e: VExpr): VExpr[] {
  return e.kind === 'binary' && e.op === '&&' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

function rewrite(e: VExpr, cond: VExpr | undefined, scope: readonly VExpr[], w: Walk): VExpr {
  switch (e.kind) {
    case 'acc':
      return access(e.loc, e.amount, cond, scope, e.span, w);
    case 'app':
      if (w.ctx.decls.predicates.has(e.name)) return access(e, undefined, cond, scope, e.span, w);
      if (holdsAccess(e, w.ctx)) refuseHere(w, 'assume of permissions inside a macro', e.span);
      return e;
    case 'var':
      if (holdsAccess(e, w.ctx)) refuseHere(w, 'assume of permissions inside a macro', e.span);
      return e;
    case 'binary':
      if (e.op === '==>') return { ...e, right: rewrite(e.right, cond ? and(cond, e.left, e.span) : e.left, scope, w) };
      if (e.op === '&&') {
        const left = rewrite(e.left, cond, scope, w);
        return { ...e, left, right: rewrite(e.right, cond, scope, w) };
      }
      return e;
    case 'cond':
      return { ...e, then: rewrite(e.then, cond, scope, w), otherwise: rewrite(e.otherwise, cond, scope, w) };
    case 'unfolding':
      unfoldedInstance(e.pred, cond, scope, w);
      return { ...e, body: rewrite(e.body, cond, scope, w) };
    case 'let':
      return { ...e, body: rewrite(e.body, cond, [...scope, e], w) };
    case 'quant':
      if (holdsAccess(e.body, w.ctx)) refuseHere(w, 'quantified permissions (acc under forall)', e.span);
      return e;
    case 'old':
    case 'inhaleExhale':
      if (holdsAccess(e, w.ctx))
        refuseHere(w, `assume of permissions inside ${e.kind === 'old' ? 'old(…)' : '[A, B]'}`, e.span);
      return e;
    default:
      return e;
  }
}

/** `perm(loc) >= amount + Σ earlier`, recording this access for the later ones. */
function access(
  loc: VExpr,
  amount: VExpr | undefined,
  cond: VExpr | undefined,
  scope: readonly VExpr[],
  span: Span,
  w: Walk,
): VExpr {
  const resource = resourceOf(loc, w.ctx);
  if (resource === undefined) return loc; // not a location: lowering reports it
  const p = amount ?? { kind: 'unsupported', feature: WRITE_VALUE, span };
  if (mentionsName(p, 'wildcard')) refuseHere(w, 'assume of a wildcard permission', span);
  const earlier = w.frames.get(resource.key) ?? [];
  if (earlier.some((f) => !f.scope.every((l, i) => scope[i] === l)))
    refuseHere(w, 'assume of permissions where an earlier access is inside a let', span);
  const sum = earlier.reduce<VExpr>((acc, f) => {
    const same = and(f.cond, equalArgs(f.args, resource.args, span), span);
    const part: VExpr = { kind: 'cond', cond: same, then: f.amount, otherwise: none(span), span };
    return { kind: 'binary', op: '+', left: acc, right: part, span };
  }, p);
  w.frames.set(resource.key, [...earlier, { cond, args: resource.args, amount: p, scope }]);
  const held: VExpr = { kind: 'app', name: 'perm', nameSpan: span, args: [loc], span };
  return { kind: 'binary', op: '>=', left: held, right: sum, span };
}

/** The predicate of `unfolding P(…) in`: an earlier access of P for the accesses after it (Viper's rule). */
function unfoldedInstance(pred: VExpr, cond: VExpr | undefined, scope: readonly VExpr[], w: Walk): void {
  const loc = pred.kind === 'acc' ? pred.loc : pred;
  const amount = pred.kind === 'acc' ? pred.amount : undefined;
  const resource = resourceOf(loc, w.ctx);
  if (resource === undefined) return;
  const frame = {
    cond,
    args: resource.args,
    amount: amount ?? ({ kind: 'unsupported', feature: WRITE_VALUE, span: pred.span } as VExpr),
    scope,
  };
  w.frames.set(resource.key, [...(w.frames.get(resource.key) ?? []), frame]);
}

function resourceOf(loc: VExpr, ctx: LowerCtx): { key: string; args: readonly VExpr[] } | undefined {
  if (loc.kind === 'field') return { key: `field ${loc.field}`, args: [loc.object] };
  if (loc.kind === 'app' && ctx.decls.predicates.has(loc.name)) return { key: `predicate ${loc.name}`, args: loc.args };
  return undefined;
}

function equalArgs(earlier: readonly VExpr[], now: readonly VExpr[], span: Span): VExpr | undefined {
  return earlier
    .map((a, i): VExpr => ({ kind: 'binary', op: '==', left: a, right: now[i], span }))
    .reduce<VExpr | undefined>((acc, eq) => and(acc, eq, span), undefined);
}

function and(left: VExpr | undefined, right: VExpr | undefined, span: Span): VExpr {
  if (left === undefined) return right ?? { kind: 'bool', value: true, span };
  if (right === undefined) return left;
  return { kind: 'binary', op: '&&', left, right, span };
}

const none = (span: Span): VExpr => ({ kind: 'var', name: 'none', span });

function refuseHere(w: Walk, feature: string, span: Span): void {
  refuse(w.ctx, feature, span);
  w.refused = true;
}

/** Whether e holds an access (through macros too); `perm(…)` reads permissions, it holds none. */
function holdsAccess(e: VExpr, ctx: LowerCtx, depth = 0): boolean {
  if (depth > 40) return true;
  const inner = (x: VExpr) => holdsAccess(x, ctx, depth + 1);
  switch (e.kind) {
    case 'acc':
      return true;
    case 'app': {
      if (ctx.decls.predicates.has(e.name)) return true;
      if (e.name === 'perm' && !ctx.decls.functions.has('perm')) return false;
      const macro = ctx.decls.macros.get(e.name);
      if (macro && macro.body.kind !== 'block' && inner(macro.body)) return true;
      return e.args.some(inner);
    }
    case 'var': {
      const macro = ctx.vars.has(e.name) ? undefined : ctx.decls.macros.get(e.name);
      return macro !== undefined && macro.body.kind !== 'block' && inner(macro.body);
    }
    default:
      return childExprs(e).some(inner);
  }
}

/** Whether an assume's assertion holds an access (a pure one is assumed as is). */
export function assumesPermissions(e: VExpr, ctx: LowerCtx): boolean {
  return holdsAccess(e, ctx);
}

function childExprs(e: VExpr): VExpr[] {
  switch (e.kind) {
    case 'field':
      return [e.object];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'cond':
      return [e.cond, e.then, e.otherwise];
    case 'old':
    case 'ascribe':
      return [e.expr];
    case 'unfolding':
      return [e.body];
    case 'inhaleExhale':
      return [e.inhale, e.exhale];
    case 'let':
      return [e.value, e.body];
    case 'quant':
      return [e.body];
    case 'coll':
      return [...e.args];
    default:
      return [];
  }
}

function mentionsName(e: VExpr, name: string): boolean {
  if (e.kind === 'var') return e.name === name;
  if (e.kind === 'app') return e.args.some((a) => mentionsName(a, name));
  return childExprs(e).some((c) => mentionsName(c, name));
}
