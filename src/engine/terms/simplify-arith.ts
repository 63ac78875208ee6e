// Simplifying constructors for arithmetic, bitwise operators, comparisons and casts.
// Constant folding goes through semantics.ts (the same definition evaluate.ts uses);
// identities only where they hold for every sort (ints and wrapping bit-vectors alike).

import { bvRange } from '../../lang/types';
import { BOOL_SORT, isConst, sortEquals, sortKey, type Op, type Sort, type Term } from './term';
import { applyCast, applyCompare, applyNumeric, foldNumeric, normalize } from './semantics';
import { requireSameSort } from './simplify-bool';
import type { TermBuilder } from './builder';

export type BinaryNumericOp = 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'bvand' | 'bvor' | 'bvxor' | 'shl' | 'shr';

const COMMUTATIVE: ReadonlySet<Op> = new Set<Op>(['add', 'mul', 'bvand', 'bvor', 'bvxor']);
const BITWISE: ReadonlySet<Op> = new Set<Op>(['bvand', 'bvor', 'bvxor', 'bvnot', 'shl', 'shr']);

function requireNumeric(t: Term, op: Op): void {
  const ok = t.sort.kind === 'int' || t.sort.kind === 'bv';
  if (!ok || (BITWISE.has(op) && t.sort.kind !== 'bv')) {
    throw new Error(`${op}: operand of sort ${sortKey(t.sort)} not allowed`);
  }
}

function constValue(t: Term): bigint | undefined {
  return isConst(t) && typeof t.value === 'bigint' ? t.value : undefined;
}

function num(s: TermBuilder, n: bigint, sort: Sort): Term {
  return sort.kind === 'int' ? s.int(n) : s.bvConst(n, sort);
}

/** x + c or x - c as (x, ±c); any other term as (t, 0). */
function splitOffset(t: Term): [Term, bigint] {
  const c = constValue(t.args[1] ?? t);
  if (c !== undefined && t.op === 'add') return [t.args[0], c];
  if (c !== undefined && t.op === 'sub') return [t.args[0], -c];
  return [t, 0n];
}

/** base + offset, written as `base - k` when that reads better (negative or "almost 2^w"). */
function withOffset(s: TermBuilder, base: Term, offset: bigint): Term {
  const sort = base.sort;
  const off = normalize(offset, sort);
  if (off === 0n) return base;
  const negated = normalize(-off, sort);
  const useSub = sort.kind === 'bv' && !sort.signed ? negated < off : negated > 0n && off < 0n;
  return useSub ? s.mk('sub', sort, [base, num(s, negated, sort)]) : s.mk('add', sort, [base, num(s, off, sort)]);
}

/** (x * c1) * c2 is x * (c1 * c2): multiplication is associative for ints and wrapping
 *  bit-vectors alike, so `y * 2 * 2 * 2` becomes `y * 8`. */
function foldFactor(s: TermBuilder, a: Term, c: bigint): Term | undefined {
  const inner = a.op === 'mul' ? constValue(a.args[1]) : undefined;
  if (inner === undefined) return undefined;
  const k = foldNumeric('mul', a.sort, inner, c);
  return k === undefined ? undefined : s.mul(a.args[0], num(s, k, a.sort));
}

/** (x + c) + y and x + (y + c) are (x + y) + c (also with `- c`): the constants of a sum
 *  gather at its end, where splitOffset folds them. Sound for ints and bit-vectors. */
function hoistOffset(s: TermBuilder, a: Term, b: Term): Term | undefined {
  const [baseA, offA] = splitOffset(a);
  const [baseB, offB] = splitOffset(b);
  if (offA === 0n && offB === 0n) return undefined;
  return withOffset(s, s.add(baseA, baseB), offA + offB);
}

