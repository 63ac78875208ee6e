// Where the symbolic engine does not take fractions yet (docs/design.md "Permission amounts"):
// a recursive predicate's body, whose instances are snapshots unfolded into whole chunks
// (rules/heap/snapshots.ts). Refused by name rather than read as whole.

import type { Acc } from '../../../lang/ast';
import type { CheckedProgram } from '../../../lang/checked';
import { leafConjuncts } from './assertions';
import { namesFraction } from './fractions';
import { recursion } from './recursion';

/** The first `acc` with a fraction in a recursive predicate's body, with the predicate's name. */
export function unsupportedFraction(checked: CheckedProgram): { acc: Acc; predicate: string } | undefined {
  const rec = recursion(checked).predicates;
  const isPred = (n: string): boolean => checked.predicates.has(n);
  for (const d of checked.predicates.values()) {
    if (!rec.has(d.name)) continue;
    for (const c of leafConjuncts(d.body, isPred))
      if (c.kind === 'acc' && namesFraction(c.acc)) return { acc: c.acc, predicate: d.name };
      else if (c.kind === 'pred' && c.amount)
        return { acc: { kind: 'acc', target: c.call, amount: c.amount, span: c.amount.span }, predicate: d.name };
  }
  return undefined;
}
