// The kinds of verification failure, shared by the symbolic engine, the concrete
// interpreter (which replays counterexamples), the CLI and the debugger's exception filters.

import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import type { Amount } from './amounts';

export type FailureKind =
  | 'assert' // assert φ may fail
  | 'precondition' // a callee's requires may fail at a call site
  | 'postcondition' // an ensures may fail at a return
  | 'invariant' // a loop invariant may fail on entry or be not preserved
  | 'join' // a path reaches `join φ;` without φ
  | 'div-by-zero' // runtime error: division or remainder by zero
  | 'out-of-bounds' // runtime error: array index outside [0, length)
  | 'int-too-large' // runtime error (concrete runs): an int result past the size limit of int values
  | 'null-deref' // runtime error (concrete runs): a field of null is read or written
  | 'permission' // a field access or a callee's requires without the permission it needs
  | 'fold' // `fold q(…)`: the pure part of q's body may fail
  | 'synth' // no function of a synth grammar makes every check pass (at the declaration)
  | 'refute'; // `refute φ`: φ holds on every path that reaches it (verify/refutes.ts)

export const FAILURE_KINDS: readonly FailureKind[] = [
  'assert',
  'precondition',
  'postcondition',
  'invariant',
  'join',
  'div-by-zero',
  'out-of-bounds',
  'int-too-large',
  'null-deref',
  'permission',
  'fold',
  'synth',
  'refute',
];

/** Wording for messages such as `file:12:5: assertion may fail: x > 0`. */
export const FAILURE_TITLES: Readonly<Record<FailureKind, string>> = {
  assert: 'assertion may fail',
  precondition: 'precondition may fail',
  postcondition: 'postcondition may fail',
  invariant: 'loop invariant may fail',
  join: 'join condition may fail',
  'div-by-zero': 'division by zero',
  'out-of-bounds': 'index out of bounds',
  'int-too-large': 'integer too large',
  'null-deref': 'null dereference',
  permission: 'insufficient permission',
  fold: 'fold may fail',
  synth: 'no function in the grammar',
  refute: 'refuted assertion holds',
};

export function isRuntimeError(kind: FailureKind): boolean {
  return kind === 'div-by-zero' || kind === 'out-of-bounds' || kind === 'int-too-large' || kind === 'null-deref';
}

/** Where and why: the part of a failure both engines can state. */
export interface FailureSite {
  readonly kind: FailureKind;
  readonly span: Span;
  /** The formula or operation that failed, printed in Sym syntax (e.g. `m >= 3`, `a[i]`). */
  readonly message: string;
  /** A `permission` failure: the chunk that was missing (plain data), so the debugger can walk
   *  the path back to where it was lost. */
  readonly missing?: MissingChunk;
}

/** `need`: the amount the failing step asked for (a consume of `acc(e.f, 1/2)` holding 1/4); absent,
 *  a read needs some of the location and a write all of it (engine/verify/permissionAmounts.ts). */
export type MissingChunk =
  | { readonly kind: 'field'; readonly receiver: Term; readonly field: string; readonly need?: Amount }
  | { readonly kind: 'pred'; readonly name: string; readonly args: readonly Term[]; readonly need?: Amount };
