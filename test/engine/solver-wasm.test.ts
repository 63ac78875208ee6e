// The WASM backend against the engine's own semantics: every operator on every sort is
// checked by pinning the operands with equalities and comparing Z3's model of the result
// with evaluate(); models must satisfy the constraints; arrays and quantifiers work.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/terms/evaluate';
import { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import { readArray } from '../../src/engine/terms/values';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { bvSorts, expectSatisfies, modelOf, randomBigint, rangeOf, rng } from './solver-helpers';

let backend: Z3WasmBackend;
beforeAll(async () => {
  backend = await Z3WasmBackend.create();
});
afterAll(() => backend.dispose());

const want = { wantModel: true };

/** Z3's value of op(x, y) with x = a, y = b must be what evaluate() computes. */
async function agree(s: TermStore, sort: Sort, build: (x: Term, y: Term) => Term, a: bigint, b: bigint): Promise<void> {
  const x = s.symbol(sort, 'x', 'test');
  const y = s.symbol(sort, 'y', 'test');
  const e = build(x, y);
  const r = s.symbol(e.sort, 'r', 'test');
  const constraints = [s.eq(x, s.constOf(a, sort)), s.eq(y, s.constOf(b, sort)), s.eq(r, e)];
  const model = modelOf(await backend.check(constraints, want));
  expectSatisfies(model, constraints, [x, y, r]);
  const expected = evaluate(e, (v) => (v === x ? a : v === y ? b : undefined));
  expect(model.get(r.id), `${e.op} ${a} ${b}`).toBe(expected);
  // And no other value is possible.
  const other = await backend.check([...constraints, s.not(s.eq(r, s.constOf(expected, e.sort)))], want);
  expect(other.status).toBe('unsat');
}

describe('z3-wasm backend', () => {
  it('answers sat/unsat with models on ints and bools', async () => {
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const b = s.symbol(s.boolSort, 'b', 'test');
    const c1 = s.lt(s.int(10n), x);
    const c2 = s.implies(b, s.lt(x, s.int(12n)));
    const c3 = b;
    const model = modelOf(await backend.check([c1, c2, c3], want));
    expectSatisfies(model, [c1, c2, c3], [x, b]);
    expect(model.get(x.id)).toBe(11n);
    expect((await backend.check([c1, c2, c3, s.not(s.eq(x, s.int(11n)))], want)).status).toBe('unsat');
    // Popping back to a shorter prefix works (incremental stack).
    expect((await backend.check([c1], { wantModel: false })).status).toBe('sat');
  });

  it('int division and remainder truncate toward zero, as evaluate() does', async () => {
    const s = new TermStore();
    const next = rng(7);
    const pairs: [bigint, bigint][] = [
      [7n, 2n],
      [-7n, 2n],
      [7n, -2n],
      [-7n, -2n],
      [5n, 0n],
      [-5n, 0n],
      [0n, 3n],
    ];
    for (let i = 0; i < 12; i++) pairs.push([randomBigint(next, -1000n, 1000n), randomBigint(next, -50n, 50n)]);
    for (const [a, b] of pairs) {
      await agree(s, s.intSort, (x, y) => s.div(x, y), a, b);
      await agree(s, s.intSort, (x, y) => s.mod(x, y), a, b);
    }
  });

  it('bit-vector operators of every width and signedness agree with evaluate()', async () => {
    const s = new TermStore();
    const next = rng(11);
    const ops: ((x: Term, y: Term) => Term)[] = [
      (x, y) => s.add(x, y),
      (x, y) => s.sub(x, y),
      (x, y) => s.mul(x, y),
      (x, y) => s.div(x, y),
      (x, y) => s.mod(x, y),
      (x) => s.neg(x),
      (x, y) => s.bvand(x, y),
      (x, y) => s.bvor(x, y),
      (x, y) => s.bvxor(x, y),
      (x) => s.bvnot(x),
      (x, y) => s.shl(x, y),
      (x, y) => s.shr(x, y),
      (x, y) => s.lt(x, y),
      (x, y) => s.le(x, y),
    ];
    for (const sort of bvSorts(s)) {
      const [lo, hi] = rangeOf(sort);
      for (const op of ops) {
        const a = randomBigint(next, lo, hi);
        // Small shift amounts sometimes, so shifts do not always saturate.
        const b =
          next() < 0.5
            ? randomBigint(next, 0n, BigInt(sort.kind === 'bv' ? sort.width + 2 : 8))
            : randomBigint(next, lo, hi);
        await agree(s, sort, op, a, b);
      }
      await agree(s, sort, (x, y) => s.div(x, y), lo, 0n);
      await agree(s, sort, (x, y) => s.mod(x, y), hi, 0n);
    }
  });

  it('casts between int and every bit-vector sort agree with evaluate()', async () => {
    const s = new TermStore();
    const next = rng(3);
    const sorts = [s.intSort, ...bvSorts(s)];
    for (const from of sorts) {
      for (const to of sorts) {
        if (from === to) continue;
        const [lo, hi] = rangeOf(from);
        const a = next() < 0.3 ? lo : randomBigint(next, lo, hi);
        await agree(s, from, (x) => s.cast(x, to), a, 0n);
      }
    }
  });

  it('models arrays (select/store), including arrays of bit-vectors', async () => {
    const s = new TermStore();
    const a = s.symbol(s.arraySort(s.intSort), 'a', 'test');
    const i = s.symbol(s.intSort, 'i', 'test');
    const u8 = s.bvSort(8, true);
    const bs = s.symbol(s.arraySort(u8), 'bs', 'test');
    const constraints = [
      s.eq(s.select(a, s.int(3n)), s.int(5n)),
      s.eq(s.select(s.store(a, s.int(7n), s.int(2n)), i), s.int(-9n)),
      s.not(s.eq(i, s.int(3n))),
      s.eq(s.select(bs, i), s.bvConst(-3n, u8)),
      s.lt(s.select(bs, s.int(0n)), s.bvConst(-100n, u8)),
    ];
    const model = modelOf(await backend.check(constraints, want));
    expectSatisfies(model, constraints, [a, i, bs]);
    const av = model.get(a.id);
    if (typeof av !== 'object') throw new Error('array expected');
    expect(readArray(av, 3n)).toBe(5n);
    // Extensionality: an array equal to a store of itself at a different value is impossible.
    const ext = [s.eq(a, s.store(a, s.int(0n), s.add(s.select(a, s.int(0n)), s.int(1n))))];
    expect((await backend.check(ext, want)).status).toBe('unsat');
  });

  it('handles quantifiers (sat with a sampled array model, and unsat)', async () => {
    const s = new TermStore();
    const a = s.symbol(s.arraySort(s.intSort), 'a', 'test');
    const k = s.bound('k', s.intSort);
    const inRange = s.and(s.le(s.int(0n), k), s.lt(k, s.int(4n)));
    const squares = s.forall([k], s.implies(inRange, s.eq(s.select(a, k), s.mul(k, k))));
    const model = modelOf(await backend.check([squares], want));
    const av = model.get(a.id);
    if (typeof av !== 'object') throw new Error('array expected');
    for (const n of [0n, 1n, 2n, 3n]) expect(readArray(av, n)).toBe(n * n);
    const allSmall = s.forall([k], s.lt(s.select(a, k), s.int(10n)));
    const some42 = s.exists([k], s.eq(s.select(a, k), s.int(42n)));
    expect((await backend.check([allSmall, some42], want)).status).toBe('unsat');
  });
});
