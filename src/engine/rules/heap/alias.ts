// Deciding whether two references are the same object without the solver (docs/design.md B.5:
// term identity first, then the simplifier). Objects made by `new` are symbols whose origin
// says so; two of them are distinct, and none is null. Anything else is left to the solver.

import type { Term } from '../../terms/term';

/** The origin prefix of allocation symbols (see rules/objects.ts). */
export const ALLOCATION = 'new ';

export function isAllocation(t: Term): boolean {
  return t.op === 'sym' && t.symbol!.origin.startsWith(ALLOCATION);
}

function isNull(t: Term): boolean {
  return t.op === 'const' && t.value === 0n;
}

/** Certainly the same object. */
export function sameRef(a: Term, b: Term): boolean {
  return a === b;
}

/** Certainly different objects. */
export function distinctRefs(a: Term, b: Term): boolean {
  if (a === b) return false;
  if (a.op === 'const' && b.op === 'const') return a.value !== b.value;
  if (isAllocation(a) && (isAllocation(b) || isNull(b))) return true;
  return isAllocation(b) && isNull(a);
}
