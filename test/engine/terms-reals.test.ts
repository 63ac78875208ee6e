// Real (permission) comparisons over a choice of constants are decided per branch: a
// quantified chunk's bound `c ? 1 : 0 <= 1` must reach Z3 as `true`, not as a quantified
// formula it searches a model for; evaluation agrees with the folded term on every branch.
import { describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import { realBinary, realLit, scaleReal } from '../../src/engine/terms/reals';
import { rational } from '../../src/lang/rational';
import type { Term } from '../../src/engine/terms/term';

const s = new TermStore();
const c = s.symbol(s.boolSort, 'c', 'input c');
const q = (n: bigint, d = 1n): Term => realLit(s, rational(n, d));
const choice = (a: Term, b: Term): Term => s.ite(c, a, b);

describe('a comparison with a choice of constant amounts', () => {
  it('is true or false when both branches agree', () => {
    expect(realBinary(s, 'le', choice(q(1n), q(0n)), q(1n))).toBe(s.bool(true));
    expect(realBinary(s, 'lt', choice(q(1n), q(0n)), q(1n))).not.toBe(s.bool(true));
    expect(realBinary(s, 'lt', q(0n), choice(q(1n), q(1n, 2n)))).toBe(s.bool(true));
    expect(realBinary(s, 'lt', q(2n), choice(q(1n), q(0n)))).toBe(s.bool(false));
  });

  it('is the condition, or its negation, when the branches disagree', () => {
    expect(realBinary(s, 'lt', choice(q(1n), q(0n)), q(1n))).toBe(s.not(c));
    expect(realBinary(s, 'lt', q(0n), choice(q(1n), q(0n)))).toBe(c);
    expect(realBinary(s, 'le', q(1n, 2n), choice(q(0n), q(1n)))).toBe(s.not(c));
  });

  it('is left alone when a branch or the other side is not constant', () => {
    const p = s.symbol({ kind: 'real' }, 'p', 'input p');
    expect(realBinary(s, 'le', choice(p, q(0n)), q(1n)).name).toBe('le');
    expect(realBinary(s, 'le', choice(q(1n), q(0n)), p).name).toBe('le');
  });
});

describe('an amount less itself', () => {
  // All of a symbolic part taken (`unfold acc(list(x), k)` held at k) leaves none, so the chunk
  // goes: a part of 0 left beside a nested instance that may alias it was a false alarm.
  it('is 0, and any other difference stays a term', () => {
    const k = s.symbol({ kind: 'real' }, 'k', 'input k');
    const j = s.symbol({ kind: 'real' }, 'j', 'input j');
    expect(realBinary(s, 'sub', k, k)).toBe(q(0n));
    expect(realBinary(s, 'sub', k, j).name).toBe('sub');
  });
});

describe('an amount times a constant (a quantified chunk of a fragment at a part)', () => {
  it('folds into constants and branches, and a half taken back at write is the function again', () => {
    const half = rational(1n, 2n);
    expect(scaleReal(s, choice(q(1n), q(0n)), half)).toBe(choice(q(1n, 2n), q(0n)));
    expect(scaleReal(s, scaleReal(s, choice(q(1n), q(0n)), half), rational(2n))).toBe(choice(q(1n), q(0n)));
    const p = s.symbol({ kind: 'real' }, 'p', 'input p');
    const once = scaleReal(s, p, half);
    expect(scaleReal(s, once, rational(2n))).toBe(p);
    expect(scaleReal(s, realBinary(s, 'add', p, q(1n)), half)).toBe(realBinary(s, 'add', once, q(1n, 2n)));
  });
});
