// The parts of a quantified permission conjunct (docs/design.md B.10): the Viper front end lowers
// `forall x̄ :: d(x̄) ==> acc(e(x̄).f, p)` to a Sym quantifier marked `permission` whose body is
// `acc(e.f, p)` or `d ==> acc(e.f, p)` (quantifiedPerms.ts).

import type { Acc, Expr, FieldRead, Quant } from '../../../lang/ast';

export interface QaccParts {
  /** The (first) binder's name: the receiver of the location where it is one binder of type Ref. */
  readonly binder: string;
  /** The condition d(x); absent: every reference. */
  readonly cond?: Expr;
  readonly acc: Acc;
  readonly target: FieldRead;
}

export function qaccParts(q: Quant): QaccParts {
  const b = q.body;
  const acc = b.kind === 'binary' && b.op === '==>' ? b.right : b;
  if (acc.kind !== 'acc' || acc.target.kind !== 'field' || q.vars.length === 0)
    throw new Error('internal: a quantified permission is not `forall x :: d ==> acc(x.f, p)`');
  return {
    binder: q.vars[0].name,
    ...(b !== acc && b.kind === 'binary' ? { cond: b.left } : {}),
    acc,
    target: acc.target,
  };
}

/** The expressions a quantified permission evaluates (its condition and its location), for static walks. */
export function qaccNodes(q: Quant): Expr[] {
  const p = qaccParts(q);
  return p.cond ? [p.cond, p.target] : [p.target];
}
