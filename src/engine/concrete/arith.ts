// Exact arithmetic of Sym on bigints, as pure functions (shared with anything that must agree
// with the language, e.g. constant folding and property tests). The rules are DESIGN.md's and
// SMT-LIB's: int is mathematical with `/` `%` truncating toward zero; bit-vectors wrap
// (two's complement); `/ %` are unsigned on uN and signed on iN; `>>` is arithmetic on iN and
// logical on uN; a shift amount is read as unsigned and an amount >= width shifts everything out.

import type { BvWidth, Type } from '../../lang/types';

export interface BvType { readonly width: BvWidth; readonly signed: boolean }

export type ArithOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';
export type CompareOp = '<' | '<=' | '>' | '>=';

/** `v` reduced modulo 2^width into the type's range (negative for a set sign bit when signed). */
export function wrapBv(v: bigint, t: BvType): bigint {
  return t.signed ? BigInt.asIntN(t.width, v) : BigInt.asUintN(t.width, v);
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
  if (t.kind === 'int') return intArith(op, a, b);
  if (t.kind === 'bv') return bvArith(op, a, b, t);
  throw new Error(`operator ${op} is not defined on ${t.kind}`);
}

function intArith(op: ArithOp, a: bigint, b: bigint): bigint {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    // bigint division truncates toward zero and the remainder takes the dividend's sign, as in C.
    case '/': return quot(a, b);
    case '%': return rem(a, b);
    default: throw new Error(`operator ${op} is not defined on int`);
  }
}

function bvArith(op: ArithOp, a: bigint, b: bigint, t: BvType): bigint {
  switch (op) {
    case '+': return wrapBv(a + b, t);
    case '-': return wrapBv(a - b, t);
    case '*': return wrapBv(a * b, t);
    // Operands are in range, so for uN they are non-negative and truncation is unsigned
    // division; for iN it is signed division, and MIN / -1 = 2^(w-1) wraps back to MIN.
    case '/': return wrapBv(quot(a, b), t);
    // Signed remainder takes the dividend's sign (SMT-LIB bvsrem); MIN % -1 = 0.
    case '%': return wrapBv(rem(a, b), t);
    // bigint bitwise operators act on infinite two's complement, which agrees with w bits.
    case '&': return wrapBv(a & b, t);
    case '|': return wrapBv(a | b, t);
    case '^': return wrapBv(a ^ b, t);
    case '<<': return shiftLeft(a, b, t);
    case '>>': return shiftRight(a, b, t);
  }
}

function quot(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return a / b;
}

function rem(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return a % b;
}

function shiftLeft(a: bigint, amount: bigint, t: BvType): bigint {
  const k = toUnsigned(amount, t.width);
  return k >= BigInt(t.width) ? 0n : wrapBv(a << k, t);
}

/** Arithmetic for signed (bigint `>>` on a negative value keeps the sign), logical for unsigned. */
function shiftRight(a: bigint, amount: bigint, t: BvType): bigint {
  const k = toUnsigned(amount, t.width);
  if (k >= BigInt(t.width)) return t.signed && a < 0n ? -1n : 0n;
  return wrapBv(a >> k, t);
}

export function compare(op: CompareOp, a: bigint, b: bigint): boolean {
  // Values are kept in their type's range, so plain comparison is signed for iN and unsigned for uN.
  switch (op) {
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
  }
}

export function negate(a: bigint, t: Type): bigint {
  return t.kind === 'bv' ? wrapBv(-a, t) : -a;
}

export function bitNot(a: bigint, t: Type): bigint {
  if (t.kind !== 'bv') throw new Error(`operator ~ is not defined on ${t.kind}`);
  return wrapBv(~a, t);
}

/**
 * `v as to` where `v` has type `from`. int -> bv wraps mod 2^w; bv -> int reads the value by
 * the source signedness (which is how it is stored); bv -> bv sign- or zero-extends by the
 * source signedness, truncates, or reinterprets — all of which is wrapping the stored value.
 */
export function cast(v: bigint, from: Type, to: Type): bigint {
  if (to.kind === 'bv') return wrapBv(v, to);
  if (to.kind === 'int' && (from.kind === 'int' || from.kind === 'bv')) return v;
  throw new Error(`cannot convert ${from.kind} to ${to.kind}`);
}
