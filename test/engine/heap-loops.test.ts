// Heap loops, untouched and element writes through fields with the real Z3 (docs/design.md B.5, E.2,
// seed 001 Fig. 8): a loop invariant's permissions are consumed on entry and at the end of the
// body, the body runs on them alone (the rest is the frame, kept for after the loop);
// `untouched(A)` is checked on leaving and assumed at modular call sites; `l.items[i] := e`
// writes the field's array. Explore-mode counterexamples replay concretely (symdap run --inputs).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { loadSource } from '../../src/lang/frontend';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { replayEveryFailure } from '../support/replay';

type Mode = 'explore' | 'modular';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function failures(source: string, mode: Mode) {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return { verdict: out.report.verdict, failures: out.report.failures.map((f) => `${f.kind}@${f.line}`) };
}

async function replayed(source: string): Promise<number> {
  const { checked } = loadSource(source, 'h.sym');
  return replayEveryFailure(solver, checked!, 'explore');
}

const C = 'class C { var x: int; var y: int; var a: int[]; }\n';

// The invariant holds acc(c.x) only: c.y is the frame, unchanged after the loop.
const COUNT = `${C}proc count(c: C, n: int)
  requires acc(c.x) && acc(c.y) && c.x == 0 && 0 <= n && n <= 3
  ensures acc(c.x) && acc(c.y) && c.x == n && c.y == 5
{
  var k: int := 0;
  c.y := 5;
  while (k < n)
    invariant acc(c.x) && c.x == k && k <= n
  {
    c.x := c.x + 1;
    k := k + 1;
  }
}
`;

describe.each(['explore', 'modular'] as const)('heap loops (%s)', (mode) => {
  test('a loop whose invariant holds a permission verifies, and the frame survives the loop', async () => {
    expect(await failures(COUNT, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('an invariant holding a permission that is not held on entry is a permission failure at the loop', async () => {
    const src = `${C}proc main(c: C, d: C)\n  requires acc(c.x)\n{\n  var k: int := 0;\n  while (k < 2)\n    invariant acc(d.x)\n  {\n    k := k + 1;\n  }\n}\n`;
    expect((await failures(src, mode)).failures).toContain('permission@6');
  });

  test('untouched(A) violated is a postcondition failure at the ensures', async () => {
    const src = `${C}proc bump(c: C)\n  requires acc(c.x)\n  ensures acc(c.x) && untouched(acc(c.x))\n{\n  c.x := c.x + 1;\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'failed', failures: ['postcondition@4'] });
  });

  test('untouched(A) kept holds, and a caller may rely on it', async () => {
    const src =
      `${C}proc look(c: C) returns (r: int)\n  requires acc(c.x)\n  ensures acc(c.x) && untouched(acc(c.x)) && r == c.x\n{\n  r := c.x;\n}\n` +
      `proc main(c: C)\n  requires acc(c.x) && c.x == 3\n{\n  var r: int := look(c);\n  assert c.x == 3 && r == 3;\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test("an element write through a field writes the field's array, with its permission and bounds", async () => {
    const src = `${C}proc main(c: C, i: int)\n  requires acc(c.a) && c.a.length == 3\n{\n  c.a[1] := 7;\n  assert c.a[1] == 7 && c.a.length == 3;\n  c.a[i] := 1;\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'failed', failures: ['out-of-bounds@7'] });
  });

  test('a call result assigned to a field: the receiver before the call, the write (with its permission) after it', async () => {
    const src =
      `${C}proc one(c: C) returns (r: int)\n  requires acc(c.y)\n  ensures acc(c.y) && c.y == old(c.y) && r == c.y + 1\n{\n  r := c.y + 1;\n}\n` +
      `proc main(c: C)\n  requires acc(c.x) && acc(c.y) && c.y == 2\n{\n  c.x := one(c);\n  assert c.x == 3;\n  var d: C := new C;\n  d.y := 4;\n  d.x := one(d);\n  assert d.x == 5 && c.x == 3;\n  c.y := one(c);\n  assert c.y == 3;\n  var e: C := null;\n  e.x := one(c);\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'failed', failures: ['permission@20'] });
  });
});

describe('heap loops in modular mode', () => {
  test('a body that reads a field the invariant forgot fails for the permission, in the body', async () => {
    const src = `${C}proc main(c: C, n: int)\n  requires acc(c.x) && n >= 0\n{\n  var k: int := 0;\n  while (k < n)\n    invariant k <= n\n  {\n    c.x := c.x + 1;\n    k := k + 1;\n  }\n}\n`;
    expect((await failures(src, 'modular')).failures).toEqual(['permission@9']);
  });

  test('a body that gives its permission away does not preserve the invariant: a permission failure at the loop', async () => {
    const src =
      `${C}proc take(c: C)\n  requires acc(c.x)\n{\n}\n` +
      `proc main(c: C, n: int)\n  requires acc(c.x) && n >= 0\n{\n  var k: int := 0;\n  while (k < n)\n    invariant acc(c.x) && k <= n\n  {\n    take(c);\n    k := k + 1;\n  }\n}\n`;
    expect((await failures(src, 'modular')).failures).toEqual(['permission@10']);
  });

  test('a pure invariant not preserved is an invariant failure at its line', async () => {
    const src = COUNT.replace('c.x := c.x + 1;', 'c.x := c.x + 2;');
    expect((await failures(src, 'modular')).failures).toContain('invariant@9');
  });
});

describe('counterexamples replay concretely', () => {
  test('untouched violated', async () => {
    const untouched = `${C}proc main(c: C)\n  requires acc(c.x)\n  ensures acc(c.x) && untouched(acc(c.x))\n{\n  if (c.x > 2) { c.x := 0; }\n}\n`;
    expect(await replayed(untouched)).toBe(1);
  }, 60_000);
});
