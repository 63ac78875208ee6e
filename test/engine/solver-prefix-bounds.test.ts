// Incremental bounds (solver/prefixBounds.ts): the cheap layer starts a constraint set from
// what propagation left for a remembered subset of it (the parent path's question). On random
// depth-first walks (fixed seed) of branch queries `t OP u` over ints and 8-bit bit-vectors,
// with chains of disequalities (`y ≠ 0 ∧ y ≠ 1 ∧ …`, whose exclusions share one backing list)
// and backtracking to earlier prefixes (siblings extend a shared list), every incremental
// answer must agree with the real Z3 and every sat model must satisfy every conjunct. It must
// also answer at least what the whole propagation answers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideByBounds } from '../../src/engine/solver/bounds';
import { PrefixBounds } from '../../src/engine/solver/prefixBounds';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { evaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import { branchAtoms, rng } from './solver-helpers';

/** How often a walk's next atom extends an `else if (y == k)` chain. */
const CHAIN_RATE = 0.3;

let z3: Z3WasmBackend;
beforeAll(async () => {
  z3 = await Z3WasmBackend.create();
});
afterAll(() => z3.dispose());

function byId(ts: readonly Term[]): Term[] {
  return [...new Set(ts)].sort((a, b) => a.id - b.id);
}

interface Tally {
  incremental: number;
  whole: number;
  asked: number;
}

async function agreesWithZ3(constraints: readonly Term[], prefixes: PrefixBounds, tally: Tally): Promise<boolean> {
  const terms = byId(constraints);
  const shown = terms.map((c) => printTerm(c)).join(' ∧ ');
  const mine = decideByBounds(terms, undefined, prefixes);
  const whole = decideByBounds(terms);
  const theirs = await z3.check(terms, { wantModel: false, timeoutMs: 5000 });
  expect(theirs.status, shown).not.toBe('unknown');
  tally.asked++;
  if (whole !== undefined) tally.whole++;
  if (mine !== undefined) {
    tally.incremental++;
    expect(mine.status, shown).toBe(theirs.status);
    if (mine.status === 'sat') {
      for (const c of terms)
        expect(
          evaluate(c, (x) => mine.model!.get(x.id)),
          shown,
        ).toBe(true);
    }
  }
  return theirs.status === 'sat';
}

async function walk(seed: number, sortOf: (s: TermStore) => Sort, tally: Tally): Promise<void> {
  const next = rng(seed);
  const s = new TermStore();
  const atom = branchAtoms(s, next, sortOf(s), CHAIN_RATE);
  const prefixes = new PrefixBounds();
  const saved: Term[][] = [];
  let pc: Term[] = [];
  for (let step = 0; step < 24; step++) {
    const q = atom();
    if (q.op === 'const') continue;
    const thenOk = await agreesWithZ3([...pc, q], prefixes, tally);
    const elseOk = await agreesWithZ3([...pc, s.not(q)], prefixes, tally);
    if (thenOk && elseOk) saved.push([...pc, s.not(q)]); // the sibling, taken later
    if (thenOk && (!elseOk || next() < 0.5)) pc = [...pc, q];
    else if (elseOk) pc = [...pc, s.not(q)];
    else break;
    if (saved.length > 0 && next() < 0.15) pc = saved.splice(Math.floor(next() * saved.length), 1)[0];
  }
}

describe('incremental bounds over path-condition prefixes', () => {
  it('agrees with Z3 on random depth-first walks over ints and 8-bit bit-vectors', async () => {
    const tally: Tally = { incremental: 0, whole: 0, asked: 0 };
    for (let w = 0; w < 120; w++) await walk(4000 + w, (s) => s.intSort, tally);
    for (let w = 0; w < 40; w++) await walk(5000 + w, (s) => s.bvSort(8, w % 2 === 0), tally);
    console.log(
      `incremental bounds: ${tally.incremental} of ${tally.asked} answered (whole propagation: ${tally.whole})`,
    );
    expect(tally.asked).toBeGreaterThan(3000);
    expect(tally.incremental).toBeGreaterThanOrEqual(tally.whole);
  }, 600_000);

  it('a 3,000-branch `else if` chain: every branch and every else decided (the then-model on its value), the closed range empty', () => {
    const s = new TermStore();
    const y = s.symbol(s.intSort, 'y', 'test');
    const prefixes = new PrefixBounds();
    let pc: Term[] = [];
    for (let i = 0; i < 3000; i++) {
      const test = s.eq(y, s.int(BigInt(i)));
      const then = decideByBounds(byId([...pc, test]), undefined, prefixes);
      expect(then?.status).toBe('sat');
      expect(then?.status === 'sat' && then.model?.get(y.id)).toBe(BigInt(i));
      pc = [...pc, s.not(test)];
      const rest = decideByBounds(byId(pc), undefined, prefixes);
      expect(rest?.status).toBe('sat');
    }
    // y in [0, 2] after y ≠ 0, 1, 2 … : empty.
    const closed = byId([...pc, s.ge(y, s.int(0n)), s.le(y, s.int(2n))]);
    expect(decideByBounds(closed, undefined, prefixes)).toEqual({ status: 'unsat' });
  });
});
