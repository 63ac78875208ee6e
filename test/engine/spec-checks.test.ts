// Runtime checks inside specifications (issue 8): a division or index in a `requires`
// (the entry's and a callee's), `ensures`, `invariant`, `assume`, `assert` or `join φ` is
// checked like one in code, in both modes, and the failure is at the operation with a
// counterexample that `symdap run` replays to the same runtime error. Inside quantifiers
// the check is quantified (docs/language.md, Runtime errors).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import type { VerifyReport } from '../../src/engine/verify/report';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

type Mode = 'explore' | 'modular';

async function verify(source: string, mode: Mode): Promise<{ checked: CheckedProgram; report: VerifyReport }> {
  const { checked, diagnostics } = loadSource(source, 'spec.sym');
  expect(diagnostics).toEqual([]);
  return { checked: checked!, report: (await verifyProgram(checked!, solver, { mode })).report };
}

/** The programs of issue 8, each with the operation that must fail (kind, column) on line 1. */
const ISSUE_PROGRAMS: { name: string; source: string; kind: string; column: number; cx: Record<string, unknown> }[] = [
  {
    name: 'invariant',
    kind: 'div-by-zero',
    column: 60,
    cx: { x: 0 },
    source: 'proc main(x: u8) { var i: u8 := 0; while (i < 2) invariant 10 / x >= 0 { i := i + 1; } }',
  },
  {
    name: 'ensures',
    kind: 'div-by-zero',
    column: 26,
    cx: { x: 0 },
    source: 'proc main(x: u8) ensures 10 / x >= 0 { }',
  },
  {
    name: 'callee requires',
    kind: 'div-by-zero',
    column: 24,
    cx: { x: 0 },
    source: 'proc f(x: u8) requires 10 / x >= 0 { }   proc main(x: u8) { f(x); }',
  },
  {
    name: 'invariant index',
    kind: 'out-of-bounds',
    column: 79,
    cx: {},
    source: 'proc main() { var a: u8[] := [1, 2]; var i: int := 0; while (i < 3) invariant a[i] >= 0 { i := i + 1; } }',
  },
  {
    name: 'entry requires',
    kind: 'div-by-zero',
    column: 27,
    cx: { k: 0 },
    source: 'proc main(k: u8) requires 10 / k > 100 { assert k == 0; }',
  },
];

describe('runtime errors inside specifications are failures (issue 8)', () => {
  for (const p of ISSUE_PROGRAMS) {
    for (const mode of ['explore', 'modular'] as const) {
      it(`${p.name} (${mode})`, async () => {
        const { checked, report } = await verify(p.source, mode);
        expect(report.verdict).toBe('failed');
        const f = report.failures.find((x) => x.kind === p.kind);
        expect(f, JSON.stringify(report.failures)).toMatchObject({ kind: p.kind, line: 1, column: p.column });
        if (mode === 'explore') expect(f!.counterexample).toEqual(p.cx);
        expect(await replayEveryFailure(solver, checked, mode)).toBeGreaterThan(0);
      });
    }
  }

  it('a global initialiser is checked before the entry runs', async () => {
    for (const mode of ['explore', 'modular'] as const) {
      const { checked, report } = await verify(
        'var g: int;\nvar h: int := 10 / g;\nproc main() requires h > 1 {\n  assert h > 0;\n}',
        mode,
      );
      expect(report.failures.map((f) => `${f.kind}@${f.line}:${f.column}`)).toEqual(['div-by-zero@2:15']);
      // Modular mode also names h: there every global is an input of the procedure (the initialiser is only checked).
      expect(report.failures[0].counterexample).toEqual(mode === 'explore' ? { g: 0 } : { g: 0, h: expect.anything() });
      expect(await replayEveryFailure(solver, checked, mode)).toBe(1);
    }
  });

  it('an entry requires that divides by zero is not a satisfied requires: k = 0 is no input that reaches the body', async () => {
    const { report } = await verify('proc main(k: u8) requires 10 / k > 100 { assert k == 0; }', 'explore');
    expect(report.failures.map((f) => f.kind)).toEqual(['div-by-zero']);
  });
});

