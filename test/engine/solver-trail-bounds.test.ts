// Bounds along the trail (solver/trailBounds.ts): a question's path condition is compared with
// the last one by identity, and only the conjuncts after their common prefix are propagated.
// On random depth-first walks (fixed seed) of branch queries `t OP u` over ints and 8-bit
// bit-vectors, with disequality chains and backtracking to earlier siblings (the trail is cut
// back, and sibling exclusion lists share a backing array), every answer must agree with the
// real Z3 on pc ∧ query and every sat model must satisfy every conjunct of both. And a long
// `else if` chain is decided branch by branch through the pipeline without Z3.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrailBounds } from '../../src/engine/solver/trailBounds';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { evaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import type { Model } from '../../src/engine/solver/solver';
import { branchAtoms, rng } from './solver-helpers';

/** How often a walk's next atom extends an `else if (y == k)` chain. */
const CHAIN_RATE = 0.4;

let z3: Z3WasmBackend;
beforeAll(async () => {
  z3 = await Z3WasmBackend.create();
});
afterAll(() => z3.dispose());

interface Tally {
  answered: number;
  asked: number;
}

/** The trail's answer for pc ∧ q against Z3's; returns whether pc ∧ q is sat (Z3). */
async function agrees(trail: TrailBounds, pc: readonly Term[], q: Term, hint: Model | undefined, tally: Tally) {
  const shown = [...pc, q].map((c) => printTerm(c)).join(' ∧ ');
  const mine = trail.decide(pc, q, hint);
  const theirs = await z3.check([...pc, q], { wantModel: true, timeoutMs: 5000 });
  expect(theirs.status, shown).not.toBe('unknown');
  tally.asked++;
  if (mine !== undefined) {
    tally.answered++;
    expect(mine.status, shown).toBe(theirs.status);
    if (mine.status === 'sat') {
      for (const c of [...pc, q])
        expect(
          evaluate(c, (x) => mine.model!.get(x.id)),
          shown,
        ).toBe(true);
    }
  }
  return theirs.status === 'sat' ? (mine?.status === 'sat' ? mine.model : theirs.model) : undefined;
}

async function walk(seed: number, sortOf: (s: TermStore) => Sort, tally: Tally): Promise<void> {
  const next = rng(seed);
  const s = new TermStore();
  const atom = branchAtoms(s, next, sortOf(s), CHAIN_RATE);
  const trail = new TrailBounds(new Map());
  const saved: { pc: Term[]; model: Model | undefined }[] = [];
  let pc: Term[] = [];
  let model: Model | undefined;
  for (let step = 0; step < 60; step++) {
    const q = atom();
    if (q.op === 'const') continue;
    const thenModel = await agrees(trail, pc, q, model, tally);
    const elseModel = await agrees(trail, pc, s.not(q), model, tally);
    if (thenModel && elseModel) saved.push({ pc: [...pc, s.not(q)], model: elseModel }); // the sibling, taken later
    if (thenModel && (!elseModel || next() < 0.5)) [pc, model] = [[...pc, q], thenModel];
    else if (elseModel) [pc, model] = [[...pc, s.not(q)], elseModel];
    else break;
    if (saved.length > 0 && next() < 0.15) ({ pc, model } = saved.splice(Math.floor(next() * saved.length), 1)[0]);
  }
}

describe('bounds along the trail', () => {
  it('agrees with Z3 on random depth-first walks with backtracking, ints and 8-bit bit-vectors', async () => {
    const tally: Tally = { answered: 0, asked: 0 };
    for (let w = 0; w < 40; w++) await walk(7000 + w, (s) => s.intSort, tally);
    for (let w = 0; w < 16; w++) await walk(8000 + w, (s) => s.bvSort(8, w % 2 === 0), tally);
    console.log(`trail bounds: ${tally.answered} of ${tally.asked} answered`);
    expect(tally.asked).toBeGreaterThan(3000);
    // Most of these questions are in the layer's scope: a trail that answered little would be broken.
    expect(tally.answered).toBeGreaterThan(tally.asked * 0.8);
  }, 900_000);

  it('a 3,000-branch `else if` chain through the pipeline: every branch decided without Z3, the then-model on its value', async () => {
    const s = new TermStore();
    const y = s.symbol(s.intSort, 'y', 'test');
    const solver = new PipelineSolver(z3);
    const before = solver.stats();
    let pc: Term[] = [];
    for (let i = 0; i < 3000; i++) {
      const test = s.eq(y, s.int(BigInt(i)));
      const then = await solver.checkSat(pc, test, { wantModel: true });
      expect(then.status === 'sat' && then.model?.get(y.id)).toBe(BigInt(i));
      expect((await solver.checkSat(pc, s.not(test), { wantModel: true })).status).toBe('sat');
      pc = [...pc, s.not(test)];
    }
    expect(await solver.checkSat(pc, s.and(s.ge(y, s.int(0n)), s.le(y, s.int(2999n))))).toEqual({ status: 'unsat' });
    expect(solver.stats().backendCalls - before.backendCalls).toBe(0);
  }, 300_000);
});
