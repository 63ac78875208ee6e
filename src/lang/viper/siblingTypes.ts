// Where an expression's own context decides its type (a generic domain function's application,
// a generic ADT constructor's) and nothing else expects one, Silver's type checker takes it from
// its sibling: the other side of `==`/`!=`, the other branch of `c ? a : b` (the conditional's
// type as a whole). The type found is what the lowering expects of it (expectedType.ts).

import type { VExpr, VType } from './ast';
import type { LowerCtx } from './context';
import { expect, expectedOf } from './expectedType';
import { domainSideType } from './generics';
import { adtSideType } from './adtExpr';

/** For a side of `==`/`!=`: the other side's type, where the side's own context decides its type. */
export function equalitySideType(side: VExpr, other: VExpr, ctx: LowerCtx): VType | undefined {
  return domainSideType(side, other, ctx) ?? adtSideType(side, other, ctx);
}

/** `ctx` for a branch of `cond`: what the conditional is expected to be, else its type as a whole. */
export function branchCtx(ctx: LowerCtx, cond: Extract<VExpr, { kind: 'cond' }>, branch: VExpr): LowerCtx {
  return expect(ctx, branch, expectedOf(cond, ctx) ?? equalitySideType(branch, cond, ctx));
}
