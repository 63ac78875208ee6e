// The record of conjuncts a model is known to satisfy (solver/witnessed.ts): it may skip an
// evaluation only where the record vouches for exactly that term, so its answer is always the
// one evaluating every term gives; and a pipeline query along a path, where the hint is the
// parent's model and the record is used, returns a model that satisfies all of pc ∧ query.

import { describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { createSolver, satisfiesAll, type Model } from '../../src/engine/solver';
import { WitnessedConjuncts } from '../../src/engine/solver/witnessed';

function setup(): { T: TermStore; x: Term; y: Term; xPos: Term; yPos: Term; yNeg: Term } {
  const T = new TermStore();
  const x = T.symbol(T.intSort, 'x', 'test');
  const y = T.symbol(T.intSort, 'y', 'test');
  return { T, x, y, xPos: T.gt(x, T.int(0n)), yPos: T.gt(y, T.int(0n)), yNeg: T.lt(y, T.int(0n)) };
}

describe('witnessed conjuncts', () => {
  it('skips only the recorded terms, in order, and evaluates the others', () => {
    const { x, y, xPos, yPos, yNeg } = setup();
    const w = new WitnessedConjuncts();
    const m: Model = new Map([
      [x.id, 1n],
      [y.id, 5n],
    ]);
    w.record(m, [xPos]);
    expect(w.satisfiesAll(m, [xPos, yPos])).toBe(true);
    // The record does not vouch for y < 0: it is evaluated, and false.
    expect(w.satisfiesAll(m, [xPos, yNeg])).toBe(false);
    expect(w.satisfiesAll(m, [yNeg, xPos])).toBe(false);
  });

  it('answers as full evaluation for models it has no record of, including evicted ones', () => {
    const { x, y, xPos, yPos, yNeg } = setup();
    const w = new WitnessedConjuncts();
    const first: Model = new Map([
      [x.id, 1n],
      [y.id, -1n],
    ]);
    w.record(first, [xPos]);
    for (let i = 0; i < 100; i++) w.record(new Map([[x.id, BigInt(i + 1)]]), [xPos]);
    for (const terms of [[xPos], [xPos, yPos], [xPos, yNeg], [yNeg], []]) {
      expect(w.satisfiesAll(first, terms)).toBe(satisfiesAll(first, terms));
    }
  });

  it('a depth-first walk of 10 independent branches: every model satisfies its whole path condition', async () => {
    const T = new TermStore();
    const solver = await createSolver({ backend: 'z3-wasm' });
    try {
      const xs = Array.from({ length: 10 }, (_, i) => T.symbol(T.intSort, `x${i}`, 'test'));
      let leaves = 0;
      const walk = async (pc: Term[], hint: Model | undefined, depth: number): Promise<void> => {
        if (depth === xs.length) {
          leaves++;
          return;
        }
        const cond = T.gt(xs[depth], T.int(0n));
        for (const side of [cond, T.not(cond)]) {
          const r = await solver.checkSat(pc, side, { wantModel: true, hint });
          expect(r.status).toBe('sat');
          const model = r.status === 'sat' ? r.model! : new Map();
          expect(satisfiesAll(model, [...pc, side])).toBe(true);
          await walk([...pc, side], model, depth + 1);
        }
      };
      await walk([], undefined, 0);
      expect(leaves).toBe(1024);
      expect(solver.stats().backendCalls).toBe(0);
    } finally {
      solver.dispose();
    }
  });
});
