// Evaluation order of call assignments (issue 12): left to right, as in Java. The targets'
// array indices are read (and bounds-checked) before the call, whether one target or several,
// in the symbolic engine and in the concrete interpreter alike.

import { describe, expect, test } from 'vitest';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import type { Inputs } from '../../src/engine/concrete/inputs';
import { resolveEntry } from '../../src/engine/verify/entry';
import { verifySource } from '../../src/engine/verify/verifySource';
import { loadSource } from '../../src/lang/frontend';

// `bump` moves the global index i; if a target's index were read after the call, the stores
// would land one element further right and the assertion would fail.
const SOURCE = `var i: int := 0;
proc one() returns (r: int) { i := i + 1; r := 7; }
proc two() returns (r: int, s: int) { i := i + 1; r := 8; s := 9; }
proc main() {
  var a: int[] := [0, 0, 0];
  var b: int := 0;
  a[i] := one();
  a[i], b := two();
  assert i == 2 && a[0] == 7 && a[1] == 8 && a[2] == 0 && b == 9;
}
`;

// An index out of bounds is reported before the call runs (the call would assert false).
const OUT_OF_BOUNDS = `proc boom() returns (r: int, s: int) { assert false; }
proc main() {
  var a: int[] := [0];
  var b: int := 0;
  a[1], b := boom();
}
`;

describe('a[i], b := p() reads its indices before the call, like a[i] := p()', () => {
  test('symbolic engine', async () => {
    const r = await verifySource(SOURCE, 'order.sym');
    expect(r.report.failures).toEqual([]);
    expect(r.report.verdict).toBe('verified');
    const oob = await verifySource(OUT_OF_BOUNDS, 'oob.sym');
    expect(oob.report.failures.map((f) => [f.kind, f.line])).toEqual([['out-of-bounds', 5]]);
  });

  test('concrete interpreter', () => {
    for (const [source, status, line] of [
      [SOURCE, 'ok', undefined],
      [OUT_OF_BOUNDS, 'failed', 5],
    ] as const) {
      const checked = loadSource(source, 'order.sym').checked!;
      const r = runConcrete(checked, resolveEntry(checked).proc!, new Map() as Inputs);
      expect(r.status).toBe(status);
      if (line) expect(r.failure).toMatchObject({ kind: 'out-of-bounds', span: { line } });
    }
  });
});
