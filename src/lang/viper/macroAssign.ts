// `m(args) := e` (Silver issues 177, 178, 214): an assignment to the application of an expression
// macro whose body is a field access, `define deref(x) x.f`, is that field's assignment once the
// macro is expanded (lowerStmt.ts lowers the target, which expands it). Any other application on
// the left of `:=` (a method call, a macro that stands for no field) is Viper's parser error.

import type { VExpr, VType } from './ast';
import { fail, type LowerCtx } from './context';

/** The type of the field a `fieldAssign`'s target stands for; undefined (reported) when it stands for none. */
export function assignedFieldType(target: VExpr, ctx: LowerCtx): { type: VType | undefined } | undefined {
  if (target.kind === 'field') return { type: ctx.decls.fields.get(target.field)?.type };
  if (target.kind !== 'app') return { type: undefined };
  const body = ctx.decls.macros.get(target.name)?.body;
  if (body?.kind === 'field') return { type: ctx.decls.fields.get(body.field)?.type };
  fail(ctx, `'${target.name}(…)' is not a macro that stands for a field access: it cannot be assigned`, target.span);
  return undefined;
}
