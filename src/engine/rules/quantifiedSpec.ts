// Reading a quantified permission's assertion into its locations (docs/design.md B.10): d over
// the chunk's R for a Ref binder that is the receiver, or through an inverse function otherwise
// (rules/quantifiedInverse.ts). Apart from quantifiedPerms.ts, which eval.ts imports.

import type { Quant } from '../../lang/ast';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { chunkVar } from '../state/quantifiedChunks';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { evalExpr, type EvalEnv, type Obligation } from './eval';
import { qaccParts } from './heap/qacc';
import { inverseSpec } from './quantifiedInverse';
import { binderAmount, negativeMessage } from './quantifiedAmount';
import { amountTerm, type QuantSpec } from './quantifiedPerms';

/** `forall x :: d(x) ==> acc(x.f, p)` read in `env`: d over R, its obligations quantified over R. */
export function quantifiedSpec(T: TermStore, q: Quant, env: EvalEnv): QuantSpec {
  const parts = qaccParts(q);
  const obj = parts.target.object;
  if (q.vars.length !== 1 || q.vars[0].type.kind !== 'ref' || obj.kind !== 'var' || obj.name !== parts.binder) {
    const { inverse, amount } = inverseSpec(T, q, parts, env);
    const base = {
      field: parts.target.field,
      acc: parts.acc,
      target: parts.target,
      amount: amount?.overR ?? amountTerm(T, parts.acc),
      ...(amount ? { amountCheck: amount.check } : {}),
    };
    return { ...base, cond: inverse.cond, obligations: inverse.obligations, inverse };
  }
  const R = chunkVar(T);
  const inner: EvalEnv = {
    ...env,
    lookup: (n) => (n === parts.binder ? R : env.lookup(n)),
    ...(env.lookupOld ? { lookupOld: (n: string) => (n === parts.binder ? R : env.lookupOld!(n)) } : {}),
  };
  const raw: Obligation[] = [];
  const cond = parts.cond ? (evalExpr(parts.cond, inner, raw) as Term) : T.trueTerm;
  const p = binderAmount(T, parts.acc, inner, [R], cond);
  const obligations = [
    ...raw.map(({ heal: _, ...o }) => ({ ...o, cond: T.forall([R], o.cond) })),
    ...(p?.obligations ?? []),
  ];
  return {
    field: parts.target.field,
    acc: parts.acc,
    target: parts.target,
    // A location is the chunk's only where p is positive: what is not null (rules/quantifiedPerms.ts).
    cond: p ? T.and(cond, realBinary(T, 'lt', realLit(T, ZERO), p.term)) : cond,
    amount: p?.term ?? amountTerm(T, parts.acc),
    obligations,
    ...(p
      ? {
          amountCheck: {
            term: p.nonNegative,
            span: parts.acc.amount!.span,
            message: negativeMessage(parts.acc.amount!),
          },
        }
      : {}),
  };
}
