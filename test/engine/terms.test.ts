// The term store: hash-consing, sort checks and the simplifying constructors, including
// folding with exact wrap-around semantics for every operator.
import { describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';

const s = new TermStore();
const i8 = s.bvSort(8, true);
const u8 = s.bvSort(8, false);
const i16 = s.bvSort(16, true);
const u16 = s.bvSort(16, false);
const i32 = s.bvSort(32, true);
const c = (n: bigint, sort = i8): Term => s.bvConst(n, sort);
const val = (t: Term): unknown => (t.op === 'const' ? t.value : `not folded: ${t.op}`);

describe('hash-consing', () => {
  it('returns the same object for structurally equal terms', () => {
    const x = s.symbol(s.intSort, 'x', 'input x');
    const a = s.add(x, s.int(1n));
    const b = s.add(x, s.int(1n));
    expect(a).toBe(b);
    expect(a.id).toBe(b.id);
    expect(s.mk('add', s.intSort, [x, s.int(1n)])).toBe(a);
    expect(s.int(5n)).toBe(s.int(5n));
    expect(s.bvConst(-1n, i8)).toBe(s.bvConst(255n, i8));
    expect(s.bvConst(1n, i8)).not.toBe(s.bvConst(1n, u8));
  });

  it('makes every symbol fresh with a unique internal name', () => {
    const x1 = s.symbol(i8, 'x', 'input x');
    const x2 = s.symbol(i8, 'x', 'input x');
    expect(x1).not.toBe(x2);
    expect(x1.symbol?.display).toBe('x');
    expect(x1.symbol?.name).not.toBe(x2.symbol?.name);
    expect(x1.symbol?.name).toMatch(/^x!\d+$/);
    expect(s.symbolByName(x1.symbol!.name)).toBe(x1);
    expect(s.symbolById(x1.id)).toBe(x1);
    const weird = s.symbol(i8, 'a|b c', 'odd display');
    expect(weird.symbol?.name).toMatch(/^a_b_c!\d+$/);
    expect(weird.symbol?.display).toBe('a|b c');
  });

  it('counts distinct terms and freezes them', () => {
    const t = new TermStore();
    const before = t.size;
    t.int(3n);
    t.int(3n);
    expect(t.size).toBe(before + 1);
    expect(Object.isFrozen(t.int(3n))).toBe(true);
  });

  it('rejects ill-sorted terms', () => {
    const x = s.symbol(s.intSort, 'x', 'test');
    expect(() => s.add(x, c(1n))).toThrow(/sort mismatch/);
    expect(() => s.and(x)).toThrow(/bool/);
    expect(() => s.shl(x, x)).toThrow(/not allowed/);
    expect(() => s.select(x, x)).toThrow(/array/);
  });
});

describe('constant folding with wrap-around', () => {
  it('adds, subtracts and multiplies modulo 2^w', () => {
    expect(val(s.add(c(127n), c(1n)))).toBe(-128n);
    expect(val(s.add(c(200n, u8), c(100n, u8)))).toBe(44n);
    expect(val(s.sub(c(0n, u8), c(1n, u8)))).toBe(255n);
    expect(val(s.sub(c(-128n), c(1n)))).toBe(127n);
    expect(val(s.mul(c(16n), c(8n)))).toBe(-128n);
    expect(val(s.mul(c(300n, u16), c(300n, u16)))).toBe(90000n % 65536n);
    expect(val(s.neg(c(-128n)))).toBe(-128n);
    expect(val(s.neg(c(1n, u8)))).toBe(255n);
    expect(val(s.add(s.int(2n ** 70n), s.int(1n)))).toBe(2n ** 70n + 1n);
  });

  it('divides ints and signed bit-vectors truncating toward zero', () => {
    expect(val(s.div(s.int(-7n), s.int(2n)))).toBe(-3n);
    expect(val(s.mod(s.int(-7n), s.int(2n)))).toBe(-1n);
    expect(val(s.div(s.int(7n), s.int(-2n)))).toBe(-3n);
    expect(val(s.mod(s.int(7n), s.int(-2n)))).toBe(1n);
    expect(val(s.div(c(-7n), c(2n)))).toBe(-3n);
    expect(val(s.mod(c(-7n), c(2n)))).toBe(-1n);
    expect(val(s.div(c(-128n), c(-1n)))).toBe(-128n);
    expect(val(s.mod(c(-128n), c(-1n)))).toBe(0n);
  });

  it('divides unsigned bit-vectors unsigned', () => {
    expect(val(s.div(c(255n, u8), c(2n, u8)))).toBe(127n);
    expect(val(s.mod(c(255n, u8), c(7n, u8)))).toBe(3n);
  });

  it('defines division by zero like SMT-LIB (and int x/0 = 0, x%0 = x)', () => {
    expect(val(s.div(c(5n, u8), c(0n, u8)))).toBe(255n);
    expect(val(s.mod(c(5n, u8), c(0n, u8)))).toBe(5n);
    expect(val(s.div(c(5n), c(0n)))).toBe(-1n);
    expect(val(s.div(c(-5n), c(0n)))).toBe(1n);
    expect(val(s.mod(c(-5n), c(0n)))).toBe(-5n);
    expect(val(s.div(s.int(9n), s.int(0n)))).toBe(0n);
    expect(val(s.mod(s.int(9n), s.int(0n)))).toBe(9n);
  });

  it('compares by the sort signedness', () => {
    expect(val(s.lt(c(-1n), c(1n)))).toBe(true);
    expect(val(s.lt(c(255n, u8), c(1n, u8)))).toBe(false);
    expect(val(s.le(c(3n, u8), c(3n, u8)))).toBe(true);
    expect(val(s.gt(c(3n), c(-3n)))).toBe(true);
    expect(val(s.ge(c(-3n), c(3n)))).toBe(false);
  });

  it('folds bitwise operators and shifts, with shifts by >= width', () => {
    expect(val(s.bvand(c(0b1100n, u8), c(0b1010n, u8)))).toBe(0b1000n);
    expect(val(s.bvor(c(-128n), c(1n)))).toBe(-127n);
    expect(val(s.bvxor(c(-1n), c(1n)))).toBe(-2n);
    expect(val(s.bvnot(c(0n, u8)))).toBe(255n);
    expect(val(s.bvnot(c(0n)))).toBe(-1n);
    expect(val(s.shl(c(1n), c(7n)))).toBe(-128n);
    expect(val(s.shl(c(1n), c(8n)))).toBe(0n);
    expect(val(s.shr(c(-128n), c(7n)))).toBe(-1n);
    expect(val(s.shr(c(-128n), c(8n)))).toBe(-1n);
    expect(val(s.shr(c(64n), c(100n)))).toBe(0n);
    expect(val(s.shr(c(128n, u8), c(7n, u8)))).toBe(1n);
    expect(val(s.shr(c(128n, u8), c(8n, u8)))).toBe(0n);
    // A negative amount reads as a large unsigned one.
    expect(val(s.shl(c(1n), c(-1n)))).toBe(0n);
  });

  it('casts: int->bv wraps, bv->int by source signedness, bv->bv extends or truncates', () => {
    expect(val(s.cast(s.int(300n), u8))).toBe(44n);
    expect(val(s.cast(s.int(-1n), u8))).toBe(255n);
    expect(val(s.cast(s.int(200n), i8))).toBe(-56n);
    expect(val(s.cast(c(-1n), s.intSort))).toBe(-1n);
    expect(val(s.cast(c(255n, u8), s.intSort))).toBe(255n);
    expect(val(s.cast(c(-1n), u8))).toBe(255n);
    expect(val(s.cast(c(-1n), u16))).toBe(65535n);
    expect(val(s.cast(c(255n, u8), i16))).toBe(255n);
    expect(val(s.cast(c(-1n), i32))).toBe(-1n);
    expect(val(s.cast(c(0x1234n, u16), i8))).toBe(0x34n);
    expect(val(s.cast(c(0x80n, u16), i8))).toBe(-128n);
  });

  it('folds boolean connectives and equality', () => {
    expect(s.and(s.bool(true), s.bool(true))).toBe(s.trueTerm);
    expect(s.or()).toBe(s.falseTerm);
    expect(s.implies(s.bool(false), s.bool(false))).toBe(s.trueTerm);
    expect(s.not(s.bool(true))).toBe(s.falseTerm);
    expect(s.eq(c(3n), c(3n))).toBe(s.trueTerm);
    expect(s.eq(c(3n), c(4n))).toBe(s.falseTerm);
    expect(s.neq(c(3n), c(4n))).toBe(s.trueTerm);
    expect(s.ite(s.bool(true), c(1n), c(2n))).toBe(c(1n));
  });
});

describe('identities', () => {
  const x = s.symbol(s.intSort, 'x', 'test');
  const y = s.symbol(s.intSort, 'y', 'test');
  const b = s.symbol(u8, 'b', 'test');
  const p = s.symbol(s.boolSort, 'p', 'test');
  const q = s.symbol(s.boolSort, 'q', 'test');
  const zero = s.int(0n);
  const one = s.int(1n);

  it('simplifies arithmetic with neutral and absorbing elements', () => {
    expect(s.add(x, zero)).toBe(x);
    expect(s.add(zero, x)).toBe(x);
    expect(s.sub(x, zero)).toBe(x);
    expect(s.sub(x, x)).toBe(zero);
    expect(s.mul(x, one)).toBe(x);
    expect(s.mul(zero, x)).toBe(zero);
    expect(s.div(x, one)).toBe(x);
    expect(s.mod(x, one)).toBe(zero);
    expect(s.neg(s.neg(x))).toBe(x);
    expect(s.add(one, x)).toBe(s.add(x, one));
  });

  it('collects constant offsets', () => {
    expect(s.add(s.add(x, one), one)).toBe(s.add(x, s.int(2n)));
    expect(s.sub(s.add(x, one), one)).toBe(x);
    expect(s.sub(s.sub(x, one), one)).toBe(s.mk('sub', s.intSort, [x, s.int(2n)]));
    expect(s.add(b, c(255n, u8))).toBe(s.mk('sub', u8, [b, c(1n, u8)]));
    expect(s.add(s.add(b, c(200n, u8)), c(100n, u8))).toBe(s.mk('add', u8, [b, c(44n, u8)]));
  });

  it('simplifies bitwise operators', () => {
    expect(s.bvand(b, c(0n, u8))).toBe(c(0n, u8));
    expect(s.bvand(b, c(255n, u8))).toBe(b);
    expect(s.bvor(b, c(0n, u8))).toBe(b);
    expect(s.bvor(b, c(255n, u8))).toBe(c(255n, u8));
    expect(s.bvxor(b, b)).toBe(c(0n, u8));
    expect(s.bvnot(s.bvnot(b))).toBe(b);
    expect(s.shl(b, c(0n, u8))).toBe(b);
    expect(s.shr(c(0n, u8), b)).toBe(c(0n, u8));
  });

  it('decides comparisons by identity and by the sort range', () => {
    expect(s.lt(x, x)).toBe(s.falseTerm);
    expect(s.le(x, x)).toBe(s.trueTerm);
    expect(s.le(c(0n, u8), b)).toBe(s.trueTerm);
    expect(s.lt(b, c(0n, u8))).toBe(s.falseTerm);
    expect(s.le(b, c(255n, u8))).toBe(s.trueTerm);
    expect(s.gt(x, y)).toBe(s.lt(y, x));
    expect(s.ge(x, y)).toBe(s.le(y, x));
    expect(s.not(s.lt(x, y))).toBe(s.le(y, x));
    expect(s.not(s.le(x, y))).toBe(s.lt(y, x));
  });

  it('flattens, deduplicates and short-circuits and/or', () => {
    const a = s.and(p, s.and(q, p), s.bool(true));
    expect(a.op).toBe('and');
    expect(a.args).toEqual([p, q]);
    expect(s.and(p, s.bool(false))).toBe(s.falseTerm);
    expect(s.and(p, s.not(p))).toBe(s.falseTerm);
    expect(s.or(s.not(p), q, p)).toBe(s.trueTerm);
    expect(s.or(p, s.bool(false))).toBe(p);
    expect(s.and(p)).toBe(p);
    expect(s.not(s.not(p))).toBe(p);
  });

  it('simplifies implication, ite and equality', () => {
    expect(s.implies(s.bool(true), p)).toBe(p);
    expect(s.implies(p, s.bool(false))).toBe(s.not(p));
    expect(s.implies(p, p)).toBe(s.trueTerm);
    expect(s.ite(p, x, x)).toBe(x);
    expect(s.ite(p, s.bool(true), s.bool(false))).toBe(p);
    expect(s.ite(p, s.bool(false), s.bool(true))).toBe(s.not(p));
    expect(s.ite(s.not(p), x, y)).toBe(s.ite(p, y, x));
    expect(s.ite(p, s.ite(p, x, y), zero)).toBe(s.ite(p, x, zero));
    expect(s.eq(x, x)).toBe(s.trueTerm);
    expect(s.eq(x, y)).toBe(s.eq(y, x));
    expect(s.eq(p, s.bool(true))).toBe(p);
    expect(s.eq(s.bool(false), p)).toBe(s.not(p));
  });

  it('simplifies cast chains only where sound', () => {
    const w = s.cast(b, u16);
    expect(s.cast(w, u8)).toBe(b);
    expect(s.cast(s.cast(b, i8), u8)).toBe(b);
    expect(s.cast(s.cast(b, s.intSort), i16)).toBe(s.cast(b, i16));
    // Truncating first loses bits: no shortcut.
    const big = s.symbol(u16, 'w', 'test');
    expect(s.cast(s.cast(big, u8), u16).op).toBe('cast');
    expect(s.cast(s.cast(big, u8), u16).args[0].sort).toEqual(u8);
  });

  it('reads over writes with constant indices and constant arrays', () => {
    const arr = s.symbol(s.arraySort(s.intSort), 'a', 'test');
    const i = s.symbol(s.intSort, 'i', 'test');
    const w = s.store(s.store(arr, s.int(1n), x), s.int(2n), y);
    expect(s.select(w, s.int(2n))).toBe(y);
    expect(s.select(w, s.int(1n))).toBe(x);
    expect(s.select(w, s.int(3n))).toBe(s.mk('select', s.intSort, [arr, s.int(3n)]));
    expect(s.select(s.store(arr, i, x), i)).toBe(x);
    expect(s.select(w, i).args[0]).toBe(w);
    expect(s.select(s.constArray(s.intSort, x), i)).toBe(x);
    expect(s.store(s.store(arr, i, x), i, y)).toBe(s.store(arr, i, y));
    expect(s.store(arr, i, s.select(arr, i))).toBe(arr);
  });

  it('drops trivial quantifiers', () => {
    const k = s.bound('k', s.intSort);
    expect(s.forall([k], s.bool(true))).toBe(s.trueTerm);
    expect(s.exists([], p)).toBe(p);
    const f = s.forall([k], s.le(k, x));
    expect(f.op).toBe('forall');
    expect(f.args).toEqual([k, s.le(k, x)]);
  });
});

describe('simplifications that keep merged paths small', () => {
  const st = new TermStore();
  const x = st.symbol(st.intSort, 'x', 'test');
  const y = st.symbol(st.intSort, 'y', 'test');
  const u = st.symbol(st.bvSort(8, false), 'u', 'test');

  it('a comparison or its normalised negation is true; and both is false', () => {
    const c = st.gt(x, st.int(0n));
    expect(st.or(c, st.not(c))).toBe(st.trueTerm);
    expect(st.and(c, st.not(c))).toBe(st.falseTerm);
    expect(st.or(st.le(x, y), st.lt(y, x), st.gt(x, st.int(7n)))).toBe(st.trueTerm);
    // x < y and y < x are not complements
    expect(st.or(st.lt(x, y), st.lt(y, x)).op).toBe('or');
  });

  it('ite(c, b + k, b) becomes b + ite(c, k, 0), also for bit-vectors', () => {
    const c = st.gt(y, st.int(0n));
    const merged = st.ite(c, st.add(x, st.int(1n)), x);
    expect(merged).toBe(st.add(x, st.ite(c, st.int(1n), st.int(0n))));
    const one = st.bvConst(1n, u.sort);
    expect(st.ite(c, u, st.add(u, one))).toBe(st.add(u, st.ite(c, st.bvConst(0n, u.sort), one)));
    expect(st.ite(c, st.add(x, st.int(1n)), y).op).toBe('ite');
  });
});
