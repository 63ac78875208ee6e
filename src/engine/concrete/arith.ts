// Sym's arithmetic for the concrete interpreter, in the language's own terms (operators,
// types). The meaning of each operator is the one terms/semantics.ts defines for constant
// folding and evaluation, so the interpreter and the symbolic engine share one definition:
// int is mathematical with `/` `%` truncating toward zero; bit-vectors wrap; `/ %` are
// unsigned on uN and signed on iN; `>>` is arithmetic on iN and logical on uN; a shift
// amount is read as unsigned and an amount >= width shifts everything out. What differs in a
// concrete run is division by zero: a runtime failure, signalled here by a RangeError.

import type { BvWidth, Type } from '../../lang/types';
import { sortOfType } from '../state/sorts';
import { applyCast, applyNumeric, normalize } from '../terms/semantics';
import type { Op } from '../terms/term';

export interface BvType {
  readonly width: BvWidth;
  readonly signed: boolean;
}

export type ArithOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';
export type CompareOp = '<' | '<=' | '>' | '>=';

const TERM_OPS: Readonly<Record<ArithOp, Op>> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '%': 'mod',
  '&': 'bvand',
  '|': 'bvor',
  '^': 'bvxor',
  '<<': 'shl',
  '>>': 'shr',
};

const BV_ONLY: ReadonlySet<ArithOp> = new Set(['&', '|', '^', '<<', '>>']);

/** `v` reduced modulo 2^width into the type's range (negative for a set sign bit when signed). */
export function wrapBv(v: bigint, t: BvType): bigint {
  return normalize(v, { kind: 'bv', width: t.width, signed: t.signed });
}

/** The bit pattern of `v` read as an unsigned number. */
export function toUnsigned(v: bigint, width: BvWidth): bigint {
  return BigInt.asUintN(width, v);
}

/**
 * `a op b` for operands of type `t` (int or bit-vector), with results in `t`'s range.
 * Division and remainder by zero are the caller's runtime failure: they throw a RangeError here.
 */
export function arith(op: ArithOp, a: bigint, b: bigint, t: Type): bigint {
  if (t.kind !== 'int' && t.kind !== 'bv') throw new Error(`operator ${op} is not defined on ${t.kind}`);
  if (t.kind === 'int' && BV_ONLY.has(op)) throw new Error(`operator ${op} is not defined on int`);
  if ((op === '/' || op === '%') && b === 0n) throw new RangeError('division by zero');
  return applyNumeric(TERM_OPS[op], sortOfType(t), a, b);
}

export function compare(op: CompareOp, a: bigint, b: bigint): boolean {
  // Values are kept in their type's range, so plain comparison is signed for iN and unsigned for uN.
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

export function negate(a: bigint, t: Type): bigint {
  return applyNumeric('neg', sortOfType(t), a, 0n);
}

export function bitNot(a: bigint, t: Type): bigint {
  if (t.kind !== 'bv') throw new Error(`operator ~ is not defined on ${t.kind}`);
  return applyNumeric('bvnot', sortOfType(t), a, 0n);
}

/**
 * `v as to` where `v` has type `from`. int -> bv wraps mod 2^w; bv -> int reads the value by
 * the source signedness (which is how it is stored); bv -> bv sign- or zero-extends by the
 * source signedness, truncates, or reinterprets — all of which is wrapping the stored value.
 */
export function cast(v: bigint, from: Type, to: Type): bigint {
  const numeric = (t: Type): boolean => t.kind === 'int' || t.kind === 'bv';
  if (!numeric(from) || !numeric(to)) throw new Error(`cannot convert ${from.kind} to ${to.kind}`);
  return applyCast(v, sortOfType(to));
}
