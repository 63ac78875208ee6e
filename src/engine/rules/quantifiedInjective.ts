// The injectivity check of a quantified permission whose receiver is a function of its binder
// (docs/design.md B.10; Viper's `qp.not.injective`): checked before the inverse function's facts
// are assumed (they would contradict a receiver that is not injective), a `permission` failure
// at the quantifier otherwise; the path goes on as if it were injective (B.6). Where it was
// checked elsewhere (a method's contract, by the well-formedness pass) it is assumed; in that
// pass its failure is the clause's (`not.wellformed`), mapped as the pass maps a read.

import type { State } from '../state/state';
import type { Obligation } from '../state/obligation';
import type { EngineContext, Successor } from './context';
import { assumeConjunct, checkAll } from './checks';
import type { QuantSpec } from './quantifiedPerms';

export const NOT_INJECTIVE = 'may not be injective';

export interface InjectiveHow {
  /** Checked elsewhere: assumed. */
  readonly assume?: boolean;
  /** The well-formedness pass's mapping of a failure to its clause (rules/wellFormed.ts). */
  readonly selfFraming?: (o: Obligation) => Obligation;
}

export async function injective(
  ctx: EngineContext,
  s: State,
  spec: QuantSpec,
  reason: string,
  leaves: Successor[],
  how: InjectiveHow = {},
): Promise<{ next?: State }> {
  const inverse = spec.inverse;
  if (!inverse) return { next: s };
  const assumeFacts = (st: State): State =>
    inverse.facts.reduce((x, f) => assumeConjunct(x, f, spec.acc.span, reason), st);
  if (how.assume) return { next: assumeFacts(assumeConjunct(s, inverse.injective, spec.acc.span, reason)) };
  const raw: Obligation = {
    kind: 'permission',
    cond: inverse.injective,
    span: inverse.span,
    message: `the receivers of the quantified permission ${NOT_INJECTIVE}`,
  };
  const o = how.selfFraming ? how.selfFraming(raw) : raw;
  const site = { kind: 'permission' as const, span: o.span, message: o.message };
  const out = await checkAll(ctx, s, [{ cond: inverse.injective, site, reason }]);
  leaves.push(...out.leaves);
  if (!out.next) return {};
  return { next: assumeFacts(out.next) };
}
