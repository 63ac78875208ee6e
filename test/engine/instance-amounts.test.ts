// Parts of predicate instances as plain data (engine/state/instanceAmounts.ts, docs/design.md
// "Fractions of predicate instances"): a fragment is held at its instance's part, splitting and
// rejoining scale it exactly, an inexact part only ever scales down, and the Heap scope names a
// part `acc(q(x), 1/2)`.

import { describe, expect, it } from 'vitest';
import { TermStore } from '../../src/engine/terms/store';
import { INT_SORT, REF_SORT } from '../../src/engine/terms/term';
import { exactly, printAmount, WILDCARD } from '../../src/engine/state/amounts';
import { rational } from '../../src/lang/rational';
import { instanceAt, splitInstance } from '../../src/engine/state/instanceAmounts';
import { chunkName } from '../../src/adapter/runtime/heapView';
import type { FieldChunk, PredChunk } from '../../src/engine/state/chunks';
import { chunkVar, type QuantChunk } from '../../src/engine/state/quantifiedChunks';
import { printTerm } from '../../src/engine/terms/print';
import { realLit } from '../../src/engine/terms/reals';

const half = exactly(rational(1n, 2n));
const quarter = exactly(rational(1n, 4n));

function cell(): { c: PredChunk; T: TermStore } {
  const T = new TermStore();
  const x = T.symbol(REF_SORT, 'x', 'test');
  const field: FieldChunk = {
    kind: 'field',
    receiver: x,
    field: 'f',
    value: T.symbol(INT_SORT, 'x.f', 'test'),
    origin: { reason: 'test' },
  };
  return { T, c: { kind: 'pred', name: 'cell', args: [x], fragment: [field], origin: { reason: 'test' } } };
}

const fieldAmount = (c: PredChunk): string => printAmount((c.fragment![0] as FieldChunk).amount);

describe('parts of a predicate instance', () => {
  it('a part holds its body at that part; taking a quarter of a half leaves a quarter', () => {
    const { c, T } = cell();
    const h = instanceAt(T, c, half);
    expect(printAmount(h.amount)).toBe('1/2');
    expect(fieldAmount(h)).toBe('1/2');
    const { heap, part } = splitInstance(T, [h], h, quarter);
    expect(fieldAmount(part)).toBe('1/4');
    expect(fieldAmount(heap[0] as PredChunk)).toBe('1/4');
    expect(fieldAmount(instanceAt(T, part, exactly(rational(1n))))).toBe('write');
  });

  it('taking all of an instance leaves nothing; a wildcard part scales down to some part', () => {
    const { c, T } = cell();
    expect(splitInstance(T, [c], c, undefined).heap).toEqual([]);
    const w = instanceAt(T, c, WILDCARD);
    expect(fieldAmount(w)).toBe('wildcard');
    // From a wildcard to a half is not known to be more: the body stays at "some part".
    expect(fieldAmount(instanceAt(T, w, half))).toBe('wildcard');
  });

  it('a quantified chunk in a fragment has its amount function scaled; at a wildcard, by a positive factor below one', () => {
    const T = new TermStore();
    const R = chunkVar(T);
    const q: QuantChunk = {
      kind: 'qfield',
      field: 'f',
      perm: T.ite(T.eq(R, T.symbol(REF_SORT, 'x', 'test')), realLit(T, rational(1n)), realLit(T, rational(0n))),
      value: T.app('val', [R], INT_SORT),
      origin: { reason: 'test' },
    };
    const c: PredChunk = { kind: 'pred', name: 'P', args: [], fragment: [q], origin: { reason: 'test' } };
    const perm = (p: PredChunk): string => printTerm((p.fragment![0] as QuantChunk).perm);
    const h = instanceAt(T, c, half);
    expect(perm(h)).toContain('1/2');
    // Rejoined to write, the function is the one held before.
    expect(perm(instanceAt(T, h, exactly(rational(1n))))).toBe(perm(c));
    // From a wildcard to a wildcard: a fraction of what the part held, never all of it.
    const w = instanceAt(T, c, WILDCARD);
    const again = instanceAt(T, w, WILDCARD);
    expect(perm(again)).not.toBe(perm(w));
    const factor = (again.fragment![0] as QuantChunk).perm.args[1];
    expect(T.keyed.factsFor([factor]).map((t) => printTerm(t))).toEqual([expect.stringContaining('<')]);
  });

  it('the Heap scope names a part acc(q(x), p) and a whole instance q(x)', () => {
    const { c, T } = cell();
    const names = new Map([[c.args[0].id, ['x']]]);
    expect(chunkName(c, names)).toBe('cell(x)');
    expect(chunkName(instanceAt(T, c, half), names)).toBe('acc(cell(x), 1/2)');
  });
});
