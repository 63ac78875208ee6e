// Consuming a quantified field permission (docs/design.md B.10): `forall x :: d(x) ==> acc(x.f, p)`
// or `acc(e.f, p)` of a quantified field needs ∀R. d(R) ⇒ p ≤ perm(R) (a `permission` failure at
// the clause otherwise, and the path goes on as if it held, B.6), then takes p there.

import type { FieldRead } from '../../lang/ast';
import type { State } from '../state/state';
import { EMPTY_HEAP, type Chunk } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import type { EngineContext, Successor } from './context';
import type { Conjunct } from './heap/assertions';
import type { ConsumeHow } from './judgements';
import { evalTerm, type Obligation } from './eval';
import { checkObligations } from './evalChecked';
import { assumeConjunct, checkAll } from './checks';
import { qaccParts } from './heap/qacc';
import { consumeQuant, pointSpec } from './quantifiedPerms';
import { injective } from './quantifiedInjective';
import { quantifiedSpec } from './quantifiedSpec';
import { negativeMessage, nonNegativeAmount } from './quantifiedAmount';
import { constantAmount } from './heap/fractions';
import type { Term } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';

export async function consumeQuantified(
  ctx: EngineContext,
  s: State,
  c: Extract<Conjunct, { kind: 'acc' | 'qacc' }>,
  how: ConsumeHow,
  leaves: Successor[],
  k: (s: State, part: Chunk) => Promise<void>,
): Promise<void> {
  const T = ctx.T;
  let spec;
  const obligations: Obligation[] = [];
  if (c.kind === 'qacc') {
    spec = quantifiedSpec(T, c.quant, how.env);
    obligations.push(...spec.obligations);
  } else {
    const receiver = evalTerm((c.acc.target as FieldRead).object, how.env, obligations);
    // A non-constant amount: its value and checks, and `p >= 0` as for a quantified one.
    const amount = c.acc.amount && !constantAmount(c.acc) ? c.acc.amount : undefined;
    const p = amount ? (evalTerm(amount, how.env, obligations) as Term) : undefined;
    spec = {
      ...pointSpec(T, c.acc, receiver, p),
      ...(amount && p
        ? {
            amountCheck: {
              term: realBinary(T, 'le', realLit(T, ZERO), p),
              span: amount.span,
              message: negativeMessage(amount),
            },
          }
        : {}),
    };
  }
  const acc = c.kind === 'qacc' ? qaccParts(c.quant).acc : c.acc;
  const obliged = await checkObligations(ctx, s, obligations);
  leaves.push(...obliged.leaves);
  if (!obliged.next) return;
  // A non-constant amount's sign first, as Silicon's (rules/quantifiedAmount.ts).
  const signed = await nonNegativeAmount(ctx, obliged.next, spec.amountCheck, how.reason, leaves, { assume: false });
  if (!signed) return;
  const type = ctx.checked.exprTypes.get(spec.target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const origin = { span: acc.span, reason: how.reason };
  const taken = consumeQuant(T, signed.heap ?? EMPTY_HEAP, spec, sortOfType(type), origin);
  // Held first (stated over the binder, it needs no inverse), then injectivity: both are reported, as Viper's.
  const { missing: _, ...site } = how.accSite(acc);
  const out = await checkAll(ctx, signed, [{ cond: taken.held, site, reason: how.reason }]);
  leaves.push(...out.leaves);
  if (!out.next) return;
  const checked = await injective(ctx, out.next, spec, how.reason, leaves);
  if (!checked.next) return;
  const next = taken.facts.reduce((st, f) => assumeConjunct(st, f, acc.span, how.reason), checked.next);
  await k({ ...next, heap: taken.heap }, taken.part);
}
