// The cheap decision layer (solver/bounds.ts) answers only when sure: on thousands of random
// queries over ints, bit-vectors, ite, sums and comparisons it never disagrees with the real
// Z3 when it answers, and its sat models satisfy every conjunct. The shapes of the 100-ifs
// family (bounds after `join φ`, sums of ites after `join;`) are decided without Z3.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideByBounds } from '../../src/engine/solver/bounds';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { evaluate } from '../../src/engine/terms/evaluate';
import { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import { verifySource } from '../../src/engine/verify/verifySource';
import { rng } from './solver-helpers';

let z3: Z3WasmBackend;
beforeAll(async () => {
  z3 = await Z3WasmBackend.create();
});
afterAll(() => z3.dispose());

/** Random linear-ish constraints over a few int, bit-vector and boolean symbols. */
class Gen {
  readonly nums: Term[];
  readonly bools: Term[];
  constructor(
    readonly s: TermStore,
    readonly next: () => number,
  ) {
    const sorts: Sort[] = [s.intSort, s.intSort, s.bvSort(8, true), s.bvSort(8, false), s.bvSort(16, true)];
    this.nums = sorts.filter(() => next() < 0.6).map((sort, i) => s.symbol(sort, `n${i}`, 'test'));
    if (this.nums.length === 0) this.nums.push(s.symbol(s.intSort, 'n', 'test'));
    this.bools = next() < 0.5 ? [s.symbol(s.boolSort, 'b', 'test')] : [];
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  small(): bigint {
    return BigInt(Math.floor(this.next() * 21) - 10);
  }

  konst(sort: Sort): Term {
    const v = this.small() * (this.next() < 0.15 ? 20n : 1n);
    return sort.kind === 'bv' ? this.s.bvConst(v, sort) : this.s.int(v);
  }

  num(sort: Sort, depth: number): Term {
    const { s } = this;
    const mine = this.nums.filter((x) => JSON.stringify(x.sort) === JSON.stringify(sort));
    if (depth <= 0 || this.next() < 0.25) {
      if (mine.length > 0 && this.next() < 0.7) return this.pick(mine);
      if (sort.kind === 'int' && this.next() < 0.3) return s.cast(this.pick(this.nums), sort);
      return this.konst(sort);
    }
    const a = (): Term => this.num(sort, depth - 1);
    switch (Math.floor(this.next() * 8)) {
      case 0:
      case 1:
        return s.add(a(), a());
      case 2:
        return s.sub(a(), a());
      case 3:
        return s.neg(a());
      case 4:
        return s.mul(this.konst(sort), a());
      case 5:
        return s.ite(this.bool(depth - 1), this.konst(sort), this.konst(sort));
      case 6:
        return this.iteSum(sort, depth);
      default:
        return s.mod(a(), this.konst(sort));
    }
  }

  /** ite(c1, k, 0) + ite(c2, k, 0) + …: the shape of merged values after `join;`. */
  iteSum(sort: Sort, depth: number): Term {
    const { s } = this;
    let sum = this.konst(sort);
    for (let i = 0; i < 2 + Math.floor(this.next() * 4); i++)
      sum = s.add(sum, s.ite(this.atom(depth - 1), this.konst(sort), s.zero(sort)));
    return sum;
  }

  atom(depth: number): Term {
    const { s } = this;
    if (this.bools.length > 0 && this.next() < 0.1) return this.pick(this.bools);
    const sort = this.pick(this.nums).sort;
    const cmp = this.pick([s.lt, s.le, s.eq, s.gt, s.ge]);
    return cmp.call(s, this.num(sort, depth), this.num(sort, Math.max(0, depth - 1)));
  }

  bool(depth: number): Term {
    const { s } = this;
    const r = Math.floor(this.next() * 6);
    if (depth > 0 && r === 0) return s.not(this.bool(depth - 1));
    if (depth > 0 && r === 1) return s.and(this.bool(depth - 1), this.bool(depth - 1));
    if (depth > 0 && r === 2) return s.or(this.bool(depth - 1), this.bool(depth - 1));
    return this.atom(depth);
  }
}

describe('bounds propagation before Z3', () => {
  it('never disagrees with Z3 on 2,500 random queries, and its models satisfy them', async () => {
    const next = rng(20261123);
    const tally = { sat: 0, unsat: 0, passed: 0 };
    for (let q = 0; q < 2500; q++) {
      const s = new TermStore();
      const g = new Gen(s, next);
      const constraints = Array.from({ length: 1 + Math.floor(next() * 4) }, () => g.bool(2)).filter(
        (c) => c.op !== 'const',
      );
      if (constraints.length === 0) continue;
      const mine = decideByBounds(constraints);
      if (mine === undefined) {
        tally.passed++;
        continue;
      }
      tally[mine.status as 'sat' | 'unsat']++;
      if (mine.status === 'sat') {
        for (const c of constraints) expect(evaluate(c, (x) => mine.model!.get(x.id))).toBe(true);
      }
      const theirs = await z3.check(constraints, { wantModel: false, timeoutMs: 2000 });
      if (theirs.status !== 'unknown') expect(theirs.status, constraints.map(String).join(' ∧ ')).toBe(mine.status);
    }
    // The layer must actually decide a good share of both kinds, or the test proves nothing.
    expect(tally.sat).toBeGreaterThan(300);
    expect(tally.unsat).toBeGreaterThan(100);
  }, 600_000);

  it('decides the 100-ifs shapes: bounds after join φ, a sum of ites after join;', () => {
    const s = new TermStore();
    const v = s.symbol(s.intSort, 's@4', 'test');
    expect(
      decideByBounds([
        s.ge(v, s.int(0n)),
        s.le(v, s.int(1n)),
        s.not(s.and(s.ge(s.add(v, s.int(1n)), s.int(0n)), s.le(s.add(v, s.int(1n)), s.int(2n)))),
      ]),
    ).toEqual({ status: 'unsat' });
    const xs = Array.from({ length: 100 }, (_, i) => s.symbol(s.intSort, `x${i}`, 'test'));
    const sum = xs.reduce<Term>((acc, x) => s.add(acc, s.ite(s.le(x, s.int(0n)), s.int(0n), s.int(1n))), s.int(0n));
    expect(decideByBounds([s.gt(sum, s.int(100n))])).toEqual({ status: 'unsat' });
    const r = decideByBounds([s.gt(sum, s.int(99n))]);
    expect(r?.status).toBe('sat');
    const model = r?.status === 'sat' ? r.model : undefined;
    expect(evaluate(s.gt(sum, s.int(99n)), (x) => model?.get(x.id))).toBe(true);
    expect(decideByBounds([s.gt(xs[0], s.int(0n))])?.status).toBe('sat');
  });

  it('passes on what it cannot be sure of (a nonlinear product), and Z3 gets it', () => {
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    expect(decideByBounds([s.eq(s.mul(x, y), s.int(91n)), s.gt(x, s.int(1n)), s.gt(y, s.int(1n))])).toBeUndefined();
  });

  it('verify answers the 100-ifs programs with join φ and join; without any Z3 call', async () => {
    const ifs = (after: (k: number) => string): string =>
      `proc main(${Array.from({ length: 100 }, (_, i) => `x${i}: int`).join(', ')}) {\n  var s: int := 0;\n` +
      Array.from({ length: 100 }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n  ${after(i + 1)}\n`).join('') +
      '  assert s <= 100;\n}\n';
    for (const src of [ifs((k) => `join s >= 0 && s <= ${k};`), ifs(() => 'join;')]) {
      const r = await verifySource(src, 'ifs.sym');
      expect(r.report.verdict).toBe('verified');
      expect(r.report.stats.solverCalls).toBe(0);
      expect(r.report.stats.queriesDecidedByBounds).toBeGreaterThan(0);
    }
    const failing = await verifySource(
      'proc main(x: int, y: int) {\n  var s: int := 0;\n  if (x > 0) { s := s + 1; }\n  join;\n  if (y > 0) { s := s + 1; }\n  join;\n  assert s <= 1;\n}\n',
      'f.sym',
    );
    expect(failing.report.verdict).toBe('failed');
    expect(failing.report.failures[0].counterexample).toMatchObject({ x: expect.anything(), y: expect.anything() });
  }, 120_000);
});
