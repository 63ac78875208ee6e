// Issue 12 "Printing": values read the way they were written. Constant factors and offsets
// fold (`y * 2 * 2 * 2` is `8 * y`), comparisons keep the reader's orientation
// (`x > y + 10`, `i >= 0`), sums print flat, and `x >= 0 && x == 0` is `x == 0`.
// Every folding rule is checked against evaluate() on the unsimplified term (built with the
// raw `mk`) over whole bit-vector ranges, so a rule that changed a value would fail here.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { TermStore } from '../../src/engine/terms/store';
import { BOOL_SORT, type Sort, type Term } from '../../src/engine/terms/term';

const s = new TermStore();
const i8 = s.bvSort(8, true);
const u8 = s.bvSort(8, false);
const x = s.symbol(s.intSort, 'x', 'input x');
const y = s.symbol(s.intSort, 'y', 'input y');
const i = s.symbol(s.intSort, 'i', 'input i');
const a = s.symbol(s.arraySort(s.intSort), 'a', 'input a');
const int = (n: number): Term => s.int(BigInt(n));

/** Every value of an 8-bit sort, or a window of ints around 0. */
function domain(sort: Sort): bigint[] {
  if (sort.kind === 'bv') return Array.from({ length: 256 }, (_, k) => BigInt(sort.signed ? k - 128 : k));
  return Array.from({ length: 41 }, (_, k) => BigInt(k - 20));
}

/** `simplified` and `raw` agree for every value of the one symbol `v`. */
function expectSameValues(simplified: Term, raw: Term, v: Term): void {
  for (const n of domain(v.sort)) {
    const env = (sym: Term): bigint | undefined => (sym === v ? n : undefined);
    expect(evaluate(simplified, env), `${printTerm(raw)} at ${n}`).toBe(evaluate(raw, env));
  }
}

describe('constant folding through chains', () => {
  it('prints y * 2 * 2 * 2 as 8 * y', () => {
    const t = s.mul(s.mul(s.mul(y, int(2)), int(2)), int(2));
    expect(t).toBe(s.mul(y, int(8)));
    expect(printTerm(t)).toBe('8 * y');
    expect(printTerm(s.mul(int(2), s.mul(int(3), y)))).toBe('6 * y');
  });

  it('folds factors soundly with wrap-around', () => {
    for (const sort of [i8, u8]) {
      const v = s.symbol(sort, 'v', 'input v');
      const c = (n: bigint): Term => s.bvConst(n, sort);
      const raw = s.mk('mul', sort, [s.mk('mul', sort, [s.mk('mul', sort, [v, c(6n)]), c(50n)]), c(3n)]);
      const t = s.mul(s.mul(s.mul(v, c(6n)), c(50n)), c(3n));
      expect(t.args[0]).toBe(v);
      expectSameValues(t, raw, v);
      // 16 * 16 wraps to 0 in 8 bits: the product is 0.
      expect(s.mul(s.mul(v, c(16n)), c(16n))).toBe(s.zero(sort));
    }
  });

  it('gathers the constants of a sum at its end', () => {
    expect(printTerm(s.add(s.add(x, int(3)), s.add(y, int(4))))).toBe('x + y + 7');
    expect(printTerm(s.add(s.sub(x, int(3)), y))).toBe('x + y - 3');
    expect(s.add(s.add(x, int(3)), s.sub(y, int(3)))).toBe(s.add(x, y));
    for (const sort of [i8, u8]) {
      const v = s.symbol(sort, 'v', 'input v');
      const w = s.mul(v, s.bvConst(3n, sort));
      const c = (n: bigint): Term => s.bvConst(n, sort);
      const raw = s.mk('add', sort, [s.mk('add', sort, [v, c(200n)]), s.mk('sub', sort, [w, c(100n)])]);
      expectSameValues(s.add(s.add(v, c(200n)), s.sub(w, c(100n))), raw, v);
    }
  });
});

