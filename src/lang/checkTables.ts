// What one run of the checker accumulates: diagnostics and the side tables that become the
// CheckedProgram. Owned by a single check() call, never shared between runs.

import type { Expr } from './ast';
import type { Declaration } from './checked';
import { error, type Diagnostic } from './diagnostics';
import type { Span } from './span';
import type { Type } from './types';

export class CheckTables {
  readonly diagnostics: Diagnostic[] = [];
  readonly exprTypes = new Map<Expr, Type>();
  readonly declTypes = new Map<Declaration, Type>();
  readonly resolution = new Map<Expr, Declaration>();

  /** `refBinders`: quantifiers may bind references (CheckOptions). */
  constructor(
    readonly file: string,
    readonly refBinders = false,
  ) {}

  error(span: Span, message: string): void {
    this.diagnostics.push(error(this.file, span, message));
  }

  /** Records the type of `e` (when known) and passes it through. */
  typed(e: Expr, type: Type | undefined): Type | undefined {
    if (type) this.exprTypes.set(e, type);
    return type;
  }

  declared(decl: Declaration, type: Type | undefined): void {
    if (type) this.declTypes.set(decl, type);
  }
}
