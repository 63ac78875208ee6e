// Conditional permissions (`b ==> acc(…)`, `b ? A1 : A2`) in requires, ensures, invariants and
// assert, outside recursive predicates: produce and consume branch on the test, as Silicon
// does (docs/design.md B.3, B.5). Real Z3, both modes.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const CELL = 'class Cell { var x: int; }\n';

type Mode = 'explore' | 'modular';

async function failures(source: string, mode: Mode) {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`)).toEqual([]);
  return { verdict: out.report.verdict, failures: out.report.failures.map((f) => `${f.kind}@${f.line}: ${f.formula}`) };
}

const SET = `${CELL}proc set(c: Cell, b: bool)
  requires b ==> acc(c.x)
  ensures b ==> acc(c.x) && c.x == 1
{
  if (b) {
    c.x := 1;
  }
}
`;

describe.each(['explore', 'modular'] as const)('conditional permissions (%s)', (mode) => {
  test('a callee with `b ==> acc(c.x)` verifies, and each caller side gets what the test picks', async () => {
    const src = `${SET}proc main(c: Cell)
  requires acc(c.x)
{
  set(c, true);
  assert c.x == 1;
  set(c, false);
  assert c.x == 1;
}
`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('writing without the permission on the side the test denies is a permission failure', async () => {
    const src = `${CELL}proc set(c: Cell, b: bool)
  requires b ==> acc(c.x)
{
  c.x := 1;
}
`;
    const r = await failures(src, mode);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([expect.stringMatching(/^permission@5: /)]);
  });

  test('a caller that cannot give the permission the test asks for fails at the call', async () => {
    const src = `${SET}proc main(c: Cell) {
  set(c, false);
  set(c, true);
}
`;
    const r = await failures(src, mode);
    expect(r.failures).toEqual([expect.stringMatching(/^permission@12: set requires acc\(c\.x\)/)]);
  });

  test('`b ? acc(c.x) : acc(d.x)` takes the chunk of the side the test picks; the other is framed', async () => {
    const src = `${CELL}proc pick(c: Cell, d: Cell, b: bool)
  requires b ? acc(c.x) : acc(d.x)
  ensures b ? acc(c.x) && c.x == 5 : acc(d.x) && d.x == 5
{
  if (b) { c.x := 5; } else { d.x := 5; }
}
proc main(c: Cell, d: Cell, b: bool)
  requires acc(c.x) && acc(d.x) && c.x == 0 && d.x == 0
{
  pick(c, d, b);
  assert b ==> c.x == 5 && d.x == 0;
  assert !b ==> d.x == 5 && c.x == 0;
  assert c.x == 5;
}
`;
    const r = await failures(src, mode);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([expect.stringMatching(/^assert@14: /)]);
  });

  test('an assert with a conditional permission checks the side the test picks', async () => {
    const src = `${CELL}proc main(c: Cell, b: bool)
  requires b ==> acc(c.x)
{
  assert b ==> acc(c.x);
  assert !b ==> acc(c.x);
}
`;
    expect((await failures(src, mode)).failures).toEqual([expect.stringMatching(/^permission@6: /)]);
  });

  test('a loop invariant with a conditional permission frames it', async () => {
    const src = `${CELL}proc main(c: Cell, b: bool)
  requires b ==> acc(c.x) && c.x == 0
{
  var i := 0;
  while (i < 3)
    invariant 0 <= i && i <= 3
    invariant b ==> acc(c.x) && c.x == i
  {
    if (b) { c.x := c.x + 1; }
    i := i + 1;
  }
  assert b ==> c.x == 3;
}
`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('a non-recursive predicate with a conditional body folds and unfolds on either side', async () => {
    const src = `${CELL}predicate maybe(c: Cell, b: bool) {
  b ==> acc(c.x) && c.x > 0
}
proc main(c: Cell, b: bool)
  requires b ==> acc(c.x) && c.x == 1
  ensures maybe(c, b)
{
  fold maybe(c, b);
  unfold maybe(c, b);
  assert b ==> c.x == 1;
  fold maybe(c, b);
}
`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });
});