describe('orientation of comparisons', () => {
  it('prints x > y + 10 as written', () => {
    expect(printTerm(s.gt(x, s.add(y, int(10))))).toBe('x > y + 10');
    expect(printTerm(s.ge(x, s.add(y, int(10))))).toBe('x >= y + 10');
    expect(printTerm(s.lt(x, s.add(y, int(10))))).toBe('x < y + 10');
  });

  it('keeps the orientation of x > y between two symbols, and of its negation', () => {
    expect(printTerm(s.gt(x, y))).toBe('x > y');
    expect(printTerm(s.ge(x, y))).toBe('x >= y');
    expect(printTerm(s.not(s.gt(x, y)))).toBe('x <= y');
    expect(printTerm(s.not(s.lt(x, y)))).toBe('x >= y');
    expect(printTerm(s.not(s.not(s.gt(x, y))))).toBe('x > y');
    // The orientation is for reading only: x > y and y < x are one term.
    expect(s.gt(x, y)).toBe(s.lt(y, x));
  });

  it('puts a variable before a constant and otherwise keeps the written order', () => {
    expect(printTerm(s.le(int(0), i))).toBe('i >= 0');
    expect(printTerm(s.not(s.le(int(0), i)))).toBe('i < 0');
    expect(printTerm(s.gt(int(0), i))).toBe('i < 0');
    expect(printTerm(s.lt(x, y))).toBe('x < y');
    expect(printTerm(s.le(s.select(a, i), x))).toBe('a[i] <= x');
    expect(printTerm(s.lt(s.add(x, y), s.mul(y, int(2))))).toBe('x + y < 2 * y');
  });
});

describe('conjunctions with a pinned symbol', () => {
  it('reduces x >= 0 && x == 0 to x == 0', () => {
    const pin = s.eq(x, int(0));
    expect(s.and(s.ge(x, int(0)), pin)).toBe(pin);
    expect(s.and(pin, s.ge(x, int(0)))).toBe(pin);
    expect(printTerm(s.and(s.ge(x, int(0)), pin))).toBe('x == 0');
  });

  it('is false when the pin contradicts a bound or another pin, and keeps the rest', () => {
    expect(s.and(s.gt(x, int(5)), s.eq(x, int(0)))).toBe(s.falseTerm);
    expect(s.and(s.eq(x, int(1)), s.eq(x, int(2)))).toBe(s.falseTerm);
    expect(s.and(s.eq(x, int(1)), s.neq(x, int(2)))).toBe(s.eq(x, int(1)));
    expect(printTerm(s.and(s.eq(x, int(1)), s.lt(y, int(3)), s.le(x, int(9))))).toBe('x == 1 && y < 3');
    // Only symbols compared with constants: `x < y` is not decided by `x == 1`.
    expect(printTerm(s.and(s.eq(x, int(1)), s.lt(x, y)))).toBe('x == 1 && x < y');
  });

  it('agrees with evaluate() on every value, signed and unsigned', () => {
    for (const sort of [i8, u8]) {
      const v = s.symbol(sort, 'v', 'input v');
      const c = (n: bigint): Term => s.bvConst(n, sort);
      for (const [k, lo] of [
        [0n, 0n],
        [200n, 100n],
        [5n, 250n],
        [128n, 127n],
      ] as const) {
        const parts = [s.le(c(lo), v), s.eq(v, c(k)), s.neq(v, c(lo)), s.lt(v, c(lo))];
        const raw = s.mk('and', BOOL_SORT, parts);
        expectSameValues(s.and(...parts), raw, v);
      }
    }
  });
});

describe('associative operators print flat', () => {
  it('drops parentheses only where the operator is associative', () => {
    expect(printTerm(s.mk('add', s.intSort, [x, s.mk('add', s.intSort, [y, i])]))).toBe('x + y + i');
    expect(printTerm(s.mk('mul', s.intSort, [x, s.mk('mul', s.intSort, [y, i])]))).toBe('x * y * i');
    expect(printTerm(s.sub(x, s.sub(y, i)))).toBe('x - (y - i)');
    expect(printTerm(s.mul(s.div(x, y), int(8)))).toBe('8 * (x / y)');
  });
});
