// The injectivity check of a quantified permission whose receiver is a function of its binder
// (docs/design.md B.10; Viper's `qp.not.injective`): checked before the inverse function's facts
// are assumed (they would contradict a receiver that is not injective), a `permission` failure
// at the `acc` otherwise; the path goes on as if it were injective (B.6).

import type { State } from '../state/state';
import type { EngineContext, Successor } from './context';
import { assumeConjunct, checkAll } from './checks';
import type { QuantSpec } from './quantifiedPerms';

export const NOT_INJECTIVE = 'may not be injective';

export async function injective(
  ctx: EngineContext,
  s: State,
  spec: QuantSpec,
  reason: string,
  leaves: Successor[],
): Promise<{ next?: State }> {
  if (!spec.inverse) return { next: s };
  const site = {
    kind: 'permission' as const,
    span: spec.acc.span,
    message: `the receivers of the quantified permission ${NOT_INJECTIVE}`,
  };
  const out = await checkAll(ctx, s, [{ cond: spec.inverse.injective, site, reason }]);
  leaves.push(...out.leaves);
  if (!out.next) return {};
  return { next: spec.inverse.facts.reduce((st, f) => assumeConjunct(st, f, spec.acc.span, reason), out.next) };
}