function identity(s: TermBuilder, op: BinaryNumericOp, a: Term, b: Term): Term | undefined {
  const sort = a.sort;
  const bv = constValue(b);
  const ones = sort.kind === 'bv' ? normalize(-1n, sort) : undefined;
  switch (op) {
    case 'add':
    case 'sub':
      if (op === 'sub' && a === b) return s.zero(sort);
      if (bv === undefined) return undefined;
      {
        const [base, off] = splitOffset(a);
        return withOffset(s, base, op === 'add' ? off + bv : off - bv);
      }
    case 'mul':
      if (bv === 0n) return b;
      if (bv === 1n) return a;
      return bv === undefined ? undefined : foldFactor(s, a, bv);
    case 'div':
      return bv === 1n ? a : undefined;
    case 'mod':
      return bv === 1n ? s.zero(sort) : undefined;
    case 'bvand':
      if (a === b || bv === ones) return a;
      return bv === 0n ? b : undefined;
    case 'bvor':
      if (a === b || bv === 0n) return a;
      return bv === ones ? b : undefined;
    case 'bvxor':
      if (a === b) return s.zero(sort);
      return bv === 0n ? a : undefined;
    case 'shl':
    case 'shr':
      if (bv === 0n) return a;
      return constValue(a) === 0n ? a : undefined;
  }
}

export function mkBinary(s: TermBuilder, op: BinaryNumericOp, a: Term, b: Term): Term {
  requireNumeric(a, op);
  requireSameSort(a, b, op);
  const av = constValue(a);
  const bv = constValue(b);
  const folded = av !== undefined && bv !== undefined ? foldNumeric(op, a.sort, av, bv) : undefined;
  if (folded !== undefined) return num(s, folded, a.sort);
  if (av !== undefined && bv !== undefined) return s.mk(op, a.sort, [a, b]); // too large to fold
  if (av !== undefined && COMMUTATIVE.has(op)) return mkBinary(s, op, b, a);
  if (op === 'add' && bv === undefined) return hoistOffset(s, a, b) ?? s.mk(op, a.sort, [a, b]);
  return identity(s, op, a, b) ?? s.mk(op, a.sort, [a, b]);
}

export function mkUnary(s: TermBuilder, op: 'neg' | 'bvnot', a: Term): Term {
  requireNumeric(a, op);
  const av = constValue(a);
  if (av !== undefined) return num(s, applyNumeric(op, a.sort, av, 0n), a.sort);
  if (a.op === op) return a.args[0];
  return s.mk(op, a.sort, [a]);
}

/** Comparisons that the sort's bounds decide (e.g. `x <= max`, `x < min`). */
function decidedByRange(op: 'lt' | 'le', a: Term, b: Term): boolean | undefined {
  if (a.sort.kind !== 'bv') return undefined;
  const { min, max } = bvRange(a.sort);
  const av = constValue(a);
  const bv = constValue(b);
  if (op === 'le' && (av === min || bv === max)) return true;
  if (op === 'lt' && (bv === min || av === max)) return false;
  return undefined;
}

/** `greater`: written `b > a` (or `>=`); kept for printing only. */
export function mkCompare(s: TermBuilder, op: 'lt' | 'le', a: Term, b: Term, greater = false): Term {
  requireNumeric(a, op);
  requireSameSort(a, b, op);
  const av = constValue(a);
  const bv = constValue(b);
  if (av !== undefined && bv !== undefined) return s.bool(applyCompare(op, av, bv));
  if (a === b) return s.bool(op === 'le');
  const decided = decidedByRange(op, a, b);
  if (decided !== undefined) return s.bool(decided);
  return s.mk(op, BOOL_SORT, [a, b], {}, greater);
}

function width(sort: Sort): number {
  return sort.kind === 'bv' ? sort.width : Infinity;
}

export function mkCast(s: TermBuilder, t: Term, target: Sort): Term {
  requireNumeric(t, 'cast');
  if (target.kind !== 'int' && target.kind !== 'bv') throw new Error(`cast to ${sortKey(target)} not allowed`);
  if (sortEquals(t.sort, target)) return t;
  const tv = constValue(t);
  if (tv !== undefined) return num(s, applyCast(tv, target), target);
  if (t.op === 'cast' && target.kind === 'bv') {
    const inner = t.args[0];
    // A bv->int->bv round trip is a direct bv->bv cast (extension by the same signedness,
    // or truncation of the same bits); any chain that never drops below the target width
    // keeps the target's low bits.
    if (t.sort.kind === 'int' || width(target) <= Math.min(width(inner.sort), width(t.sort))) {
      return s.cast(inner, target);
    }
  }
  return s.mk('cast', target, [t]);
}
