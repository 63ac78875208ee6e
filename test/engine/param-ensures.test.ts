// A parameter in `ensures` denotes its value on entry (JML; docs/language.md, Procedures):
// explore mode's check at the return, modular mode's check of the procedure and its assumption
// at call sites, and the concrete interpreter all read it so, and agree on every program here.
// Before the fix, modular mode verified `ensures r == x` after `x := x + 1; r := x;` (unsound).
// Every case runs again with an unused class declared on its first line: a program with classes
// runs with a heap, and until issue 21 that route read parameters in `ensures` at their final values.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { arrayValue, type ConcreteValue } from '../../src/engine/concrete/values';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

function load(source: string): CheckedProgram {
  const { checked, diagnostics } = loadSource(source, 'ensures.sym');
  expect(diagnostics).toEqual([]);
  return checked!;
}

async function failures(checked: CheckedProgram, mode: 'explore' | 'modular', entry?: string): Promise<string[]> {
  const r = await verifyProgram(checked, solver, { mode, entry });
  expect(r.error).toBeUndefined();
  return r.report.failures.map((f) => `${f.kind}@${f.line}`);
}

function run(checked: CheckedProgram, entry: string, inputs: Record<string, ConcreteValue> = {}): string {
  const r = runConcrete(checked, checked.procs.get(entry)!, new Map(Object.entries(inputs)));
  return r.status === 'failed' ? `${r.failure!.kind}@${r.failure!.span.line}` : r.status;
}

interface Case {
  readonly name: string;
  readonly source: string;
  readonly entry: string;
  /** The failures of both modes (the same here: every callee's contract is what its caller needs). */
  readonly failures: string[];
  /** Concrete runs of the entry and what each ends in. */
  readonly runs: [Record<string, ConcreteValue>, string][];
}

const CASES: Case[] = [
  {
    name: 'an assigned parameter: ensures reads the argument, so r == x fails',
    source: 'proc f(x: int) returns (r: int) ensures r == x { x := x + 1; r := x; }',
    entry: 'f',
    failures: ['postcondition@1'],
    runs: [
      [{ x: 0n }, 'postcondition@1'],
      [{ x: -7n }, 'postcondition@1'],
    ],
  },
  {
    name: 'an assigned parameter: r == x + 1 holds',
    source: 'proc f(x: int) returns (r: int) ensures r == x + 1 && r == old(x) + 1 { x := x + 1; r := x; }',
    entry: 'f',
    failures: [],
    runs: [
      [{ x: 0n }, 'ok'],
      [{ x: 41n }, 'ok'],
    ],
  },
  {
    name: 'the caller relies on the contract with the argument it passed',
    source: `proc next(x: int) returns (r: int)
  ensures r == x + 1
{
  x := x + 1;
  r := x;
}
proc main(y: int) { var z := next(y); assert z == y + 1; }`,
    entry: 'main',
    failures: [],
    runs: [[{ y: 3n }, 'ok']],
  },
  {
    name: 'a call of a procedure whose ensures reads the parameter as assigned fails at the callee',
    source: `proc twice(x: u8) returns (r: u8)
  ensures r == x
{
  x := x * 2;
  r := x;
}
proc main() { var z := twice(3); }`,
    entry: 'main',
    failures: ['postcondition@2'],
    runs: [[{}, 'postcondition@2']],
  },
  {
    name: "an array parameter: its length in ensures is the argument's",
    source: `proc grow(a: int[]) returns (n: int)
  ensures n == a.length + 1
{
  a := [0, 0, 0];
  n := a.length;
}`,
    entry: 'grow',
    failures: ['postcondition@2'],
    runs: [
      [{ a: arrayValue([1n, 2n]) }, 'ok'],
      [{ a: arrayValue([1n]) }, 'postcondition@2'],
    ],
  },
];

const HEAP_CASES: Case[] = [
  {
    name: 'issue 21: ensures i == 1 after i := 1 fails (i is the argument)',
    source: `proc main(i: int)
  ensures i == 1
{ i := 1; }`,
    entry: 'main',
    failures: ['postcondition@2'],
    runs: [
      [{ i: 0n }, 'postcondition@2'],
      [{ i: 1n }, 'ok'],
    ],
  },
  {
    name: 'issue 21: a caller of a callee that assigns its parameter cannot prove false',
    source: `proc set(i: int)
  ensures i == 1
{ i := 1; }
proc main(k: int) { set(k); assert false; }`,
    entry: 'main',
    failures: ['postcondition@2', 'assert@4'],
    runs: [
      [{ k: 0n }, 'postcondition@2'],
      [{ k: 1n }, 'assert@4'],
    ],
  },
];

/** A reference parameter the body reassigns: ensures is about the object passed, in both modes. */
const REF_SOURCE = `class C { var x: int; }
proc set(a: C, b: C)
  requires acc(a.x) && acc(b.x)
  ensures acc(a.x) && a.x == 7
{
  a := b;
  a.x := 7;
}
proc main() {
  var p: C := new C;
  var q: C := new C;
  p.x := 0;
  set(p, q);
  assert p.x == 7;
}`;

describe('a parameter in ensures denotes its value on entry', () => {
  for (const c of [...CASES, ...HEAP_CASES].flatMap((k) => [k, withUnusedClass(k)])) {
    it(c.name, async () => {
      const checked = load(c.source);
      expect(await failures(checked, 'explore', c.entry)).toEqual(c.failures);
      expect(await failures(checked, 'modular', c.entry)).toEqual(c.failures);
      for (const [inputs, outcome] of c.runs)
        expect(run(checked, c.entry, inputs), Object.keys(inputs).join()).toBe(outcome);
      expect(await replayEveryFailure(solver, checked, 'explore', { entry: c.entry })).toBe(c.failures.length);
    });
  }
});

/** The same case with an unused class on its first line (lines unchanged): the heap route. */
function withUnusedClass(c: Case): Case {
  return { ...c, name: `${c.name} (with an unused class)`, source: `class Unused { var u: int; } ${c.source}` };
}

describe('issue 21: a reassigned reference parameter in ensures', () => {
  it('is checked on the object passed, and the caller assumes it for that object', async () => {
    const checked = load(REF_SOURCE);
    for (const mode of ['explore', 'modular'] as const) {
      expect(await failures(checked, mode, 'main'), mode).toContain('postcondition@4');
    }
    expect(run(checked, 'main')).toBe('postcondition@4');
    expect(await replayEveryFailure(solver, checked, 'explore', { entry: 'main' })).toBeGreaterThan(0);
  });
});
