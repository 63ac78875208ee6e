// Evaluation, values, free symbols and substitution; the property that the simplifying
// constructors preserve meaning (simplified tree and raw tree evaluate alike); and terms
// 100,000 levels deep, which must not overflow the stack anywhere.
import { describe, expect, it } from 'vitest';
import { evaluate, EvaluationError, tryEvaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { declarations, toSmtLib } from '../../src/engine/terms/smtlib';
import { TermStore } from '../../src/engine/terms/store';
import { freeSymbols, substitute, SymbolCache } from '../../src/engine/terms/symbols';
import type { Term } from '../../src/engine/terms/term';
import { foldTerm } from '../../src/engine/terms/traverse';
import {
  arrayValue,
  valueEquals,
  valueToJSON,
  valueToString,
  writeArray,
  type Value,
} from '../../src/engine/terms/values';
import { rng, TermGen } from './terms-gen';

const none = (): undefined => undefined;

describe('evaluate', () => {
  const s = new TermStore();
  const i8 = s.bvSort(8, true);
  const x = s.symbol(i8, 'x', 'test');
  const a = s.symbol(s.arraySort(s.intSort), 'a', 'test');

  it('evaluates with an assignment and completes missing symbols with defaults', () => {
    const t = s.add(x, s.bvConst(1n, i8));
    expect(evaluate(t, (sym) => (sym === x ? 127n : undefined))).toBe(-128n);
    expect(evaluate(t, none)).toBe(1n);
    // A model may report bit-vectors unsigned; they are read in the sort's signedness.
    expect(evaluate(x, () => 255n)).toBe(-1n);
    expect(evaluate(s.select(a, s.int(4n)), none)).toBe(0n);
  });

  it('evaluates arrays by value, extensionally', () => {
    const av = writeArray(arrayValue(7n), 2n, 9n);
    const w = s.store(a, s.int(2n), s.int(9n));
    expect(evaluate(s.select(w, s.int(2n)), () => arrayValue(0n))).toBe(9n);
    expect(evaluate(s.mk('eq', s.boolSort, [w, a]), () => av)).toBe(true);
    expect(evaluate(s.mk('eq', s.boolSort, [w, a]), () => arrayValue(7n))).toBe(false);
    expect(
      valueEquals(
        evaluate(w, () => arrayValue(7n)),
        av,
      ),
    ).toBe(true);
  });

  it('refuses quantifiers with a clear error (tryEvaluate: undefined)', () => {
    const k = s.bound('k', s.intSort);
    const f = s.forall([k], s.le(s.select(a, k), s.int(3n)));
    expect(() => evaluate(f, none)).toThrow(EvaluationError);
    expect(() => evaluate(f, none)).toThrow(/quantified/);
    expect(tryEvaluate(f, none)).toBeUndefined();
    expect(tryEvaluate(x, none)).toBe(0n);
  });
});

describe('values', () => {
  const s = new TermStore();
  it('prints and serializes values', () => {
    const arr = s.arraySort(s.bvSort(8, true));
    const v = writeArray(writeArray(arrayValue(0n), 3n, -1n), 1n, 0n);
    expect(valueToString(v, arr)).toBe('[3: -1, _: 0]');
    expect(valueToJSON(v, arr)).toEqual({ default: 0, entries: [[3, -1]] });
    expect(valueToJSON(2n ** 53n, s.intSort)).toBe(2 ** 53);
    expect(valueToJSON(2n ** 53n + 1n, s.intSort)).toBe('9007199254740993');
    expect(valueToJSON(-(2n ** 60n), s.intSort)).toBe('-1152921504606846976');
    expect(valueToJSON(true, s.boolSort)).toBe(true);
    const i8 = s.bvSort(8, true);
    // Entries equal to the default are left out.
    expect(s.constOf(v, arr)).toBe(s.store(s.constArray(i8, s.bvConst(0n, i8)), s.int(3n), s.bvConst(-1n, i8)));
  });
});

describe('simplification preserves meaning (property)', () => {
  it('raw and simplified random terms evaluate alike', () => {
    let checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const s = new TermStore();
      const gen = new TermGen(s, rng(seed));
      const sort = gen.pick([s.boolSort, ...gen.numericSorts]);
      const raw = gen.term(sort, 5);
      const simplified = foldTerm<Term>(raw, (u, args) => s.rebuild(u, args));
      for (let k = 0; k < 5; k++) {
        const values = gen.assignment();
        const env = (sym: Term): Value | undefined => values.get(sym.id);
        const expected = evaluate(raw, env);
        const got = evaluate(simplified, env);
        if (!valueEquals(expected, got)) {
          throw new Error(
            `seed ${seed}: ${printTerm(raw)} = ${String(expected)} but simplified ${printTerm(simplified)} = ${String(got)}`,
          );
        }
        checked++;
      }
    }
    expect(checked).toBe(1500);
  });

  it('folds constant trees completely', () => {
    for (let seed = 1000; seed < 1300; seed++) {
      const s = new TermStore();
      const gen = new TermGen(s, rng(seed));
      const raw = gen.term(gen.pick([s.boolSort, ...gen.numericSorts]), 5);
      if (freeSymbols(raw).length > 0 || raw.sort.kind === 'array') continue;
      if (foldTerm<boolean>(raw, (u, args) => u.op === 'select' || args.some((b) => b))) continue;
      const folded = foldTerm<Term>(raw, (u, args) => s.rebuild(u, args));
      expect(folded.op, printTerm(raw)).toBe('const');
      expect(folded.value).toBe(evaluate(raw, none));
    }
  });
});

