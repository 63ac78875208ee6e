// Quantified permissions whose receiver is a function of the binder (docs/design.md B.10):
// `forall i: Int :: d(i) ==> acc(e(i).f, p)`. As Silicon does (read to learn), the receiver must
// be injective where d holds (`qp.not.injective` otherwise, checked before anything is assumed),
// and an inverse function inv, fresh at each produce or consume, names the index of a location:
// ∀i. d(i) ⇒ inv(e(i)) == i, so the locations are d(inv(R)) ∧ e(inv(R)) == R, a condition over
// the chunk's own R as for a Ref binder (rules/quantifiedPerms.ts).

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

function substitute(T: TermStore, t: Term, from: Term, to: Term): Term {
  const memo = new Map<number, Term>();
  const go = (u: Term): Term => {
    if (u === from) return to;
    const m = memo.get(u.id);
    if (m) return m;
    const args = u.args.map(go);
    const r = args.every((a, i) => a === u.args[i]) ? u : T.rebuild(u, args);
    memo.set(u.id, r);
    return r;
  };
  return go(t);
}

/** The inverse, and a non-constant amount over inv(R) with its `p >= 0` check (rules/quantifiedAmount.ts). */
export interface InverseRead {
  readonly inverse: Inverse;
  readonly amount?: { readonly overR: Term; readonly check: AmountCheck };
}

export function inverseSpec(T: TermStore, q: Quant, parts: QaccParts, env: EvalEnv): InverseRead {
  const binder = q.vars[0];
  const sort = sortOfType(binder.type);
  const I = T.bound(`${binder.name}⟨qp⟩`, sort);
  const inner: EvalEnv = {
    ...env,
    lookup: (n) => (n === parts.binder ? I : env.lookup(n)),
    ...(env.lookupOld ? { lookupOld: (n: string) => (n === parts.binder ? I : env.lookupOld!(n)) } : {}),
  };
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
    ...raw.map(({ heal: _, ...o }) => ({ ...o, cond: T.forall([I], o.cond) })),
    ...(p?.obligations ?? []),
  ];
  const R = chunkVar(T);
  const tag = T.symbol(
    REF_SORT,
    `inv⟨${binder.name}⟩`,
    `the inverse of ${binder.name}'s receiver (line ${q.span.line})`,
  );
  const inv = T.app(`qpinv.${tag.symbol!.name}`, [R], sort);
  const I2 = T.bound(`${binder.name}⟨qp2⟩`, sort);
  const d2 = substitute(T, d, I, I2);
  const e2 = substitute(T, e, I, I2);
  const injective = T.forall([I, I2], T.implies(T.and(d, d2, T.eq(e, e2)), T.eq(I, I2)));
  const invAtE = substitute(T, inv, R, e);
  const cond = T.and(substitute(T, d, I, inv), T.eq(substitute(T, e, I, inv), R));
  const inverse: Inverse = {
    cond,
    injective,
    facts: [T.forall([I], T.implies(d, T.eq(invAtE, I)))],
    everyLocation: (ok) => T.forall([I], T.implies(d, ok(e))),
    obligations,
    ...(p ? { amount: p.term } : {}),
    span: q.span,
  };
  if (!p) return { inverse };
  const check = { term: p.nonNegative, span: parts.acc.amount!.span, message: negativeMessage(parts.acc.amount!) };
  return { inverse, amount: { overR: substitute(T, p.term, I, inv), check } };
}
