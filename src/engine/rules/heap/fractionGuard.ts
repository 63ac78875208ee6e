// Where the symbolic engine does not take amounts in a snapshot predicate's body yet (docs/design.md
// "Fractions of predicate instances"): an instance of a recursive (or conditional, or abstract)
// predicate unfolds from its snapshot (rules/heap/snapshots.ts) into chunks at the body's constant
// amounts; an amount known only when evaluated (a parameter) has no such constant, and `none`
// holds no slot of the snapshot. Refused by name rather than read as whole.

import type { Acc } from '../../../lang/ast';
import type { CheckedProgram } from '../../../lang/checked';
import { isNone } from '../../state/amounts';
import { constantAmount } from './fractions';
import { recursion } from './recursion';
import { bodyShape } from './snapshots';
import { amountOf } from './scaleAssertion';

/** Whether `acc`'s amount cannot be a chunk's constant amount in an unfolded snapshot. */
function unsupportedAmount(acc: Acc): boolean {
  if (!acc.amount) return false;
  if (!constantAmount(acc)) return true;
  const a = amountOf(acc.amount);
  return a !== undefined && isNone(a);
}

/** The first `acc` whose amount a snapshot predicate's body cannot hold, with the predicate's name. */
export function unsupportedFraction(checked: CheckedProgram): { acc: Acc; predicate: string } | undefined {
  const rec = recursion(checked).predicates;
  const isPred = (n: string): boolean => checked.predicates.has(n);
  for (const d of checked.predicates.values()) {
    if (!rec.has(d.name)) continue;
    for (const item of bodyShape(d, isPred).alternatives.flat())
      if (item.kind === 'acc' && unsupportedAmount(item.acc)) return { acc: item.acc, predicate: d.name };
  }
  return undefined;
}
