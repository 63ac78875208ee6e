// Viper's quantified field permissions (docs/design.md B.10) for the engine's quantified chunks:
// `forall x: Ref :: d(x) ==> acc(x.f, p) && φ(x)` is split into one Sym quantifier marked
// `permission` per `acc` (body `d ==> acc(x.f, p)`) and plain quantifiers for the pure parts, left
// to right. The fields so named are held quantified everywhere (FieldDecl.quantified). What the
// quantified chunks do not cover yet is refused by name where it is met: some receivers and
// amounts that read the heap (quantifiedReceivers.ts). Predicates over quantified fields are
// read here; what the engine does not cover of them is refused before the run
// (engine/rules/heap/quantifiedPredGuard.ts).
// `perm(e.f)` of a quantified field is the chunk's amount at e (rules/quantifiedPerms.ts).

import type { Expr, Quant } from '../ast';
import type { Span } from '../span';
import type { VProgram } from './ast';
import { refuse, type Collect, type LowerCtx } from './context';
import { readBeside, slowReceiver } from './quantifiedReceivers';
import { isSnapField } from './quantifiedPredNames';

/** The fields named by an `acc` under a quantifier anywhere in the program. */
export function quantifiedFieldsOf(vp: VProgram): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown, underQuant: boolean): void => {
    if (Array.isArray(n)) return n.forEach((x) => walk(x, underQuant));
    if (n === null || typeof n !== 'object') return;
    const x = n as Record<string, unknown>;
    const inside = underQuant || x.kind === 'quant';
    if (inside && x.kind === 'acc') {
      const loc = x.loc as Record<string, unknown>;
      if (loc?.kind === 'field' && typeof loc.field === 'string') out.add(loc.field);
    }
    for (const [k, v] of Object.entries(x)) if (k !== 'span') walk(v, inside);
  };
  walk(vp.decls, false);
  return out;
}

/** Refuses by name what the quantified chunks do not cover, in a program with quantified fields. */
export function refuseAroundQuantified(vp: VProgram, fields: ReadonlySet<string>, out: Collect): void {
  if (fields.size === 0) return;
  const no = (feature: string, span: Span): void => void out.refusals.push({ feature, span });
  const stmts = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(stmts);
    const x = n as Record<string, unknown>;
    const span = x.span as Span;
    // Silicon's new(…) leaves the fields it does not list as they were: the engine's new would
    // take them (rules/allocQuantified.ts), so a quantified field must be listed.
    const left =
      x.kind === 'new' && Array.isArray(x.fields)
        ? [...fields].filter((f) => !(x.fields as string[]).includes(f) && !isSnapField(f))
        : [];
    if (left.length > 0) no(`new without the quantified field ${left[0]}`, span);
    for (const [k, v] of Object.entries(x)) if (k !== 'span') stmts(v);
  };
  for (const d of vp.decls) if (d.kind === 'method') stmts(d);
}

type Leaf = { readonly guards: readonly Expr[]; readonly leaf: Expr };

function hasAcc(e: unknown): boolean {
  if (e === null || typeof e !== 'object') return false;
  if (Array.isArray(e)) return e.some(hasAcc);
  const x = e as Record<string, unknown>;
  if (x.kind === 'acc') return true;
  return Object.entries(x).some(([k, v]) => k !== 'span' && hasAcc(v));
}

/** The leaves of a quantifier's body with the tests above them; undefined (refused) for another shape. */
function leaves(e: Expr, guards: readonly Expr[], out: Leaf[], ctx: LowerCtx): boolean {
  if (e.kind === 'binary' && e.op === '&&')
    return leaves(e.left, guards, out, ctx) && leaves(e.right, guards, out, ctx);
  if (e.kind === 'binary' && e.op === '==>' && hasAcc(e.right) && !hasAcc(e.left))
    return leaves(e.right, [...guards, e.left], out, ctx);
  if (e.kind === 'cond' && hasAcc([e.then, e.otherwise]) && !hasAcc(e.cond))
    return (
      leaves(e.then, [...guards, e.cond], out, ctx) &&
      leaves(e.otherwise, [...guards, { kind: 'unary', op: '!', operand: e.cond, span: e.cond.span }], out, ctx)
    );
  if (e.kind === 'acc' || !hasAcc(e)) {
    out.push({ guards, leaf: e });
    return true;
  }
  refuse(ctx, `quantified permissions under ${e.kind === 'binary' ? `'${e.op}'` : e.kind}`, e.span);
  return false;
}

function conj(es: readonly Expr[], span: Span): Expr | undefined {
  return es.reduce<Expr | undefined>(
    (a, b) => (a ? { kind: 'binary', op: '&&', left: a, right: b, span } : b),
    undefined,
  );
}

/** A lowered quantifier whose body holds permissions: split into quantified permissions and pure quantifiers. */
export function quantifiedPermission(q: Quant, ctx: LowerCtx, fields: ReadonlySet<string>): Expr {
  const fallback: Expr = { kind: 'boolLit', value: true, span: q.span };
  // A macro under the binder may stand for a pure expression: nothing to split then.
  if (!hasAcc(q.body)) return q;
  if (ctx.place === 'function' || ctx.place === 'fnPost') {
    refuse(ctx, 'quantified permissions in a function', q.span);
    return fallback;
  }
  if (q.quantifier !== 'forall') {
    refuse(ctx, 'permissions under exists', q.span);
    return fallback;
  }
  const list: Leaf[] = [];
  if (!leaves(q.body, [], list, ctx)) return fallback;
  const parts: Expr[] = [];
  const beside = readBeside(q, list);
  if (beside) {
    refuse(ctx, beside.why, beside.span);
    return fallback;
  }
  for (const { guards, leaf } of list) {
    const cond = conj(guards, q.span);
    if (leaf.kind === 'acc') {
      const t = leaf.target;
      if (t.kind !== 'field') {
        refuse(ctx, 'quantified predicate permissions', leaf.span);
        return fallback;
      }
      const slow = slowReceiver(
        t.object,
        cond,
        q.vars.map((v) => v.name),
      );
      if (slow) {
        refuse(ctx, slow, leaf.span);
        return fallback;
      }
      if (!fields.has(t.field)) {
        refuse(ctx, 'a quantified permission through a macro', leaf.span);
        return fallback;
      }
    }
    const body: Expr = cond ? { kind: 'binary', op: '==>', left: cond, right: leaf, span: leaf.span } : leaf;
    parts.push({ ...q, body, ...(leaf.kind === 'acc' ? { permission: true as const } : {}) });
  }
  return conj(parts, q.span) ?? fallback;
}
