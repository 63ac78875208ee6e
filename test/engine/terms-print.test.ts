// The printer: Sym syntax with minimal parentheses, display names, signed constants,
// the non-Sym forms for casts, stores and constant arrays, and truncation.
import { describe, expect, it } from 'vitest';
import { printTerm } from '../../src/engine/terms/print';
import { TermStore } from '../../src/engine/terms/store';

const s = new TermStore();
const i8 = s.bvSort(8, true);
const u8 = s.bvSort(8, false);
const x = s.symbol(s.intSort, 'x', 'input x');
const y = s.symbol(s.intSort, 'y', 'input y');
const z = s.symbol(s.intSort, 'z', 'input z');
const p = s.symbol(s.boolSort, 'p', 'input p');
const q = s.symbol(s.boolSort, 'q', 'input q');
const b = s.symbol(i8, 'b', 'input b');
const h = s.symbol(s.intSort, 'x@9', 'havoc of x at line 9');
const one = s.int(1n);

describe('printTerm', () => {
  it('prints symbols by display name and constants in their signedness', () => {
    expect(printTerm(h)).toBe('x@9');
    expect(printTerm(s.bvConst(255n, i8))).toBe('-1');
    expect(printTerm(s.bvConst(255n, u8))).toBe('255');
    expect(printTerm(s.bool(true))).toBe('true');
  });

  it('uses precedence for minimal parentheses', () => {
    expect(printTerm(s.lt(y, s.add(x, one)))).toBe('y < x + 1');
    expect(printTerm(s.gt(x, s.int(0n)))).toBe('x > 0');
    expect(printTerm(s.ge(x, s.int(0n)))).toBe('x >= 0');
    expect(printTerm(s.mul(s.add(x, y), z))).toBe('(x + y) * z');
    expect(printTerm(s.add(x, s.mul(y, z)))).toBe('x + y * z');
    expect(printTerm(s.sub(x, s.sub(y, z)))).toBe('x - (y - z)');
    expect(printTerm(s.sub(s.sub(x, y), z))).toBe('x - y - z');
    expect(printTerm(s.and(s.or(p, q), s.not(p)))).toBe('(p || q) && !p');
    expect(printTerm(s.or(s.and(p, q), s.lt(x, y)))).toBe('p && q || x < y');
    expect(printTerm(s.implies(s.implies(p, q), p))).toBe('(p ==> q) ==> p');
    expect(printTerm(s.implies(p, s.implies(q, p)))).toBe('p ==> q ==> p');
    expect(printTerm(s.eq(s.lt(x, y), p))).toBe('x < y == p');
    expect(printTerm(s.eq(s.eq(x, y), p))).toBe('(x == y) == p');
    expect(printTerm(s.neg(s.add(x, y)))).toBe('-(x + y)');
    expect(printTerm(s.neg(x))).toBe('-x');
    expect(printTerm(s.sub(x, s.int(-3n)))).toBe('x + 3');
    expect(printTerm(s.mk('mul', s.intSort, [x, s.int(-3n)]))).toBe('-3 * x');
    expect(printTerm(s.mk('neg', s.intSort, [s.int(-3n)]))).toBe('-(-3)');
  });

  it('prints negated equalities as != and bit operations', () => {
    expect(printTerm(s.not(s.eq(x, s.int(0n))))).toBe('x != 0');
    expect(printTerm(s.neq(s.add(x, one), y))).toBe('x + 1 != y');
    const c = s.bvConst(3n, i8);
    expect(printTerm(s.bvand(s.bvor(b, c), s.bvxor(b, c)))).toBe('(b | 3) & (b ^ 3)');
    expect(printTerm(s.bvor(s.bvand(b, c), s.shl(b, c)))).toBe('b & 3 | b << 3');
    expect(printTerm(s.shl(s.add(b, c), c))).toBe('b + 3 << 3');
    expect(printTerm(s.bvnot(s.add(b, c)))).toBe('~(b + 3)');
  });

  it('prints conditionals, casts, arrays and quantifiers', () => {
    expect(printTerm(s.ite(s.lt(x, y), x, y))).toBe('x < y ? x : y');
    expect(printTerm(s.ite(p, x, s.ite(q, y, z)))).toBe('p ? x : q ? y : z');
    expect(printTerm(s.ite(p, s.ite(q, y, z), x))).toBe('p ? (q ? y : z) : x');
    expect(printTerm(s.add(s.ite(p, x, y), one))).toBe('(p ? x : y) + 1');
    expect(printTerm(s.cast(b, u8))).toBe('(b as u8)');
    expect(printTerm(s.add(s.cast(b, s.intSort), x))).toBe('(b as int) + x');
    expect(printTerm(s.cast(s.add(b, s.bvConst(1n, i8)), s.intSort))).toBe('((b + 1) as int)');
    const a = s.symbol(s.arraySort(s.intSort), 'a', 'input a');
    expect(printTerm(s.add(s.select(a, s.add(x, one)), one))).toBe('a[x + 1] + 1');
    expect(printTerm(s.store(a, x, y))).toBe('a[x := y]');
    expect(printTerm(s.select(s.store(a, x, y), z))).toBe('a[x := y][z]');
    expect(printTerm(s.constArray(s.intSort, s.int(0n)))).toBe('[* := 0]');
    const k = s.bound('k', s.intSort);
    const f = s.forall([k], s.implies(s.le(s.int(0n), k), s.le(s.select(a, k), x)));
    expect(printTerm(f)).toBe('forall k: int :: k >= 0 ==> a[k] <= x');
    expect(printTerm(s.and(p, f))).toBe('p && (forall k: int :: k >= 0 ==> a[k] <= x)');
  });

  it('truncates long terms with an ellipsis', () => {
    let t = x;
    for (let i = 0; i < 50; i++) t = s.mul(t, y);
    const full = printTerm(t);
    const cut = printTerm(t, { maxLength: 20 });
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
    expect(full.startsWith(cut.slice(0, 19))).toBe(true);
    expect(printTerm(x, { maxLength: 20 })).toBe('x');
  });

  it('stays small on DAGs whose tree form is exponential', () => {
    let t = x;
    for (let i = 0; i < 200; i++) t = s.mul(t, t);
    const text = printTerm(t, { maxLength: 100 });
    expect(text).toHaveLength(100);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('x * x * x * x * x * x * x * x * ')).toBe(true); // flat: * is associative
  });
});
