// What checking an expression needs, and the signature of the expression checker itself.
// The checker of ordinary expressions (checkExpr.ts) hands object and permission forms to
// checkHeap.ts, which checks their sub-expressions with the checker again: a mutual
// recursion. checkHeap.ts takes the checker as an argument typed here instead of importing
// checkExpr.ts, so the two files do not import each other.

import type { Expr, Proc } from './ast';
import type { CheckTables } from './checkTables';
import type { HeapEnv } from './heapEnv';
import type { Scope } from './scope';
import type { LabelScope } from './labelScope';
import type { Type } from './types';

export interface ExprContext {
  readonly tables: CheckTables;
  readonly scope: Scope;
  readonly procs: ReadonlyMap<string, Proc>;
  /** Quantifiers allowed: in procedures, functions and specifications, not in a global initializer or a synth grammar. */
  readonly spec: boolean;
  /** `old(e)` allowed (procedure bodies, ensures, join formulas). */
  readonly old: boolean;
  /** The labels `old[l](e)` may name here (absent: a debugger expression, which names any). */
  readonly labels?: LabelScope;
  /** Return values are not yet defined (requires clauses). */
  readonly beforeReturns: boolean;
  /** The error for a call in this expression position. */
  readonly callMessage: string;
  /** Classes, predicates and functions (absent: a program without any). */
  readonly heap?: HeapEnv;
  /** Inside a synth grammar rule, where `const` (a synthesised constant) is allowed. */
  readonly grammar?: boolean;
}

/** The expression checker (checkExpr.ts): the type of `e` where a value of type `hint` is wanted. */
export type CheckExpr = (e: Expr, ctx: ExprContext, hint?: Type) => Type | undefined;
