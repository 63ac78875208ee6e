// The query pipeline in front of Z3: trivial answers, independence slicing, the exact cache,
// model reuse, unsat subsets, complete models, and the 12-independent-ifs target (at least
// 99% of feasibility checks answered without calling Z3).

import { afterEach, describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { avoidedRatio, createSolver, type Model, type Solver } from '../../src/engine/solver';
import { expectSatisfies, modelOf } from './solver-helpers';

let solver: Solver | undefined;
afterEach(() => {
  solver?.dispose();
  solver = undefined;
});

async function wasm(): Promise<Solver> {
  solver = await createSolver({ backend: 'z3-wasm' });
  return solver;
}

describe('solver pipeline', () => {
  it('explores 12 independent ifs (4,096 paths) with >= 99% of checks avoided', async () => {
    const z = await wasm();
    const s = new TermStore();
    const xs = Array.from({ length: 12 }, (_, i) => s.symbol(s.intSort, `x${i}`, `input x${i}`));
    let leaves = 0;
    // DFS as the engine does it: at each branch check both sides with the parent's model as hint.
    const explore = async (depth: number, pc: Term[], model: Model): Promise<void> => {
      if (depth === xs.length) {
        leaves++;
        return;
      }
      const cond = s.lt(s.int(0n), xs[depth]);
      for (const side of [cond, s.not(cond)]) {
        const r = await z.checkSat(pc, side, { wantModel: true, hint: model });
        const m = modelOf(r);
        expectSatisfies(m, [...pc, side], xs.slice(0, depth + 1));
        await explore(depth + 1, [...pc, side], m);
      }
    };
    await explore(0, [], new Map());
    expect(leaves).toBe(4096);
    const st = z.stats();
    expect(st.queries).toBe(2 * 4095);
    expect(avoidedRatio(st)).toBeGreaterThanOrEqual(0.99);
    expect(st.backendCalls / st.queries).toBeLessThanOrEqual(0.01);
  });

  it('answers trivial queries without solving', async () => {
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const c = s.lt(s.int(0n), x);
    const d = s.eq(s.mod(x, s.int(7n)), s.int(3n));
    expect((await z.checkSat([c], s.bool(true))).status).toBe('sat');
    expect((await z.checkSat([c], s.bool(false))).status).toBe('unsat');
    expect((await z.checkSat([c, d], d)).status).toBe('sat');
    expect((await z.checkSat([c, s.not(d)], d)).status).toBe('unsat');
    expect((await z.checkSat([c, d], s.not(d))).status).toBe('unsat');
    const st = z.stats();
    expect(st.avoidedTrivial).toBe(5);
    expect(st.backendCalls).toBe(0);
  });

  it('slices away independent constraints and caches exact constraint sets', async () => {
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    const w = s.symbol(s.intSort, 'w', 'test');
    const pcA = [s.eq(s.mul(y, y), s.int(49n)), s.lt(s.int(0n), y)];
    const pcB = [s.eq(s.mod(w, s.int(5n)), s.int(1n))];
    const q = s.eq(s.mul(x, x), s.int(16n));
    const r1 = await z.checkSat(pcA, q);
    expect(r1.status).toBe('sat');
    // A different, independent pc: the sliced query is the same, so the cache answers.
    const r2 = await z.checkSat(pcB, q);
    expect(r2.status).toBe('sat');
    const st = z.stats();
    expect(st.backendCalls).toBe(1);
    expect(st.cacheHits).toBe(1);
    expect(st.avoidedCache).toBe(1);
    // Unsat through a dependent conjunct is still found.
    const r3 = await z.checkSat([...pcA, s.eq(x, y)], q);
    expect(r3.status).toBe('unsat');
  });

  it('returns models of all of pc ∧ query, completed from the hint or by solving', async () => {
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    const u = s.symbol(s.bvSort(8, false), 'u', 'test');
    const pc = [s.eq(s.mul(y, y), s.int(81n)), s.lt(y, s.int(0n)), s.lt(s.bvConst(200n, u.sort), u)];
    const q = s.lt(s.int(100n), x);
    // No hint: the other components are solved.
    const m1 = modelOf(await z.checkSat(pc, q, { wantModel: true }));
    expectSatisfies(m1, [...pc, q], [x, y, u]);
    expect(m1.get(y.id)).toBe(-9n);
    // A wrong hint is not trusted.
    const bad: Model = new Map([
      [y.id, 9n],
      [u.id, 3n],
    ]);
    const m2 = modelOf(await z.checkSat(pc, s.lt(s.int(200n), x), { wantModel: true, hint: bad }));
    expectSatisfies(m2, [...pc, s.lt(s.int(200n), x)], [x, y, u]);
    // model() of pc alone.
    const m3 = modelOf(await z.model(pc));
    expectSatisfies(m3, pc, [y, u]);
  });

  it('a pc component without a model makes pc ∧ query unsat, never a model-less sat', async () => {
    // The engine may assume facts unchecked (a heap produce, docs/design.md B.9), so pc can be
    // unsatisfiable in a component the query does not touch: asked for a model, the pipeline
    // must find that out rather than answer sat for the query's slice alone (heap seed 31139).
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    const pc = [s.eq(s.mul(y, y), s.int(2n))]; // no integer squares to 2: Z3 says unsat
    expect((await z.checkSat(pc, s.eq(x, s.int(-6n)), { wantModel: true })).status).toBe('unsat');
    expect((await z.checkSat(pc, s.bool(true), { wantModel: true })).status).toBe('unsat');
  });

  it('reuses models and unsat subsets (counterexample cache)', async () => {
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    const base = [s.lt(s.int(10n), s.add(x, y)), s.lt(x, s.int(3n))];
    const m = modelOf(await z.checkSat([base[0]], base[1], { wantModel: true }));
    expectSatisfies(m, base, [x, y]);
    const before = z.stats().backendCalls;
    // A weaker query on the same symbols that the recent model satisfies.
    const weaker = s.lt(s.int(-1000n), s.add(x, y));
    const implied = await z.checkSat([base[0], base[1]], weaker, { wantModel: true });
    expectSatisfies(modelOf(implied), [...base, weaker], [x, y]);
    expect(z.stats().backendCalls).toBe(before);
    expect(z.stats().avoidedModelReuse).toBeGreaterThanOrEqual(1);
    // An unsat set makes every superset unsat without solving.
    const contra = s.lt(s.add(x, y), s.int(5n));
    expect((await z.checkSat(base, contra)).status).toBe('unsat');
    const calls = z.stats().backendCalls;
    expect((await z.checkSat([...base, s.lt(s.int(-7n), y)], contra)).status).toBe('unsat');
    expect(z.stats().backendCalls).toBe(calls);
  });
});
