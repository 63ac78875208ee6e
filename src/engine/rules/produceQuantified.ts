// Producing a quantified field permission (docs/design.md B.10): `forall x :: d(x) ==> acc(x.f, p)`
// or a single `acc(e.f, p)` of a quantified field adds to the field's quantified chunk
// (rules/quantifiedPerms.ts); its facts (not null, at most write) join the produce's facts.

import type { Acc, Expr, FieldRead, Quant } from '../../lang/ast';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { EMPTY_HEAP } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import type { EngineContext, Successor } from './context';
import { evaluate, type Facts, type ProduceHow } from './produceEval';
import { qaccParts } from './heap/qacc';
import { isUnboundedField, pointSpec, produceQuant, type QuantSpec } from './quantifiedPerms';
import { injective } from './quantifiedInjective';
import { quantifiedSpec } from './quantifiedSpec';
import { assumeConjunct } from './checks';
import { constantAmount } from './heap/fractions';
import { nonNegativeAmount } from './quantifiedAmount';

function add(ctx: EngineContext, s: State, spec: QuantSpec, how: ProduceHow, facts: Facts): State {
  const type = ctx.checked.exprTypes.get(spec.target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const origin = { span: spec.acc.span, reason: how.reason };
  const bounded = !isUnboundedField(ctx.checked, spec.field);
  const r = produceQuant(ctx.T, s.heap ?? EMPTY_HEAP, spec, sortOfType(type), origin, bounded);
  for (const f of r.facts) facts.list.push({ term: f, span: spec.acc.span });
  return { ...s, heap: r.heap };
}

/** `forall x :: d(x) ==> acc(x.f, p)`: d's runtime checks as a quantifier's, then the chunk. */
export async function produceQuantified(
  ctx: EngineContext,
  s: State,
  q: Quant,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
): Promise<State | undefined> {
  const parts = qaccParts(q);
  const obj = parts.target.object;
  // d's, the receiver's and the amount's runtime checks, as those of `forall x :: d ==> e == e && p == p`.
  const same = (e: Expr): Expr => ({ kind: 'binary', op: '==', left: e, right: e, span: e.span });
  const amount = parts.acc.amount;
  const checked: Expr =
    amount && !constantAmount(parts.acc)
      ? { kind: 'binary', op: '&&', left: same(obj), right: same(amount), span: q.span }
      : same(obj);
  const body: Expr = {
    kind: 'binary',
    op: '==>',
    left: parts.cond ?? { kind: 'boolLit', value: true, span: q.span },
    right: checked,
    span: q.span,
  };
  const ev = await evaluate(
    ctx,
    s,
    { kind: 'quant', quantifier: 'forall', vars: q.vars, body, span: q.span },
    how,
    leaves,
    facts,
  );
  if (!ev) return undefined;
  if (!how.guardedFacts) facts.list.push({ term: ev.checks, span: q.span });
  const spec = quantifiedSpec(ctx.T, q, how.envAt(ev.s));
  if (!spec.inverse && !spec.amountCheck) return add(ctx, ev.s, spec, how, facts);
  // The amount's sign, then injectivity, are checked given what the produce said so far; those facts are then on the path.
  const known = facts.list.reduce((st, f) => assumeConjunct(st, f.term, f.span, how.reason), ev.s);
  facts.list.length = 0;
  const signed = await nonNegativeAmount(ctx, known, spec.amountCheck, how.reason, leaves, {
    assume: how.injectivity === 'assume' || how.amountsAssumed === true,
    ...(how.selfFraming ? { selfFraming: how.selfFraming } : {}),
  });
  if (!signed) return undefined;
  const checkedInj = await injective(ctx, signed, spec, how.reason, leaves, {
    assume: how.injectivity === 'assume',
    ...(how.selfFraming ? { selfFraming: how.selfFraming } : {}),
  });
  return checkedInj.next ? add(ctx, checkedInj.next, spec, how, facts) : undefined;
}

/** `acc(e.f, p)` of a quantified field, e evaluated to `receiver` (with `fact` guarding by its checks). */
export function producePointQuantified(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  how: ProduceHow,
  facts: Facts,
  amount?: Term,
): State {
  return add(ctx, s, pointSpec(ctx.T, acc, receiver, amount), how, facts);
}

export type { FieldRead };
