// fold and unfold of one instance of a quantified predicate (quantifiedPreds.ts: its instances are
// locations of its snapshot field). The snapshot S of P(ā) keeps the values of P's body: slot j
// (the body's j-th field permission, under its guards g_j) holds P$qp$slot_j(S). Lowered to
//   unfold P(ē):  var ā := ē; label L; exhale acc(loc(ā).snap); inhale body(ā);
//                 assume g_j(ā) ==> read_j(ā) == slot_j(old[L](loc(ā).snap))
//   fold P(ē):    var ā := ē; label L; exhale body(ā); inhale acc(loc(ā).snap);
//                 assume old[L](g_j(ā)) ==> slot_j(loc(ā).snap) == old[L](read_j(ā))
// so that fold after unfold with unchanged values gives back the same snapshot's values, as
// Silicon's snapshots do. The statements are recorded under the fold's or unfold's site (recorded
// last, it wins over theirs), so their failures carry fold.failed / unfold.failed. A constant
// part q (`fold acc(P(x), 1/4)`) exhales or inhales acc(loc(ā).snap, q) and the body with every
// amount times q: two parts folded apart are one location, so one snapshot. A symbolic or
// wildcard part is refused by name (an unfold's `q > 0` check has no lowering here yet).

import type { Stmt } from '../ast';
import type { Span } from '../span';
import type { VExpr, VStmt } from './ast';
import { refuse, type LowerCtx } from './context';
import { respan } from './macros';
import { constantPerm } from './lowerPerm';
import { cmpQ, mulQ, ONE, ZERO, type Rational } from '../rational';
import { direct, instanceLocation, isSnapField, slotFunction, snapField } from './quantifiedPredNames';
import { slotsOf } from './quantifiedPreds';
import { boundNames, renameVars } from './renameVars';

type FoldStmt = Extract<VStmt, { kind: 'fold' | 'unfold' }>;
type LowerStmt = (s: VStmt, ctx: LowerCtx) => Stmt[];

/** The predicate a fold or unfold names when it is a quantified one (its snapshot field exists). */
export function quantifiedFoldOf(s: FoldStmt, ctx: LowerCtx): string | undefined {
  const inner = s.pred.kind === 'acc' ? s.pred.loc : s.pred;
  if (inner.kind !== 'app') return undefined;
  return ctx.decls.fields.has(snapField(inner.name)) && ctx.decls.predicates.has(inner.name) ? inner.name : undefined;
}

const and = (es: readonly VExpr[], span: Span): VExpr | undefined =>
  es.reduce<VExpr | undefined>((a, b) => (a ? { kind: 'binary', op: '&&', left: a, right: b, span } : b), undefined);

/** The constant q as a Viper amount `n/d`. */
function literal(q: Rational, span: Span): VExpr {
  const int = (value: bigint): VExpr => ({ kind: 'int', value, span });
  return q.d === 1n ? int(q.n) : { kind: 'binary', op: '/', left: int(q.n), right: int(q.d), span };
}

/**
 * The body (made of accessibility and pure parts: slotsOf) with every amount times the constant
 * q, a wildcard staying one (some positive amount); undefined where an amount is not constant.
 */
function scaledBody(e: VExpr, q: Rational, preds: ReadonlySet<string>): VExpr | undefined {
  if (cmpQ(q, ONE) === 0) return e;
  const acc = (loc: VExpr, amount: VExpr | undefined, span: Span): VExpr | undefined => {
    if (amount?.kind === 'var' && amount.name === 'wildcard') return { kind: 'acc', loc, amount, span };
    const a = constantPerm(amount);
    return a && { kind: 'acc', loc, amount: literal(mulQ(a, q), span), span };
  };
  switch (e.kind) {
    case 'binary': {
      if (e.op !== '&&' && e.op !== '==>') return e;
      const left = e.op === '&&' ? scaledBody(e.left, q, preds) : e.left;
      const right = scaledBody(e.right, q, preds);
      return left && right && { ...e, left, right };
    }
    case 'cond': {
      const then = scaledBody(e.then, q, preds);
      const otherwise = scaledBody(e.otherwise, q, preds);
      return then && otherwise && { ...e, then, otherwise };
    }
    case 'acc':
      return acc(e.loc, e.amount, e.span);
    case 'app':
      return preds.has(e.name) ? acc(e, undefined, e.span) : e;
    default:
      return e;
  }
}

