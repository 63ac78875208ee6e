// Type checking of `forperm x: C [x.f] :: body` (Viper's forperm, docs/viper.md "forperm"): the
// binder ranges over the receivers of the chunks of f the heap holds, not over every value of its
// type, so a binder of a class type is fine here (a quantifier's would range over other classes'
// objects too). The resource names a field of the binder's class, or a predicate whose arguments
// are the binder or expressions of the context.

import type { Call, ForpermResource, Quant } from './ast';
import type { CheckExpr, ExprContext } from './exprContext';
import { checkPredicateInstance, heapOf } from './checkHeap';
import { fieldOf } from './heapEnv';
import { typeName } from './types';

/** Checks the binders and the resource of a forperm (the binders are declared by the caller). */
export function checkForperm(check: CheckExpr, e: Quant, resource: ForpermResource, ctx: ExprContext): void {
  if (resource.kind === 'pred') {
    const call: Call = {
      kind: 'call',
      callee: resource.predicate,
      calleeSpan: resource.span,
      args: resource.args,
      span: resource.span,
    };
    checkPredicateInstance(check, call, ctx);
    for (const x of e.vars)
      if (!resource.args.some((a) => a.kind === 'var' && a.name === x.name))
        ctx.tables.error(resource.span, `the resource of 'forperm' must have '${x.name}' as an argument`);
    return;
  }
  const x = e.vars[0];
  if (e.vars.length !== 1) {
    ctx.tables.error(e.span, "'forperm' over a field binds exactly one variable");
    return;
  }
  if (x.type.kind !== 'ref') {
    ctx.tables.error(x.span, `the variable of 'forperm' over a field must be an object, not ${typeName(x.type)}`);
    return;
  }
  if (!fieldOf(heapOf(ctx), x.type.className, resource.field))
    ctx.tables.error(resource.span, `class ${x.type.className} has no field '${resource.field}'`);
}
