// The reads of a Viper `inhale A` (a statement helper's `ensures A`, lang/viper/helpers.ts),
// checked where it is produced, at the call: each read must be covered by what the caller holds
// and what A produced before it, and each division defined (Viper's inhale evaluates A in the
// current state: inhale.failed). In the helper's own heap, empty, `inhale acc(x.c.f)` after
// `inhale acc(x.c)` read x.c without permission; and its old(e) and old[l](e) are the caller's,
// which only the call sees. The helper's own well-formedness pass is skipped (rules/wellFormed.ts).

import type { Proc } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { notHeldToRead, type Obligation } from './eval';
import type { ProduceHow } from './produce';

/** Whether `p` is an inhale's helper: a statement helper with an ensures. */
export function isInhaleHelper(p: Proc): boolean {
  return p.statementHelper === true && p.ensures.length > 0;
}

/** How the produce of an inhale helper's ensures checks its reads and divisions at the call. */
export function inhaleReads(callee: Proc): Pick<ProduceHow, 'selfFraming' | 'definedness'> {
  if (!isInhaleHelper(callee)) return {};
  const clause = callee.ensures[0];
  const shown = `inhale ${printExpr(clause, 80)}`;
  const selfFraming = (o: Obligation): Obligation => ({ ...o, span: clause.span, message: notFramed(o, shown) });
  return { selfFraming, definedness: true };
}

/** "`shown` is not self-framing: reads c.x without acc(c.x)" (or not well-defined), for a read or division of `shown` (also rules/wellFormed.ts). */
export function notFramed(o: Obligation, shown: string): string {
  const detail =
    o.heal && o.message === notHeldToRead(o.heal.display)
      ? `reads ${o.heal.display} without acc(${o.heal.display})`
      : o.message;
  const problem = o.kind === 'permission' ? 'is not self-framing' : 'is not well-defined';
  return `${shown} ${problem}: ${detail}`;
}
