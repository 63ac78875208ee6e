// Viper's sets and sequences to Sym's Coll nodes (lang/ast.ts), which the checker types
// (checkColl.ts) and the engine hands to Z3's set and sequence theories (engine/terms/
// collections.ts). `s[i..j]` is Silver's own desugaring, `s[i..][..j-i]`… written as
// drop(take(s, j), i) (SeqDrop(SeqTake(s, j), i) in Silver's parser). Membership in a range,
// `x in [a..b)`, is Silicon's and Carbon's axiom `a <= x && x < b` (rangeMembership.ts), for any
// bounds. A range used as a value has no term Z3 decides: only literal bounds (at most MAX_RANGE
// elements) are read; others are refused.

import type { CollExprOp, Expr } from '../ast';
import type { Span } from '../span';
import type { VCollOp, VExpr } from './ast';
import { refuse, type LowerCtx } from './context';
import { symType } from './types';
import { groundTypeOf } from './generics';
import { hasSetCardinality, setCardinality } from './setCardinality';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type VColl = Extract<VExpr, { kind: 'coll' }>;
type VApp = Extract<VExpr, { kind: 'app' }>;

/** The most elements of a range `[a..b)` symdap spells out. */
const MAX_RANGE = 1000n;

const BINARY: Readonly<Record<VCollOp, CollExprOp>> = {
  in: 'in',
  union: 'union',
  intersection: 'intersection',
  setminus: 'setminus',
  subset: 'subset',
  '++': 'concat',
};

export function isCollOp(op: string): op is VCollOp {
  return Object.prototype.hasOwnProperty.call(BINARY, op);
}

function node(op: CollExprOp, args: Expr[], span: Span): Expr {
  return { kind: 'coll', op, args, span };
}

export function lowerCollBinary(op: VCollOp, left: Expr, right: Expr, span: Span): Expr {
  return node(BINARY[op], [left, right], span);
}

/** `Set(a, b)` / `Seq()` written as an application, unless the program declares such a function. */
export function isCollLiteral(e: VApp, ctx: LowerCtx): boolean {
  return (e.name === 'Set' || e.name === 'Seq') && !ctx.decls.functions.has(e.name) && !ctx.decls.macros.has(e.name);
}

export function lowerCollLiteral(e: VApp, ctx: LowerCtx, lower: Lower): Expr {
  if (e.name === 'Set' && e.args.length > 1 && hasSetCardinality(ctx))
    return singletonUnion(e.args, e.span, ctx, lower);
  return node(
    e.name === 'Set' ? 'setLit' : 'seqLit',
    e.args.map((a) => lower(a, ctx)),
    e.span,
  );
}

/** `Set(a, b, c)` as `Set(a) union Set(b) union Set(c)`: the shape set cardinality's axioms
 *  match (setCardinality.ts); the same set. */
function singletonUnion(elems: readonly VExpr[], span: Span, ctx: LowerCtx, lower: Lower): Expr {
  return elems
    .map((x) => node('setLit', [lower(x, ctx)], x.span))
    .reduce((acc, single) => node('union', [acc, single], span));
}

export function lowerColl(e: VColl, ctx: LowerCtx, lower: Lower): Expr {
  const card = setCardinality(e, ctx, (x) => groundTypeOf(x, ctx));
  if (card !== undefined) return lower(card, ctx);
  if (e.op === 'lit' && e.collection === 'Set' && e.args.length > 1 && hasSetCardinality(ctx))
    return singletonUnion(e.args, e.span, ctx, lower);
  const args = e.args.map((a) => lower(a, ctx));
  switch (e.op) {
    case 'lit':
      return {
        kind: 'coll',
        op: e.collection === 'Set' ? 'setLit' : 'seqLit',
        args,
        ...(e.elem ? { elem: symType(e.elem, e.span, ctx) } : {}),
        span: e.span,
      };
    case 'slice':
      return node('drop', [node('take', [args[0], args[2]], e.span), args[1]], e.span);
    case 'range':
      checkRange(e, ctx);
      return node('range', args, e.span);
    default:
      return node(e.op, args, e.span);
  }
}

function literal(e: VExpr): bigint | undefined {
  if (e.kind === 'int') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int') return -e.operand.value;
  return undefined;
}

function checkRange(e: VColl, ctx: LowerCtx): void {
  const [a, b] = e.args.map(literal);
  if (a === undefined || b === undefined)
    refuse(ctx, 'a sequence range with symbolic bounds used as a value ([a..b) other than in `x in [a..b)`)', e.span);
  else if (b - a > MAX_RANGE) refuse(ctx, `sequence ranges of more than ${MAX_RANGE} elements ([a..b))`, e.span);
}

/** Viper's reason for a sequence index out of range (the engine's evalColl.ts messages). */
export function seqIndexReason(message: string): string {
  return /may be negative/.test(message) ? 'seq.index.negative' : 'seq.index.length';
}