export function lowerQuantifiedFold(s: FoldStmt, pred: string, ctx: LowerCtx, lowerStmt: LowerStmt): Stmt[] {
  const span = s.span;
  const decl = ctx.decls.predicates.get(pred)!;
  const inner = (s.pred.kind === 'acc' ? s.pred.loc : s.pred) as Extract<VExpr, { kind: 'app' }>;
  const amount = s.pred.kind === 'acc' ? s.pred.amount : undefined;
  const part = constantPerm(amount);
  if (!part || cmpQ(part, ZERO) <= 0) {
    refuse(ctx, `${s.kind} of a symbolic or wildcard part of a quantified predicate instance`, amount!.span);
    return [];
  }
  if (!decl.body || inner.args.length !== decl.params.length) {
    refuse(ctx, `${s.kind} of an abstract quantified predicate`, span);
    return [];
  }
  const allPreds = new Set(ctx.decls.predicates.keys());
  const fieldType = (f: string) => (isSnapField(f) ? { kind: 'Int' as const } : ctx.decls.fields.get(f)?.type);
  const slots = slotsOf(decl.body, allPreds, fieldType);
  // Refused with the predicate (quantifiedPreds.ts): a body that is not made of accessibility and
  // pure parts, or that holds an instance of a quantified predicate (a snapshot field's slot).
  if (!slots || slots.some((slot) => isSnapField(slot.read.field))) return [];
  const tag = `${pred}$qp$${span.line}_${span.col}`;
  // An argument that is a variable names itself (a failure then reads `acc(P(x), 1/2)`), unless a
  // binder of the body has its name; any other is evaluated once, into a fresh variable.
  const binders = new Set(boundNames(decl.body));
  const own = (i: number): string | undefined => {
    const a = inner.args[i];
    return a.kind === 'var' && !binders.has(a.name) ? a.name : undefined;
  };
  const names = new Map(decl.params.map((p, i) => [p.name, own(i) ?? `${tag}$a${i}`]));
  const label = `${tag}$L`;
  const v = (name: string): VExpr => ({ kind: 'var', name, span });
  const old = (e: VExpr): VExpr => ({ kind: 'old', expr: e, label, labelSpan: span, span });
  const args = decl.params.map((p) => v(names.get(p.name)!));
  const loc = instanceLocation(pred, args, span, direct(decl));
  // The body's own spans would put its failures under the predicate's well-formedness site.
  const body = scaledBody(respan(renameVars(decl.body, names), span), part, allPreds);
  if (!body) {
    refuse(ctx, `${s.kind} of a part of a quantified predicate instance whose body holds a symbolic amount`, span);
    return [];
  }
  const slotApp = (j: number, snap: VExpr): VExpr => ({
    kind: 'app',
    name: slotFunction(pred, j),
    nameSpan: span,
    args: [snap],
    span,
  });
  const links = slots.map((slot, j) => {
    const read = respan(renameVars(slot.read, names), span);
    const guard = and(
      slot.guards.map((g) => respan(renameVars(g, names), span)),
      span,
    );
    const eq: VExpr =
      s.kind === 'unfold'
        ? { kind: 'binary', op: '==', left: read, right: slotApp(j, old(loc)), span }
        : { kind: 'binary', op: '==', left: slotApp(j, loc), right: old(read), span };
    const g = guard && (s.kind === 'unfold' ? guard : old(guard));
    return g ? ({ kind: 'binary', op: '==>', left: g, right: eq, span } as VExpr) : eq;
  });
  const instance: VExpr = { kind: 'acc', loc, ...(cmpQ(part, ONE) === 0 ? {} : { amount: literal(part, span) }), span };
  const stmts: VStmt[] = [
    ...decl.params.flatMap((p, i): VStmt[] =>
      own(i)
        ? []
        : [{ kind: 'varDecl', name: names.get(p.name)!, nameSpan: span, type: p.type, init: inner.args[i], span }],
    ),
    { kind: 'label', name: label, nameSpan: span, span },
    { kind: 'exhale', expr: s.kind === 'unfold' ? instance : body, span },
    { kind: 'inhale', expr: s.kind === 'unfold' ? body : instance, span },
  ];
  const link = and(links, span);
  if (link) stmts.push({ kind: 'assume', expr: link, span });
  const lowered = stmts.flatMap((x) => lowerStmt(x, ctx));
  ctx.out.sites.push({ kind: s.kind, span });
  return lowered;
}
