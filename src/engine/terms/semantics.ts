// The meaning of every scalar operator on concrete values, shared by constant folding
// (simplify.ts) and evaluation (evaluate.ts) so both follow one definition. It mirrors
// SMT-LIB: bit-vector division by zero is total (bvudiv x 0 = all ones, bvurem x 0 = x,
// bvsdiv x 0 = x < 0 ? 1 : -1, bvsrem x 0 = x) and shifts by >= width give 0 or the sign.
// Int division by zero is pinned to x / 0 = 0 and x % 0 = x (smtlib.ts encodes the same),
// the engine reports division by zero before it ever divides.

import type { Op, Sort } from './term';

/** Largest int a concrete computation may produce, in bits: a few squarings past it would take
 *  minutes and gigabytes (2^(2^40) has a trillion bits). Folding leaves such terms symbolic. */
export const MAX_INT_BITS = 65_536;

/** An int result past MAX_INT_BITS: a runtime error of a concrete run, never a crash or a hang. */
export class IntLimitError extends RangeError {
  /** `detail` says which operation: `the result of * has more than … bits`. */
  constructor(readonly detail: string) {
    super(`integer too large: ${detail}`);
  }
}

const SMALL = 1n << 64n;

/** Bits of |n|, to within 3 (hex digits), cheap for the small values that are the rule. */
function bitLength(n: bigint): number {
  if (n < SMALL && n > -SMALL) return 64;
  return (n < 0n ? -n : n).toString(16).length * 4;
}

function tooLarge(op: Op): never {
  const sign = op === 'mul' ? '*' : op === 'sub' ? '-' : '+';
  throw new IntLimitError(
    `the result of ${sign} has more than ${MAX_INT_BITS.toLocaleString('en-US')} bits, the limit of int values`,
  );
}

/** Refuse an int operation whose result could pass MAX_INT_BITS, before computing it. */
function checkIntSize(op: Op, a: bigint, b: bigint): void {
  if (op !== 'mul' && op !== 'add' && op !== 'sub') return; // the others never grow
  // The rule: both operands below 2^64 (one comparison each way), nothing to measure.
  if (a < SMALL && a > -SMALL && b < SMALL && b > -SMALL) return;
  const la = bitLength(a);
  const lb = bitLength(b);
  if (op === 'mul' ? la + lb > MAX_INT_BITS : Math.max(la, lb) >= MAX_INT_BITS) tooLarge(op);
}

type BvSort = Extract<Sort, { kind: 'bv' }>;

/** Bring an integer into the sort's range: wrap modulo 2^w, signed sorts two's complement. */
export function normalize(n: bigint, sort: Sort): bigint {
  if (sort.kind !== 'bv') return n;
  return sort.signed ? BigInt.asIntN(sort.width, n) : BigInt.asUintN(sort.width, n);
}

function bits(n: bigint, s: BvSort): bigint {
  return BigInt.asUintN(s.width, n);
}

function divide(a: bigint, b: bigint, sort: Sort): bigint {
  if (b !== 0n) return normalize(a / b, sort); // BigInt division truncates toward zero.
  if (sort.kind === 'int') return 0n;
  if (sort.kind === 'bv' && sort.signed) return a < 0n ? 1n : -1n;
  return normalize(-1n, sort);
}

function remainder(a: bigint, b: bigint, sort: Sort): bigint {
  // BigInt % takes the dividend's sign: C's % and bvsrem.
  return b === 0n ? a : normalize(a % b, sort);
}

function shift(op: 'shl' | 'shr', a: bigint, b: bigint, s: BvSort): bigint {
  const amount = bits(b, s); // the amount is read unsigned, as bvshl/bvlshr/bvashr do
  const w = BigInt(s.width);
  if (amount >= w) return op === 'shr' && a < 0n ? -1n : 0n;
  // Stored values carry the sort's signedness, so >> is arithmetic exactly for signed sorts.
  return normalize(op === 'shl' ? a << amount : a >> amount, s);
}

export function isNumericOp(op: Op): boolean {
  switch (op) {
    case 'add':
    case 'sub':
    case 'mul':
    case 'div':
    case 'mod':
    case 'neg':
    case 'bvand':
    case 'bvor':
    case 'bvxor':
    case 'bvnot':
    case 'shl':
    case 'shr':
      return true;
    default:
      return false;
  }
}

/** Apply a numeric operator (result sort = operand sort) to normalized operands.
 *  Throws an IntLimitError for an int result past MAX_INT_BITS. */
export function applyNumeric(op: Op, sort: Sort, a: bigint, b: bigint): bigint {
  if (sort.kind === 'int') checkIntSize(op, a, b);
  switch (op) {
    case 'add':
      return normalize(a + b, sort);
    case 'sub':
      return normalize(a - b, sort);
    case 'mul':
      return normalize(a * b, sort);
    case 'div':
      return divide(a, b, sort);
    case 'mod':
      return remainder(a, b, sort);
    case 'neg':
      return normalize(-a, sort);
    case 'bvand':
      return normalize(a & b, sort);
    case 'bvor':
      return normalize(a | b, sort);
    case 'bvxor':
      return normalize(a ^ b, sort);
    case 'bvnot':
      return normalize(~a, sort);
    case 'shl':
    case 'shr':
      if (sort.kind !== 'bv') throw new Error(`${op} needs a bit-vector sort`);
      return shift(op, a, b, sort);
    default:
      throw new Error(`not a numeric operator: ${op}`);
  }
}

/** applyNumeric for constant folding: undefined where the result would pass MAX_INT_BITS,
 *  so the term stays symbolic and the solver (with its limits) decides. */
export function foldNumeric(op: Op, sort: Sort, a: bigint, b: bigint): bigint | undefined {
  try {
    return applyNumeric(op, sort, a, b);
  } catch (e) {
    if (e instanceof IntLimitError) return undefined;
    throw e;
  }
}

/** lt/le: stored values carry their signedness, so plain comparison is the right order. */
export function applyCompare(op: 'lt' | 'le', a: bigint, b: bigint): boolean {
  return op === 'lt' ? a < b : a <= b;
}

/** Every cast (int->bv wraps, bv->int by source signedness, bv->bv extends or truncates)
 *  is normalization into the target, because the stored value already has the source's sign. */
export function applyCast(value: bigint, target: Sort): bigint {
  return normalize(value, target);
}
