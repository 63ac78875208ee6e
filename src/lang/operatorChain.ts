// Binary operator precedence for Sym, shared by the parser and the printer.
// The grammar parses `a op b op c …` as a flat chain (far fewer Earley states than one
// nonterminal per precedence level) and this module folds the chain by precedence climbing.

import type { BinaryOp, Expr } from './ast';
import { spanFrom } from './span';

/** An infix operator of a chain: a binary operator, or `? then :` of a conditional. */
export type ChainOp =
  { readonly kind: 'binary'; readonly op: BinaryOp } | { readonly kind: 'cond'; readonly then: Expr };

export interface ChainLink {
  readonly operand: Expr;
  readonly op: ChainOp;
}

/** Higher binds tighter. Levels above the binary operators, for the printer. */
export const PREC = {
  implies: 1,
  cond: 2,
  or: 3,
  and: 4,
  bitOr: 5,
  bitXor: 6,
  bitAnd: 7,
  equality: 8,
  relational: 9,
  shift: 10,
  additive: 11,
  multiplicative: 12,
  cast: 13,
  unary: 14,
  postfix: 15,
} as const;

const BINARY_PREC: Record<BinaryOp, number> = {
  '==>': PREC.implies,
  '||': PREC.or,
  '&&': PREC.and,
  '|': PREC.bitOr,
  '^': PREC.bitXor,
  '&': PREC.bitAnd,
  '==': PREC.equality,
  '!=': PREC.equality,
  '<': PREC.relational,
  '<=': PREC.relational,
  '>': PREC.relational,
  '>=': PREC.relational,
  '<<': PREC.shift,
  '>>': PREC.shift,
  '+': PREC.additive,
  '-': PREC.additive,
  '*': PREC.multiplicative,
  '/': PREC.multiplicative,
  '%': PREC.multiplicative,
};

export function binaryPrec(op: BinaryOp): number {
  return BINARY_PREC[op];
}

/** `==>` and `?:` group to the right; every other binary operator to the left. */
export function isRightAssoc(op: BinaryOp | '?:'): boolean {
  return op === '==>' || op === '?:';
}

function precOf(op: ChainOp): number {
  return op.kind === 'cond' ? PREC.cond : BINARY_PREC[op.op];
}

function combine(left: Expr, op: ChainOp, right: Expr): Expr {
  const span = spanFrom(left.span, right.span);
  return op.kind === 'cond'
    ? { kind: 'cond', cond: left, then: op.then, otherwise: right, span }
    : { kind: 'binary', op: op.op, left, right, span };
}

/**
 * Folds `links[0].operand links[0].op … last` into one expression tree. Shunting-yard with
 * explicit stacks rather than recursive climbing: a chain of 100,000 `==>` must not need
 * 100,000 stack frames (the nesting limit is checked on the finished tree).
 */
export function resolveChain(links: readonly ChainLink[], last: Expr): Expr {
  const operands: Expr[] = [];
  const ops: ChainOp[] = [];
  const reduce = (): void => {
    const right = operands.pop() as Expr;
    const left = operands.pop() as Expr;
    operands.push(combine(left, ops.pop() as ChainOp, right));
  };
  for (const link of links) {
    operands.push(link.operand);
    const prec = precOf(link.op);
    const rightAssoc = link.op.kind === 'cond' || isRightAssoc(link.op.op);
    // Operators waiting on the stack that bind tighter (or as tight, grouping left) apply first.
    while (ops.length > 0) {
      const top = precOf(ops[ops.length - 1]);
      if (top > prec || (top === prec && !rightAssoc)) reduce();
      else break;
    }
    ops.push(link.op);
  }
  operands.push(last);
  while (ops.length > 0) reduce();
  return operands[0];
}