describe('free symbols and substitution', () => {
  const s = new TermStore();
  const x = s.symbol(s.intSort, 'x', 'test');
  const y = s.symbol(s.intSort, 'y', 'test');
  const z = s.symbol(s.intSort, 'z', 'test');

  it('lists each symbol once, sorted by id, memoized in the cache', () => {
    const t = s.add(s.mul(z, x), s.add(x, y));
    const cache = new SymbolCache();
    expect(freeSymbols(t, cache)).toEqual([x, y, z]);
    expect(freeSymbols(t, cache)).toBe(freeSymbols(t, cache));
    expect(freeSymbols(s.int(3n))).toEqual([]);
  });

  it('substitutes and re-simplifies', () => {
    const t = s.add(s.mul(x, y), z);
    const r = substitute(
      s,
      t,
      new Map([
        [x.id, s.int(2n)],
        [y.id, s.int(3n)],
      ]),
    );
    expect(r).toBe(s.add(z, s.int(6n)));
    expect(substitute(s, t, new Map())).toBe(t);
    expect(() => substitute(s, t, new Map([[x.id, s.bool(true)]]))).toThrow(/sort/);
  });
});

describe('terms 100,000 levels deep', () => {
  const s = new TermStore();
  const x = s.symbol(s.intSort, 'x', 'test');
  const y = s.symbol(s.intSort, 'y', 'test');
  const N = 100_000;
  let t = x;
  for (let i = 0; i < N; i++) t = s.add(s.mul(t, y), x);

  it('prints, evaluates, substitutes, lists symbols and writes SMT-LIB', () => {
    expect(printTerm(t, { maxLength: 30 })).toHaveLength(30);
    expect(printTerm(t).length).toBeGreaterThan(N * 8);
    expect(evaluate(t, (sym) => (sym === y ? 1n : 1n))).toBe(BigInt(N + 1));
    expect(evaluate(t, (sym) => (sym === y ? 0n : 1n))).toBe(1n);
    expect(freeSymbols(t)).toEqual([x, y]);
    expect(
      substitute(
        s,
        t,
        new Map([
          [y.id, s.int(1n)],
          [x.id, s.int(1n)],
        ]),
      ),
    ).toBe(s.int(BigInt(N + 1)));
    const smt = toSmtLib(t);
    expect(smt.startsWith('(let (($t')).toBe(false);
    expect(smt.length).toBeGreaterThan(N * 10);
    expect(declarations([t])).toHaveLength(2);
  });

  it('evaluates a long chain of array stores in linear time', () => {
    let arr = s.symbol(s.arraySort(s.intSort), 'arr', 'test');
    for (let i = 0; i < N; i++) arr = s.store(arr, s.add(x, s.int(BigInt(i))), s.int(BigInt(i)));
    const start = Date.now();
    const v = evaluate(s.select(arr, s.add(x, s.int(77n))), none);
    expect(v).toBe(77n);
    expect(Date.now() - start).toBeLessThan(5000);
  });
});
