// The solver never takes the process down: timeouts answer unknown, deep or ill-formed
// queries answer (never throw) and the solver keeps working afterwards, and a long run of
// queries does not leak memory.

import { afterEach, describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { createSolver, type Solver } from '../../src/engine/solver';
import { modelOf } from './solver-helpers';

let solver: Solver | undefined;
afterEach(() => {
  solver?.dispose();
  solver = undefined;
});

async function wasm(timeoutMs?: number): Promise<Solver> {
  solver = await createSolver({ backend: 'z3-wasm', timeoutMs });
  return solver;
}

/** x³ + y³ = z³ with large positive x, y, z: no solution (Fermat), and hard for Z3. */
function fermat(s: TermStore): { pc: Term[]; query: Term } {
  const [x, y, z] = ['x', 'y', 'z'].map((n) => s.symbol(s.intSort, n, 'test'));
  const cube = (v: Term): Term => s.mul(s.mul(v, v), v);
  const big = s.int(1000n);
  return { pc: [s.lt(big, x), s.lt(big, y), s.lt(big, z)], query: s.eq(s.add(cube(x), cube(y)), cube(z)) };
}

/** A simple query that must still work after a failure. */
async function stillWorks(z: Solver, s: TermStore): Promise<void> {
  const v = s.symbol(s.intSort, 'v', 'test');
  const r = await z.checkSat([s.lt(s.int(5n), v)], s.lt(v, s.int(7n)), { wantModel: true });
  expect(modelOf(r).get(v.id)).toBe(6n);
}

describe('solver robustness', () => {
  it('a hard nonlinear query with a 50 ms timeout answers unknown', async () => {
    const z = await wasm();
    const s = new TermStore();
    const { pc, query } = fermat(s);
    const start = Date.now();
    const r = await z.checkSat(pc, query, { timeoutMs: 50 });
    expect(r.status).toBe('unknown');
    if (r.status === 'unknown') expect(r.reason).toMatch(/timeout|canceled/);
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(z.stats().timeouts).toBe(1);
    expect(z.stats().unknowns).toBe(1);
    await stillWorks(z, s);
  });

  it('the default timeout of createSolver applies', async () => {
    const z = await wasm(50);
    const s = new TermStore();
    const { pc, query } = fermat(s);
    expect((await z.checkSat(pc, query)).status).toBe('unknown');
  });

  it('a very deep term and an ill-sorted term never throw', async () => {
    const z = await wasm(5_000);
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const y = s.symbol(s.intSort, 'y', 'test');
    let deep: Term = x;
    for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? s.add(deep, y) : s.sub(deep, x);
    const r1 = await z.checkSat([s.lt(s.int(0n), y)], s.eq(deep, s.int(3n)));
    expect(['sat', 'unsat', 'unknown']).toContain(r1.status);
    // store.mk skips sort checks: int + bool reaches the backend as is.
    const b = s.symbol(s.boolSort, 'b', 'test');
    const illSorted = s.mk('lt', s.boolSort, [s.int(0n), s.mk('add', s.intSort, [x, b])]);
    const r2 = await z.checkSat([], illSorted, { wantModel: true });
    expect(['sat', 'unsat', 'unknown']).toContain(r2.status);
    await stillWorks(z, s);
  });

  it('10,000 queries do not grow RSS by more than 100 MB', async () => {
    const z = await wasm();
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const warm = async (from: number, to: number): Promise<void> => {
      for (let i = from; i < to; i++) {
        // Distinct constraint sets so that every query reaches Z3 (no cache, no reuse), and
        // non-linear so that the bounds layer cannot decide them in front of it.
        const y = s.symbol(s.intSort, `y${i}`, 'test');
        const r = await z.checkSat([s.lt(s.int(BigInt(i)), x)], s.eq(s.mul(x, y), s.int(BigInt(2 * i + 1))), {
          wantModel: true,
        });
        expect(r.status).toBe('sat');
      }
    };
    await warm(0, 500);
    const before = process.memoryUsage().rss;
    await warm(500, 10_500);
    const grown = process.memoryUsage().rss - before;
    expect(z.stats().backendCalls).toBeGreaterThanOrEqual(10_000);
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  }, 300_000);
});
