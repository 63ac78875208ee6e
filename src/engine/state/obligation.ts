// A runtime check that an expression's evaluation needs (a divisor not zero, an index in
// bounds, a field's permission held): plain data the evaluator (rules/eval.ts) returns and a
// state keeps for the check it waits on. Here, below the rules, so that the state model never
// imports the evaluator.

import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { Term } from '../terms/term';
import type { FailureKind } from './failures';

export interface Obligation {
  readonly kind: Extract<
    FailureKind,
    'div-by-zero' | 'out-of-bounds' | 'int-too-large' | 'permission' | 'precondition' | 'assert'
  >;
  /** Must hold for the operation to be defined. */
  readonly cond: Term;
  readonly span: Span;
  readonly message: string;
  /** A field read without a provable permission: what to assume held when the path goes on (rules/heal.ts). */
  readonly heal?: HealInfo;
  /** A fact of `asserting (A) in e` (rules/evalAsserting.ts): checked in a function's body too. */
  readonly asserting?: true;
}

export interface HealInfo {
  readonly receiver: Term;
  readonly field: string;
  readonly type: Type;
  /** `c.x`: how the location reads. */
  readonly display: string;
}
