// Writing `e.f := v` for a quantified field (docs/design.md B.10): needs all of e.f (a
// `permission` failure otherwise; the path goes on as if it were held), then the field's
// quantified chunk holds v at e.

import type { FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import type { State, SymValue } from '../state/state';
import { EMPTY_HEAP } from '../state/chunks';
import type { Term } from '../terms/term';
import { STEP, type EngineContext, type Successor } from './context';
import { checkAll } from './checks';
import { writeQuant } from './quantifiedPerms';

export async function writeQuantified(
  ctx: EngineContext,
  s: State,
  target: FieldRead,
  receiver: Term,
  v: SymValue,
  span: Span,
): Promise<Successor[]> {
  const w = writeQuant(ctx.T, s.heap ?? EMPTY_HEAP, receiver, target.field, v);
  const display = printExpr(target, 200);
  const site = { kind: 'permission' as const, span, message: `acc(${display}) is not held to write ${display}` };
  const out = await checkAll(ctx, s, [{ cond: w.held, site, reason: `write of ${display}` }]);
  return out.next ? [...out.leaves, { state: { ...out.next, heap: w.heap }, label: STEP }] : out.leaves;
}
