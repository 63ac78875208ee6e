// The type a context expects of an expression: Silver's type checker types an expression against
// the type its context expects (a variable's declaration or assignment, a field assignment, a
// function's body, an argument's parameter, an operand's signature, the other side of `==`, an
// ascription `(e : T)`). That one fact decides three things here: the typing of the overloaded
// `/` and `*` (arithTypes.ts), a generic domain function's type arguments (generics.ts) and a
// generic ADT constructor's instance (adtExpr.ts). The lowering carries it in `LowerCtx.expected`,
// keyed by the node it is about, so that it applies to that expression only and never leaks into
// its subexpressions; an expression that hands its type to a part (`-e`, a conditional's
// branches, `old(e)`) passes it on with `passOn`.

import type { VExpr, VType } from './ast';
import type { LowerCtx } from './context';

/** `ctx` expecting type `type` of `node` (no change when the type is unknown). */
export function expect(ctx: LowerCtx, node: VExpr, type: VType | undefined): LowerCtx {
  return type === undefined ? ctx : { ...ctx, expected: { node, type } };
}

/** The type the context expects of `e`, if any. */
export function expectedOf(e: VExpr, ctx: LowerCtx): VType | undefined {
  return ctx.expected?.node === e ? ctx.expected.type : undefined;
}

/** `ctx` expecting of `part` what it expects of `whole` (an expression whose type is its part's). */
export function passOn(ctx: LowerCtx, whole: VExpr, part: VExpr): LowerCtx {
  return expect(ctx, part, expectedOf(whole, ctx));
}

/** The type of the field a field assignment writes (undefined for another target). */
export function fieldType(target: VExpr, ctx: LowerCtx): VType | undefined {
  return target.kind === 'field' ? ctx.decls.fields.get(target.field)?.type : undefined;
}

/** The type of parameter i of the method, function or predicate `name` (what its argument is expected to be). */
export function paramType(name: string, i: number, ctx: LowerCtx): VType | undefined {
  const d = ctx.decls.methods.get(name) ?? ctx.decls.functions.get(name) ?? ctx.decls.predicates.get(name);
  return d?.params[i]?.type;
}
