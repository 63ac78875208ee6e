// The WASM backend in keep-lemmas mode (z3guards.ts, used for runs with synth functions):
// every assertion stays asserted under a guard literal, so answers must depend only on the
// assertions of the current check — never on those of earlier checks — and models must
// satisfy them. Compared with the ordinary push/pop backend on the same random queries.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { expectSatisfies, modelOf, rng } from './solver-helpers';

let kept: Z3WasmBackend;
let plain: Z3WasmBackend;
beforeAll(async () => {
  kept = await Z3WasmBackend.create({ keepLemmas: true });
  plain = await Z3WasmBackend.create();
});
afterAll(() => {
  kept.dispose();
  plain.dispose();
});

describe('z3-wasm keep-lemmas mode', () => {
  it('forgets the assertions of earlier checks', async () => {
    const s = new TermStore();
    const x = s.symbol(s.intSort, 'x', 'test');
    const pos = s.lt(s.int(0n), x);
    const neg = s.lt(x, s.int(0n));
    expect((await kept.check([pos], { wantModel: false })).status).toBe('sat');
    expect((await kept.check([pos, neg], { wantModel: false })).status).toBe('unsat');
    // Both are still asserted inside Z3, each under its own guard: only `neg` is assumed now.
    const model = modelOf(await kept.check([neg], { wantModel: true }));
    expectSatisfies(model, [neg], [x]);
    expect((await kept.check([neg, s.eq(x, s.int(-3n))], { wantModel: false })).status).toBe('sat');
  });

  it('answers like the push/pop backend on random linear queries over shared atoms', async () => {
    const s = new TermStore();
    const next = rng(7);
    const xs = [0, 1, 2].map((i) => s.symbol(s.intSort, `x${i}`, 'test'));
    const atoms: Term[] = [];
    for (let i = 0; i < 24; i++) {
      const a = xs[Math.floor(next() * 3)];
      const b = xs[Math.floor(next() * 3)];
      const k = s.int(BigInt(Math.floor(next() * 11) - 5));
      atoms.push(next() < 0.5 ? s.lt(s.add(a, k), b) : s.eq(s.sub(a, b), k));
    }
    const statuses = new Set<string>();
    for (let q = 0; q < 60; q++) {
      const query = atoms.filter(() => next() < 0.15).map((t) => (next() < 0.3 ? s.not(t) : t));
      const a = await kept.check(query, { wantModel: true });
      const b = await plain.check(query, { wantModel: false });
      expect(a.status).toBe(b.status);
      statuses.add(a.status);
      if (a.status === 'sat') expectSatisfies(modelOf(a), query);
    }
    expect(statuses).toEqual(new Set(['sat', 'unsat']));
  });
});
