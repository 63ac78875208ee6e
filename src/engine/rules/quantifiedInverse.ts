// Quantified permissions whose receiver is a function of the binder (docs/design.md B.10):
// `forall i: Int :: d(i) ==> acc(e(i).f, p)`. As Silicon does (read to learn), the receiver must
// be injective where d holds (`qp.not.injective` otherwise, checked before anything is assumed),
// and an inverse function inv, fresh at each produce or consume, names the index of a location:
// ∀i. d(i) ⇒ inv(e(i)) == i, so the locations are d(inv(R)) ∧ e(inv(R)) == R, a condition over
// the chunk's own R as for a Ref binder (rules/quantifiedPerms.ts). Over several binders ī
// (`forall i, j :: … acc(loc(m, i, j).f)`) there is one inverse per binder, and injectivity
// relates the tuples: e(ī) == e(j̄) ⇒ ī == j̄.

import type { Expr, Quant } from '../../lang/ast';
import type { TermStore } from '../terms/store';
import { REF_SORT, type Term } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { sortOfType } from '../state/sorts';
import { chunkVar } from '../state/quantifiedChunks';
import { evalExpr, type EvalEnv, type Obligation } from './eval';
import type { QaccParts } from './heap/qacc';
import type { AmountCheck, Inverse } from './quantifiedPerms';
import { binderAmount, negativeMessage } from './quantifiedAmount';

function substitute(T: TermStore, t: Term, from: readonly Term[], to: readonly Term[]): Term {
  const memo = new Map<number, Term>();
  const go = (u: Term): Term => {
    const k = from.indexOf(u);
    if (k >= 0) return to[k];
    const m = memo.get(u.id);
    if (m) return m;
    const args = u.args.map(go);
    const r = args.every((a, i) => a === u.args[i]) ? u : T.rebuild(u, args);
    memo.set(u.id, r);
    return r;
  };
  return go(t);
}

/** The binders' terms, by name, in `env` (and under old(…)). */
function bindIn(env: EvalEnv, names: readonly string[], terms: readonly Term[]): EvalEnv {
  const at = (n: string): Term | undefined => {
    const k = names.indexOf(n);
    return k >= 0 ? terms[k] : undefined;
  };
  return {
    ...env,
    lookup: (n) => at(n) ?? env.lookup(n),
    ...(env.lookupOld ? { lookupOld: (n: string) => at(n) ?? env.lookupOld!(n) } : {}),
  };
}

/** The inverse, and a non-constant amount over inv(R) with its `p >= 0` check (rules/quantifiedAmount.ts). */
export interface InverseRead {
  readonly inverse: Inverse;
  readonly amount?: { readonly overR: Term; readonly check: AmountCheck };
}

export function inverseSpec(T: TermStore, q: Quant, parts: QaccParts, env: EvalEnv): InverseRead {
  const names = q.vars.map((v) => v.name);
  const sorts = q.vars.map((v) => sortOfType(v.type));
  const I = q.vars.map((v, k) => T.bound(`${v.name}⟨qp⟩`, sorts[k]));
  const inner = bindIn(env, names, I);
  const raw: Obligation[] = [];
  const condExpr: Expr = parts.cond ?? { kind: 'boolLit', value: true, span: q.span };
  // The receiver's runtime checks only where d holds: evaluated as `d ? e : null`.
  const guarded: Expr = {
    kind: 'cond',
    cond: condExpr,
    then: parts.target.object,
    otherwise: { kind: 'null', span: q.span },
    span: q.span,
  };
  const d0 = evalExpr(condExpr, inner, []) as Term;
  evalExpr(guarded, inner, raw);
  // The receiver itself (its checks are the guarded ones above): every use below is under d.
  const e = evalExpr(parts.target.object, inner, []) as Term;
  const p = binderAmount(T, parts.acc, inner, I, d0);
  // With a non-constant amount, a location is the binder's only where p is positive (Silicon's
  // injectivity and inverse axioms are over d ∧ p > 0): a location of amount 0 adds nothing.
  const d = p ? T.and(d0, realBinary(T, 'lt', realLit(T, ZERO), p.term)) : d0;
  const obligations = [
    ...raw.map(({ heal: _, ...o }) => ({ ...o, cond: T.forall(I, o.cond) })),
    ...(p?.obligations ?? []),
  ];
  const R = chunkVar(T);
  // One inverse per binder: inv_k(e(ī)) == i_k where d holds.
  const inv = q.vars.map((v, k) => {
    const tag = T.symbol(REF_SORT, `inv⟨${v.name}⟩`, `the inverse of ${v.name}'s receiver (line ${q.span.line})`);
    return T.app(`qpinv.${tag.symbol!.name}`, [R], sorts[k]);
  });
  const I2 = q.vars.map((v, k) => T.bound(`${v.name}⟨qp2⟩`, sorts[k]));
  const d2 = substitute(T, d, I, I2);
  const e2 = substitute(T, e, I, I2);
  const same = T.and(...I.map((x, k) => T.eq(x, I2[k])));
  const injective = T.forall([...I, ...I2], T.implies(T.and(d, d2, T.eq(e, e2)), same));
  const invAtE = inv.map((f) => substitute(T, f, [R], [e]));
  const cond = T.and(substitute(T, d, I, inv), T.eq(substitute(T, e, I, inv), R));
  const inverse: Inverse = {
    cond,
    injective,
    facts: [T.forall(I, T.implies(d, T.and(...invAtE.map((x, k) => T.eq(x, I[k])))))],
    everyLocation: (ok) => T.forall(I, T.implies(d, ok(e))),
    obligations,
    ...(p ? { amount: p.term } : {}),
    span: q.span,
  };
  if (!p) return { inverse };
  const check = { term: p.nonNegative, span: parts.acc.amount!.span, message: negativeMessage(parts.acc.amount!) };
  return { inverse, amount: { overR: substitute(T, p.term, I, inv), check } };
}
