// fold and unfold of one instance of a quantified predicate (quantifiedPreds.ts: its instances are
// locations of its snapshot field). The snapshot S of P(ā) keeps the values of P's body: slot j
// (the body's j-th field permission, under its guards g_j) holds P$qp$slot_j(S). Lowered to
//   unfold P(ē):  var ā := ē; label L; exhale acc(loc(ā).snap); inhale body(ā);
//                 assume g_j(ā) ==> read_j(ā) == slot_j(old[L](loc(ā).snap))
//   fold P(ē):    var ā := ē; label L; exhale body(ā); inhale acc(loc(ā).snap);
//                 assume old[L](g_j(ā)) ==> slot_j(loc(ā).snap) == old[L](read_j(ā))
// so that fold after unfold with unchanged values gives back the same snapshot's values, as
// Silicon's snapshots do. The statements are recorded under the fold's or unfold's site (recorded
// last, it wins over theirs), so their failures carry fold.failed / unfold.failed. Only a whole
// instance (`write`) is folded or unfolded here; a part is refused by name.

import type { Stmt } from '../ast';
import type { Span } from '../span';
import type { VExpr, VStmt } from './ast';
import { refuse, type LowerCtx } from './context';
import { respan } from './macros';
import { WRITE_VALUE } from './lowerPerm';
import { direct, instanceLocation, isSnapField, slotFunction, snapField } from './quantifiedPredNames';
import { slotsOf } from './quantifiedPreds';

type FoldStmt = Extract<VStmt, { kind: 'fold' | 'unfold' }>;
type LowerStmt = (s: VStmt, ctx: LowerCtx) => Stmt[];

/** The predicate a fold or unfold names when it is a quantified one (its snapshot field exists). */
export function quantifiedFoldOf(s: FoldStmt, ctx: LowerCtx): string | undefined {
  const inner = s.pred.kind === 'acc' ? s.pred.loc : s.pred;
  if (inner.kind !== 'app') return undefined;
  return ctx.decls.fields.has(snapField(inner.name)) && ctx.decls.predicates.has(inner.name) ? inner.name : undefined;
}

/** The body with its parameters renamed (the new names are fresh: no capture). */
function rename(e: VExpr, names: ReadonlyMap<string, string>): VExpr {
  const go = (n: unknown, bound: ReadonlySet<string>): unknown => {
    if (Array.isArray(n)) return n.map((x) => go(x, bound));
    if (n === null || typeof n !== 'object') return n;
    const x = n as Record<string, unknown>;
    if (x.kind === 'var' && names.has(x.name as string) && !bound.has(x.name as string))
      return { ...x, name: names.get(x.name as string) };
    let inner = bound;
    if (x.kind === 'quant') inner = new Set([...bound, ...(x.vars as { name: string }[]).map((v) => v.name)]);
    if (x.kind === 'let') inner = new Set([...bound, x.name as string]);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : k === 'value' ? go(v, bound) : go(v, inner);
    return out;
  };
  return go(e, new Set()) as VExpr;
}

const and = (es: readonly VExpr[], span: Span): VExpr | undefined =>
  es.reduce<VExpr | undefined>((a, b) => (a ? { kind: 'binary', op: '&&', left: a, right: b, span } : b), undefined);

export function lowerQuantifiedFold(s: FoldStmt, pred: string, ctx: LowerCtx, lowerStmt: LowerStmt): Stmt[] {
  const span = s.span;
  const decl = ctx.decls.predicates.get(pred)!;
  const inner = (s.pred.kind === 'acc' ? s.pred.loc : s.pred) as Extract<VExpr, { kind: 'app' }>;
  const amount = s.pred.kind === 'acc' ? s.pred.amount : undefined;
  if (amount && !(amount.kind === 'unsupported' && amount.feature === WRITE_VALUE)) {
    refuse(ctx, `${s.kind} of a part of a quantified predicate instance`, amount.span);
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
  const names = new Map(decl.params.map((p, i) => [p.name, `${tag}$a${i}`]));
  const label = `${tag}$L`;
  const v = (name: string): VExpr => ({ kind: 'var', name, span });
  const old = (e: VExpr): VExpr => ({ kind: 'old', expr: e, label, labelSpan: span, span });
  const args = decl.params.map((p) => v(names.get(p.name)!));
  const loc = instanceLocation(pred, args, span, direct(decl));
  // The body's own spans would put its failures under the predicate's well-formedness site.
  const body = respan(rename(decl.body, names), span);
  const slotApp = (j: number, snap: VExpr): VExpr => ({
    kind: 'app',
    name: slotFunction(pred, j),
    nameSpan: span,
    args: [snap],
    span,
  });
  const links = slots.map((slot, j) => {
    const read = respan(rename(slot.read, names), span);
    const guard = and(
      slot.guards.map((g) => respan(rename(g, names), span)),
      span,
    );
    const eq: VExpr =
      s.kind === 'unfold'
        ? { kind: 'binary', op: '==', left: read, right: slotApp(j, old(loc)), span }
        : { kind: 'binary', op: '==', left: slotApp(j, loc), right: old(read), span };
    const g = guard && (s.kind === 'unfold' ? guard : old(guard));
    return g ? ({ kind: 'binary', op: '==>', left: g, right: eq, span } as VExpr) : eq;
  });
  const stmts: VStmt[] = [
    ...decl.params.map((p, i): VStmt => ({
      kind: 'varDecl',
      name: names.get(p.name)!,
      nameSpan: span,
      type: p.type,
      init: inner.args[i],
      span,
    })),
    { kind: 'label', name: label, nameSpan: span, span },
    { kind: 'exhale', expr: s.kind === 'unfold' ? { kind: 'acc', loc, span } : body, span },
    { kind: 'inhale', expr: s.kind === 'unfold' ? body : { kind: 'acc', loc, span }, span },
  ];
  const link = and(links, span);
  if (link) stmts.push({ kind: 'assume', expr: link, span });
  const lowered = stmts.flatMap((x) => lowerStmt(x, ctx));
  ctx.out.sites.push({ kind: s.kind, span });
  return lowered;
}
