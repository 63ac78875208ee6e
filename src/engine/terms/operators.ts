// The term of a binary operator whose operands are already terms, for the operators that are
// total (no division: `/` and `%` carry a division-by-zero obligation, which the evaluator
// adds). Shared by symbolic evaluation and synth grammar alternatives, so both build the same
// terms for the same source operator.

import type { TermStore } from './store';
import type { Term } from './term';

export function binaryTerm(T: TermStore, op: string, l: Term, r: Term): Term {
  switch (op) {
    case '+':
      return T.add(l, r);
    case '-':
      return T.sub(l, r);
    case '*':
      return T.mul(l, r);
    case '&':
      return T.bvand(l, r);
    case '|':
      return T.bvor(l, r);
    case '^':
      return T.bvxor(l, r);
    case '<<':
      return T.shl(l, r);
    case '>>':
      return T.shr(l, r);
    case '==':
      return T.eq(l, r);
    case '!=':
      return T.neq(l, r);
    case '<':
      return T.lt(l, r);
    case '<=':
      return T.le(l, r);
    case '>':
      return T.gt(l, r);
    case '>=':
      return T.ge(l, r);
    case '&&':
      return T.and(l, r);
    case '||':
      return T.or(l, r);
    case '==>':
      return T.implies(l, r);
    default:
      throw new Error(`internal: operator ${op} has no total term`);
  }
}