/** A clause of each kind with an unguarded and a guarded partial operation. */
const CLAUSES: { kind: string; bad: string; good: string }[] = [
  {
    kind: 'assume',
    bad: 'proc main(x: int) {\n  assume 100 / x > 1;\n}',
    good: 'proc main(x: int) {\n  assume x != 0 && 100 / x > 1;\n}',
  },
  {
    kind: 'assert',
    bad: 'proc main(x: int) {\n  assert x % x == 0;\n}',
    good: 'proc main(x: int) {\n  assert x == 0 || x % x == 0;\n}',
  },
  {
    kind: 'join φ',
    bad: 'proc main(x: int) {\n  var y: int := 0;\n  if (x > 0) { y := 1; }\n  join 10 / (y - 1) <= 10;\n}',
    good: 'proc main(x: int) {\n  var y: int := 2;\n  if (x > 0) { y := 1; }\n  join y != 1 ==> 10 / (y - 1) <= 10;\n}',
  },
  {
    kind: 'requires',
    bad: 'proc f(a: int[], i: int) requires a[i] > 0 { }\nproc main(a: int[], i: int) {\n  f(a, i);\n}',
    good: 'proc f(a: int[], i: int) requires 0 <= i && i < a.length ==> a[i] > 0 { }\nproc main(a: int[], i: int) {\n  f(a, i);\n}',
  },
  {
    kind: 'ensures',
    bad: 'proc f(a: int[]) returns (r: int)\n  ensures r == a[0] { }\nproc main(a: int[]) {\n  var r: int := f(a);\n}',
    good: 'proc f(a: int[]) returns (r: int)\n  ensures a.length > 0 ? r == 0 : r == a.length { }\nproc main(a: int[]) {\n  var r: int := f(a);\n}',
  },
];

describe('every clause kind checks its operations, guarded by short-circuit operators', () => {
  for (const c of CLAUSES) {
    for (const mode of ['explore', 'modular'] as const) {
      it(`${c.kind} (${mode})`, async () => {
        const bad = await verify(c.bad, mode);
        expect(bad.report.verdict).toBe('failed');
        expect(
          bad.report.failures.some((f) => f.kind === 'div-by-zero' || f.kind === 'out-of-bounds'),
          JSON.stringify(bad.report.failures),
        ).toBe(true);
        expect(await replayEveryFailure(solver, bad.checked, mode)).toBeGreaterThan(0);
        const good = await verify(c.good, mode);
        expect(good.report.failures.filter((f) => f.kind === 'div-by-zero' || f.kind === 'out-of-bounds')).toEqual([]);
      });
    }
  }
});

describe('inside forall/exists the check is quantified over the bound variables', () => {
  const cases: { source: string; kind?: string; column?: number }[] = [
    { source: 'proc main(x: int) requires forall k: int :: 10 / k > x { }', kind: 'div-by-zero', column: 45 },
    { source: 'proc main(x: int) requires exists k: int :: 10 / k > x { }', kind: 'div-by-zero', column: 45 },
    { source: 'proc main(x: int) requires forall k: int :: k != 0 ==> 10 / k < 11 { }' },
    { source: 'proc main(x: int) requires exists k: int :: k != 0 && 10 / k > x { }' },
    { source: 'proc main(a: int[]) { assert forall i: int :: a[i] >= 0 || true; }', kind: 'out-of-bounds', column: 47 },
    {
      source:
        'proc main(a: int[]) { assume forall i: int :: 0 <= i && i < a.length ==> a[i] >= 0; assert a.length > 0 ==> a[0] >= 0; }',
    },
  ];
  for (const c of cases) {
    it(c.source, async () => {
      const { report } = await verify(c.source, 'explore');
      if (c.kind) {
        expect(report.verdict).toBe('failed');
        expect(report.failures.map((f) => ({ kind: f.kind, line: f.line, column: f.column }))).toEqual([
          { kind: c.kind, line: 1, column: c.column },
        ]);
      } else {
        expect(report.verdict).toBe('verified');
      }
    });
  }
});
