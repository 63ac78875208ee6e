// The native z3 backend (only where a `z3` binary is installed): it agrees with the WASM
// backend on a set of queries, its models satisfy the constraints, and a timeout or a dead
// process answers unknown without breaking later queries.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { readArray } from '../../src/engine/terms/values';
import { createSolver, z3NativeAvailable, type Solver } from '../../src/engine/solver';
import { Z3NativeBackend } from '../../src/engine/solver/z3native';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { bvSorts, expectSatisfies, modelOf, randomBigint, rangeOf, rng } from './solver-helpers';
import { optionalTool } from '../support/optionalTools';

const available = optionalTool('z3 (native)', z3NativeAvailable(), 'apt-get install z3');

/** A mix of queries over every sort, some sat and some unsat. */
function queries(s: TermStore): Term[][] {
  const next = rng(5);
  const out: Term[][] = [];
  const x = s.symbol(s.intSort, 'x', 'test');
  const y = s.symbol(s.intSort, 'y', 'test');
  out.push([s.lt(s.int(3n), x), s.eq(s.mod(x, s.int(-4n)), s.int(-1n))]);
  out.push([s.lt(x, s.int(-3n)), s.eq(s.div(x, s.int(2n)), s.int(-2n)), s.eq(s.mod(x, s.int(2n)), s.int(-1n))]);
  out.push([s.eq(s.mul(x, x), s.int(50n))]);
  out.push([s.eq(s.add(s.mul(x, s.int(3n)), y), s.int(10n)), s.lt(s.int(0n), y), s.lt(y, s.int(3n))]);
  for (const sort of bvSorts(s)) {
    const [lo, hi] = rangeOf(sort);
    const u = s.symbol(sort, 'u', 'test');
    const v = s.symbol(sort, 'v', 'test');
    const c = s.constOf(randomBigint(next, lo, hi), sort);
    out.push([
      s.eq(s.add(u, v), c),
      s.lt(u, s.constOf(lo + 1n, sort)),
      s.eq(s.shr(v, s.constOf(1n, sort)), s.constOf(hi >> 1n, sort)),
    ]);
    out.push([s.lt(s.cast(u, s.intSort), s.int(lo)), s.eq(v, c)]);
    out.push([
      s.eq(s.cast(s.cast(u, s.intSort), s.bvSort(8, true)), s.bvConst(-1n, s.bvSort(8, true))),
      s.lt(s.constOf(hi - 2n, sort), u),
    ]);
  }
  const a = s.symbol(s.arraySort(s.intSort), 'a', 'test');
  out.push([s.eq(s.select(s.store(a, x, s.int(4n)), s.int(2n)), s.int(9n)), s.eq(s.select(a, s.int(5n)), s.int(-6n))]);
  out.push([s.eq(s.select(s.store(a, x, s.int(4n)), x), s.int(5n))]);
  const k = s.bound('k', s.intSort);
  out.push([
    s.forall([k], s.implies(s.and(s.le(s.int(0n), k), s.lt(k, s.int(3n))), s.eq(s.select(a, k), s.add(k, s.int(10n))))),
  ]);
  return out;
}

describe.skipIf(!available)('z3-native backend', () => {
  let native: Z3NativeBackend;
  let wasm: Z3WasmBackend;
  beforeAll(async () => {
    native = Z3NativeBackend.create();
    wasm = await Z3WasmBackend.create();
  });
  afterAll(() => {
    native.dispose();
    wasm.dispose();
  });

  it('agrees with the WASM backend, with models that satisfy the constraints', async () => {
    const s = new TermStore();
    let sat = 0;
    for (const q of queries(s)) {
      const rn = await native.check(q, { wantModel: true });
      const rw = await wasm.check(q, { wantModel: true });
      expect(rn.status, q.map((t) => t.op).join(' ')).toBe(rw.status);
      if (rn.status === 'sat') {
        sat++;
        const model = modelOf(rn);
        const quantifierFree = q.filter((t) => t.op !== 'forall');
        expectSatisfies(model, quantifierFree);
      }
    }
    expect(sat).toBeGreaterThan(5);
  });

  it('samples lambda-valued arrays of quantified constraints', async () => {
    const s = new TermStore();
    const a = s.symbol(s.arraySort(s.intSort), 'a', 'test');
    const k = s.bound('k', s.intSort);
    const q = s.forall(
      [k],
      s.implies(s.and(s.le(s.int(0n), k), s.lt(k, s.int(3n))), s.eq(s.select(a, k), s.add(k, s.int(10n)))),
    );
    const rr = await native.check([q], { wantModel: true });
    const av = modelOf(rr).get(a.id);
    if (typeof av !== 'object') throw new Error('array expected');
    for (const i of [0n, 1n, 2n]) expect(readArray(av, i)).toBe(i + 10n);
  });

  it('a timeout answers unknown, and the process recovers from being killed', async () => {
    const s = new TermStore();
    const [x, y, z] = ['x', 'y', 'z'].map((n) => s.symbol(s.intSort, n, 'test'));
    const cube = (v: Term): Term => s.mul(s.mul(v, v), v);
    const big = s.int(1000n);
    const hard = [s.lt(big, x), s.lt(big, y), s.lt(big, z), s.eq(s.add(cube(x), cube(y)), cube(z))];
    const r = await native.check(hard, { wantModel: true, timeoutMs: 50 });
    expect(r.status).toBe('unknown');
    (native as unknown as { session?: { dispose(): void } }).session?.dispose();
    const again = await native.check([s.lt(big, x), s.lt(x, s.int(1002n))], { wantModel: true });
    expect(modelOf(again).get(x.id)).toBe(1001n);
  });

  it('drives the whole pipeline through createSolver', async () => {
    const solver: Solver = await createSolver({ backend: 'z3-native' });
    try {
      const s = new TermStore();
      const x = s.symbol(s.bvSort(16, true), 'x', 'test');
      const pc = [s.lt(x, s.bvConst(-30000n, x.sort))];
      const q = s.eq(s.mod(x, s.bvConst(100n, x.sort)), s.bvConst(-7n, x.sort));
      const m = modelOf(await solver.checkSat(pc, q, { wantModel: true }));
      expectSatisfies(m, [...pc, q], [x]);
      expect(solver.stats().backendCalls).toBe(1);
    } finally {
      solver.dispose();
    }
  });
});
