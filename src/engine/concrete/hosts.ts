// The views the concrete evaluator and the object runtime have of each other and of the
// variables: eval.ts evaluates expressions and hands field reads and heap calls to the object
// runtime (heapEval.ts), which evaluates receivers and arguments with the evaluator. Each
// names the other by these interfaces, so neither file imports the other.

import type { Call, Expr, VarRef } from '../../lang/ast';
import type { ObjectHeap } from './objects';
import type { Span } from '../../lang/span';
import type { ConcreteArray, ConcreteValue } from './values';

/** Where variables live while an expression is evaluated. */
export interface Scope {
  /** The heap field reads see: the live heap when absent; `old` scopes carry the heap on entry. */
  readonly heap?: ObjectHeap;
  lookup(ref: VarRef): ConcreteValue;
  /** The scope `old(e)` reads: the procedure's store on entry. */
  old(): Scope;
  /** The scope `old[l](e)` reads: the state `label l` recorded (absent: not reached). */
  labelled?(label: string): Scope | undefined;
}

/** What the object runtime (heapEval.ts) does for the evaluator. */
export interface ObjectEval {
  value(e: Expr, scope: Scope): ConcreteValue;
  handlesCall(call: Call): boolean;
}

/** What the object runtime needs of the evaluator (eval.ts). */
export interface ExprEval {
  eval(e: Expr, scope: Scope): ConcreteValue;
  bool(e: Expr, scope: Scope): boolean;
  num(e: Expr, scope: Scope): bigint;
  array(e: Expr, scope: Scope): ConcreteArray;
  checkedIndex(arr: ConcreteArray, i: bigint, at: Span): number;
}
