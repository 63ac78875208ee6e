// Uninterpreted sorts and functions (Viper domains) through the solver layer: the pipeline and
// plain Z3 agree on random queries that apply uninterpreted functions (no fast path answers for
// them), closed axioms are never sliced away, models name values of a declared sort as Z3 does
// (`D!val!0`), and the SMT-LIB text declares sorts and functions for the native backend.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver, type Solver } from '../../src/engine/solver';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { Z3NativeBackend } from '../../src/engine/solver/z3native';
import { z3NativeAvailable } from '../../src/engine/solver';
import { evaluate, tryEvaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { declarations, toSmtLib } from '../../src/engine/terms/smtlib';
import { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import { valueToString } from '../../src/engine/terms/values';
import { freeSymbols } from '../../src/engine/terms/symbols';
import { rng } from './solver-helpers';

/** Per query: a quantified axiom may keep Z3 searching; such a query is skipped, not compared. */
const LIMIT = 1000;

let pipeline: Solver;
let plain: Z3WasmBackend;
beforeAll(async () => {
  pipeline = await createSolver({ backend: 'z3-wasm' });
  plain = await Z3WasmBackend.create();
});
afterAll(() => {
  pipeline.dispose();
  plain.dispose();
});

/** A little domain: sort D, f: Int -> Int, g: D -> Int, h: Int -> D, c: D; inputs x, y: Int, d, e: D. */
class DomainGen {
  readonly D: Sort;
  readonly ints: Term[];
  readonly ds: Term[];
  constructor(
    readonly s: TermStore,
    readonly next: () => number,
  ) {
    this.D = s.uninterpretedSort('D');
    this.ints = [s.symbol(s.intSort, 'x', 'test'), s.symbol(s.intSort, 'y', 'test')];
    this.ds = [s.symbol(this.D, 'd', 'test'), s.symbol(this.D, 'e', 'test')];
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  int(depth: number): Term {
    const s = this.s;
    const r = this.next();
    if (depth <= 0 || r < 0.3)
      return this.next() < 0.5 ? this.pick(this.ints) : s.int(BigInt(Math.floor(this.next() * 7) - 3));
    if (r < 0.5) return s.app('f', [this.int(depth - 1)], s.intSort);
    if (r < 0.7) return s.app('g', [this.dom(depth - 1)], s.intSort);
    return s.add(this.int(depth - 1), this.int(depth - 1));
  }
  dom(depth: number): Term {
    const r = this.next();
    if (depth <= 0 || r < 0.4) return this.pick(this.ds);
    if (r < 0.6) return this.s.app('c', [], this.D);
    return this.s.app('h', [this.int(depth - 1)], this.D);
  }
  atom(): Term {
    const s = this.s;
    const r = this.next();
    if (r < 0.35) return s.eq(this.dom(2), this.dom(2));
    if (r < 0.7) return s.le(this.int(2), this.int(2));
    const a = s.eq(this.int(2), this.int(2));
    return this.next() < 0.5 ? s.not(a) : a;
  }
  /** A closed axiom: `forall i: Int :: f(i) >= 0` or `forall z: D :: g(z) >= 0`. */
  axiom(): Term {
    const s = this.s;
    if (this.next() < 0.5) {
      const i = s.bound('i', s.intSort);
      return s.forall([i], s.le(s.int(0n), s.app('f', [i], s.intSort)));
    }
    const z = s.bound('z', this.D);
    return s.forall([z], s.le(s.int(0n), s.app('g', [z], s.intSort)));
  }
}

describe('uninterpreted sorts and functions', () => {
  it('the pipeline agrees with plain Z3 on 150 random queries with applications and axioms', async () => {
    const next = rng(2026);
    let sat = 0;
    let unsat = 0;
    for (let i = 0; i < 150; i++) {
      const s = new TermStore();
      const g = new DomainGen(s, next);
      const pc = Array.from({ length: Math.floor(next() * 3) }, () => g.atom());
      if (next() < 0.5) pc.unshift(g.axiom());
      const query = next() < 0.5 ? g.atom() : s.not(g.atom());
      const expected = await plain.check([...pc, query], { wantModel: false, timeoutMs: LIMIT });
      const got = await pipeline.checkSat(pc, query, { wantModel: true, timeoutMs: LIMIT });
      const show = `${pc.map((t) => printTerm(t)).join(' && ')} ⊢ ${printTerm(query)}`;
      if (got.status === 'unknown' || expected.status === 'unknown') continue;
      // The pipeline assumes pc satisfiable; a random pc may not be, and then any answer is allowed.
      const pcAlone = await plain.check(pc, { wantModel: false, timeoutMs: LIMIT });
      if (pcAlone.status !== 'sat') continue;
      expect(got.status, show).toBe(expected.status);
      if (got.status === 'sat') {
        sat++;
        const mentioned = new Set([...pc, query].flatMap((t) => freeSymbols(t)));
        for (const d of g.ds.filter((d) => mentioned.has(d)))
          expect(typeof got.model?.get(d.id), `${show}: a value of D for ${d.symbol!.display}`).toBe('bigint');
      } else unsat++;
    }
    expect(sat).toBeGreaterThan(30);
    expect(unsat).toBeGreaterThan(4);
  });

  it('keeps a closed axiom that shares no symbol with the query (slicing would drop it)', async () => {
    const s = new TermStore();
    const D = s.uninterpretedSort('D');
    const [d, e] = [s.symbol(D, 'd', 'test'), s.symbol(D, 'e', 'test')];
    const z = s.bound('z', D);
    const singleton = s.forall([z], s.eq(z, s.app('c', [], D)));
    expect((await pipeline.checkSat([singleton], s.not(s.eq(d, e)))).status).toBe('unsat');
    expect((await pipeline.checkSat([], s.not(s.eq(d, e)))).status).toBe('sat');
    // No model of a quantified pc is read as proof of anything: an axiom Z3 cannot decide stays unknown.
    const m = await pipeline.model([singleton, s.eq(d, e)]);
    expect(m.status).toBe('sat');
  });

  it('reads values of a declared sort as D!val!N and never evaluates an application', async () => {
    const s = new TermStore();
    const D = s.uninterpretedSort('D');
    const [d, e] = [s.symbol(D, 'd', 'test'), s.symbol(D, 'e', 'test')];
    const r = await pipeline.checkSat([s.not(s.eq(d, e))], s.eq(s.app('g', [d], s.intSort), s.int(3n)), {
      wantModel: true,
    });
    expect(r.status).toBe('sat');
    if (r.status !== 'sat') return;
    const names = [d, e].map((t) => valueToString(r.model!.get(t.id)!, D));
    expect(names[0]).toMatch(/^D!val!\d+$/);
    expect(names[1]).toMatch(/^D!val!\d+$/);
    expect(names[0]).not.toBe(names[1]);
    const app = s.app('g', [d], s.intSort);
    expect(tryEvaluate(s.eq(app, s.int(3n)), (t) => r.model!.get(t.id))).toBeUndefined();
    expect(() => evaluate(s.eq(d, e), () => undefined)).toThrow(/no value/);
    expect(evaluate(s.eq(d, e), (t) => r.model!.get(t.id))).toBe(false);
    expect(printTerm(s.eq(app, s.app('c', [], s.intSort)))).toBe('g(d) == c()');
  });

  it('declares sorts and functions in SMT-LIB and the native backend answers alike', async () => {
    const s = new TermStore();
    const D = s.uninterpretedSort('D');
    const d = s.symbol(D, 'd', 'test');
    const q = s.eq(s.app('h', [s.app('g', [d], s.intSort)], D), s.app('c', [], D));
    const decls = declarations([q]);
    expect(decls[0]).toBe('(declare-sort |D| 0)');
    expect(decls).toContain('(declare-fun |$f.g| (|D|) Int)');
    expect(decls).toContain('(declare-fun |$f.c| () |D|)');
    expect(toSmtLib(q)).toBe('(= (|$f.h| (|$f.g| |d!1|)) |$f.c|)');
    if (!z3NativeAvailable()) return;
    const native = Z3NativeBackend.create();
    try {
      const r = await native.check([q, s.not(s.eq(d, s.app('c', [], D)))], { wantModel: true });
      expect(r.status).toBe('sat');
      if (r.status === 'sat') expect(valueToString(r.model!.get(d.id)!, D)).toMatch(/^D!val!\d+$/);
      const z = s.bound('z', D);
      const all = s.forall([z], s.eq(z, s.app('c', [], D)));
      expect((await native.check([all, s.not(s.eq(d, s.app('c', [], D)))], { wantModel: false })).status).toBe('unsat');
    } finally {
      native.dispose();
    }
  });
});
