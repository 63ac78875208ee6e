// Reading `e.f` of a quantified field (docs/design.md B.10): the value of the field's quantified
// chunk at e, needing some amount held there. A missing permission is not healed: the point
// chunk a heal would make cannot exist for a quantified field.

import type { FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Heap } from '../state/chunks';
import type { SymValue } from '../state/state';
import { isTrue, type Sort, type Term } from '../terms/term';
import { notHeldToRead, type EvalCore, type Site } from './evalEnv';
import { readQuant } from './quantifiedPerms';

export function readQuantified(
  ev: EvalCore & {
    oblige(kind: 'permission', cond: Term, guard: Term, span: FieldRead['span'], message: string): void;
  },
  e: FieldRead,
  receiver: Term,
  heap: Heap,
  sort: Sort,
  guard: Term,
  site?: Site,
): SymValue {
  const read = readQuant(ev.T, heap, receiver, e.field, sort);
  if (!isTrue(read.held))
    ev.oblige('permission', read.held, guard, site?.span ?? e.span, site?.message ?? notHeldToRead(printExpr(e, 200)));
  return read.value;
}
