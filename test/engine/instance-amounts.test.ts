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
    const { c } = cell();
    const h = instanceAt(c, half);
    expect(printAmount(h.amount)).toBe('1/2');
    expect(fieldAmount(h)).toBe('1/2');
    const { heap, part } = splitInstance([h], h, quarter);
    expect(fieldAmount(part)).toBe('1/4');
    expect(fieldAmount(heap[0] as PredChunk)).toBe('1/4');
    expect(fieldAmount(instanceAt(part, exactly(rational(1n))))).toBe('write');
  });

  it('taking all of an instance leaves nothing; a wildcard part scales down to some part', () => {
    const { c } = cell();
    expect(splitInstance([c], c, undefined).heap).toEqual([]);
    const w = instanceAt(c, WILDCARD);
    expect(fieldAmount(w)).toBe('wildcard');
    // From a wildcard to a half is not known to be more: the body stays at "some part".
    expect(fieldAmount(instanceAt(w, half))).toBe('wildcard');
  });

  it('the Heap scope names a part acc(q(x), p) and a whole instance q(x)', () => {
    const { c } = cell();
    const names = new Map([[c.args[0].id, ['x']]]);
    expect(chunkName(c, names)).toBe('cell(x)');
    expect(chunkName(instanceAt(c, half), names)).toBe('acc(cell(x), 1/2)');
  });
});
