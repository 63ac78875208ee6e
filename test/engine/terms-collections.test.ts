// Sets and sequences as terms (terms/collections.ts): the pipeline's answers on random queries
// mixing them with ints agree with plain Z3 (the fast paths never decide such a query on their
// own), the native backend (SMT-LIB text) agrees with the WebAssembly one (Z3's C API), models
// print as Viper does (`Set(1, 2)`, `Seq(3, 4)`), Viper's take/drop/update edge cases hold, and
// nothing below the solver evaluates a collection.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { decideByBounds } from '../../src/engine/solver/bounds';
import { decideByEnumeration } from '../../src/engine/solver/enumerate';
import { z3NativeAvailable } from '../../src/engine/solver';
import { Z3NativeBackend } from '../../src/engine/solver/z3native';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import {
  seqDrop,
  seqLiteral,
  seqSort,
  seqTake,
  seqUpdate,
  setLiteral,
  setSort,
} from '../../src/engine/terms/collections';
import { tryEvaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { toSmtLib } from '../../src/engine/terms/smtlib';
import { TermStore } from '../../src/engine/terms/store';
import { REF_SORT, type Term } from '../../src/engine/terms/term';
import { valueToString } from '../../src/engine/terms/values';
import { rng } from './solver-helpers';

let wasm: Z3WasmBackend;
let native: Z3NativeBackend | undefined;
beforeAll(async () => {
  wasm = await Z3WasmBackend.create();
  if (z3NativeAvailable()) native = Z3NativeBackend.create();
});
afterAll(() => {
  wasm.dispose();
  native?.dispose();
});

/** Random boolean terms over two int symbols, two sets and two sequences of Int, and literals. */
class Gen {
  readonly ints: Term[];
  readonly sets: Term[];
  readonly seqs: Term[];
  constructor(
    readonly T: TermStore,
    readonly next: () => number,
  ) {
    this.ints = ['x', 'y'].map((n) => T.symbol(T.intSort, n, 'test'));
    this.sets = ['S', 'U'].map((n) => T.symbol(setSort(T.intSort), n, 'test'));
    this.seqs = ['q', 'r'].map((n) => T.symbol(seqSort(T.intSort), n, 'test'));
  }
  pick<X>(xs: readonly X[]): X {
    return xs[Math.floor(this.next() * xs.length)];
  }
  int(depth: number): Term {
    const { T } = this;
    const k = (): Term => T.int(BigInt(Math.floor(this.next() * 7) - 2));
    if (depth <= 0) return this.next() < 0.5 ? k() : this.pick(this.ints);
    return this.pick([
      () => T.add(this.int(depth - 1), this.int(depth - 1)),
      () => T.coll('seq.len', [this.seq(depth - 1)]),
      () => T.coll('seq.nth', [this.seq(depth - 1), this.int(depth - 1)]),
      () => this.pick(this.ints),
      k,
    ])();
  }
  set(depth: number): Term {
    const { T } = this;
    if (depth <= 0) return this.next() < 0.7 ? this.pick(this.sets) : setLiteral(T, T.intSort, [this.int(0)]);
    const op = this.pick(['set.union', 'set.inter', 'set.minus'] as const);
    return this.pick([
      () => T.coll(op, [this.set(depth - 1), this.set(depth - 1)]),
      () => setLiteral(T, T.intSort, [this.int(depth - 1), this.int(0)]),
      () => this.pick(this.sets),
    ])();
  }
  seq(depth: number): Term {
    const { T } = this;
    if (depth <= 0) return this.next() < 0.7 ? this.pick(this.seqs) : seqLiteral(T, T.intSort, [this.int(0)]);
    return this.pick([
      () => T.coll('seq.concat', [this.seq(depth - 1), this.seq(depth - 1)]),
      () => seqTake(T, this.seq(depth - 1), this.int(0)),
      () => seqDrop(T, this.seq(depth - 1), this.int(0)),
      () => seqLiteral(T, T.intSort, [this.int(0), this.int(0)]),
      () => this.pick(this.seqs),
    ])();
  }
  atom(depth: number): Term {
    const { T } = this;
    return this.pick([
      () => T.coll('set.in', [this.int(depth), this.set(depth)]),
      () => T.coll('seq.in', [this.int(depth), this.seq(depth)]),
      () => T.coll('set.subset', [this.set(depth), this.set(depth)]),
      () => T.eq(this.set(depth), this.set(depth)),
      () => T.eq(this.seq(depth), this.seq(depth)),
      () => T.le(this.int(depth), this.int(depth)),
      () => T.lt(this.int(depth), this.int(depth)),
    ])();
  }
  formula(): Term {
    const a = this.atom(2);
    return this.next() < 0.3 ? this.T.not(a) : a;
  }
}

describe('sets and sequences in the solver', () => {
  it('the pipeline agrees with plain Z3 on random queries over sets and sequences', async () => {
    const next = rng(23);
    const T = new TermStore();
    const g = new Gen(T, next);
    const pipeline = new PipelineSolver(wasm, 3_000);
    let decided = 0;
    const statuses = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const pc = Array.from({ length: 1 + Math.floor(next() * 3) }, () => g.formula());
      const query = g.formula();
      const viaPipeline = await pipeline.checkSat(pc, query, { wantModel: true });
      const plain = await wasm.check([...pc, query], { wantModel: false, timeoutMs: 3_000 });
      statuses.add(plain.status);
      if (viaPipeline.status === 'unknown' || plain.status === 'unknown') continue;
      decided++;
      expect(viaPipeline.status, `${pc.map((t) => printTerm(t)).join(' && ')} |- ${printTerm(query)}`).toBe(
        plain.status,
      );
    }
    // The family exercises both answers, and nearly all of it is decided.
    expect(statuses).toContain('sat');
    expect(statuses).toContain('unsat');
    expect(decided).toBeGreaterThan(45);
  }, 300_000);

  it('the native backend (SMT-LIB text) agrees with the WebAssembly one (C API)', async ({ skip }) => {
    if (native === undefined) skip();
    const next = rng(24);
    const g = new Gen(new TermStore(), next);
    let compared = 0;
    for (let i = 0; i < 40; i++) {
      const cs = [g.formula(), g.formula()];
      const a = await wasm.check(cs, { wantModel: false, timeoutMs: 3_000 });
      const b = await native!.check(cs, { wantModel: true, timeoutMs: 3_000 });
      if (a.status === 'unknown' || b.status === 'unknown') continue;
      compared++;
      expect(b.status, cs.map((t) => toSmtLib(t)).join('\n')).toBe(a.status);
    }
    expect(compared).toBeGreaterThan(30);
  }, 300_000);

  it('no fast path decides a query with a collection in it, even without symbols', () => {
    const T = new TermStore();
    const member = T.coll('set.in', [T.int(3n), setLiteral(T, T.intSort, [T.int(1n), T.int(2n)])]);
    const len = T.eq(T.coll('seq.len', [seqLiteral(T, T.intSort, [T.int(1n)])]), T.int(1n));
    for (const q of [member, len, T.not(member)]) {
      expect(decideByBounds([q])).toBeUndefined();
      expect(decideByEnumeration([q])).toBeUndefined();
      expect(tryEvaluate(q, () => undefined)).toBeUndefined();
    }
  });

  it("Viper's take, drop and update at and beyond the ends", async () => {
    const T = new TermStore();
    const s = seqLiteral(T, T.intSort, [T.int(5n), T.int(6n), T.int(7n)]);
    const lit = (...xs: bigint[]): Term =>
      seqLiteral(
        T,
        T.intSort,
        xs.map((x) => T.int(x)),
      );
    const facts: [Term, Term][] = [
      [seqTake(T, s, T.int(-1n)), lit()],
      [seqTake(T, s, T.int(2n)), lit(5n, 6n)],
      [seqTake(T, s, T.int(9n)), s],
      [seqDrop(T, s, T.int(-1n)), s],
      [seqDrop(T, s, T.int(1n)), lit(6n, 7n)],
      [seqDrop(T, s, T.int(9n)), lit()],
      [seqUpdate(T, s, T.int(1n), T.int(0n)), lit(5n, 0n, 7n)],
    ];
    for (const [a, b] of facts) {
      const r = await wasm.check([T.not(T.eq(a, b))], { wantModel: false, timeoutMs: 10_000 });
      expect(r.status, `${printTerm(a)} == ${printTerm(b)}`).toBe('unsat');
    }
  });

  it('models print sets and sequences as Viper writes them, from either backend', async () => {
    const T = new TermStore();
    const S = T.symbol(setSort(T.intSort), 'S', 'test');
    const R = T.symbol(setSort(REF_SORT), 'R', 'test');
    const q = T.symbol(seqSort(T.intSort), 'q', 'test');
    const pins = [
      T.eq(S, setLiteral(T, T.intSort, [T.int(2n), T.int(1n)])),
      T.eq(R, setLiteral(T, REF_SORT, [T.constOf(0n, REF_SORT)])),
      T.eq(q, seqLiteral(T, T.intSort, [T.int(3n), T.int(4n)])),
    ];
    for (const backend of [wasm, native]) {
      if (backend === undefined) continue;
      const r = await backend.check(pins, { wantModel: true, timeoutMs: 10_000 });
      expect(r.status).toBe('sat');
      const m = r.status === 'sat' ? r.model! : new Map();
      expect(valueToString(m.get(S.id)!, S.sort)).toBe('Set(1, 2)');
      expect(valueToString(m.get(R.id)!, R.sort)).toBe('Set(null)');
      expect(valueToString(m.get(q.id)!, q.sort)).toBe('Seq(3, 4)');
    }
    expect(printTerm(pins[2])).toBe('q == (Seq(3) ++ Seq(4))');
  });
});
