// A parameter in `ensures` denotes its value on entry (JML; docs/language.md, Procedures):
// explore mode's check at the return, modular mode's check of the procedure and its assumption
// at call sites, and the concrete interpreter all read it so, and agree on every program here.
// Before the fix, modular mode verified `ensures r == x` after `x := x + 1; r := x;` (unsound).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { arrayValue, type ConcreteValue } from '../../src/engine/concrete/values';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => { solver = new PipelineSolver(await Z3WasmBackend.create()); });
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
    entry: 'f', failures: ['postcondition@1'], runs: [[{ x: 0n }, 'postcondition@1'], [{ x: -7n }, 'postcondition@1']],
  },
  {
    name: 'an assigned parameter: r == x + 1 holds',
    source: 'proc f(x: int) returns (r: int) ensures r == x + 1 && r == old(x) + 1 { x := x + 1; r := x; }',
    entry: 'f', failures: [], runs: [[{ x: 0n }, 'ok'], [{ x: 41n }, 'ok']],
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
    entry: 'main', failures: [], runs: [[{ y: 3n }, 'ok']],
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
    entry: 'main', failures: ['postcondition@2'], runs: [[{}, 'postcondition@2']],
  },
  {
    name: 'an array parameter: its length in ensures is the argument\'s',
    source: `proc grow(a: int[]) returns (n: int)
  ensures n == a.length + 1
{
  a := [0, 0, 0];
  n := a.length;
}`,
    entry: 'grow', failures: ['postcondition@2'], runs: [[{ a: arrayValue([1n, 2n]) }, 'ok'], [{ a: arrayValue([1n]) }, 'postcondition@2']],
  },
];

describe('a parameter in ensures denotes its value on entry', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const checked = load(c.source);
      expect(await failures(checked, 'explore', c.entry)).toEqual(c.failures);
      expect(await failures(checked, 'modular', c.entry)).toEqual(c.failures);
      for (const [inputs, outcome] of c.runs) expect(run(checked, c.entry, inputs), Object.keys(inputs).join()).toBe(outcome);
      expect(await replayEveryFailure(solver, checked, 'explore', { entry: c.entry })).toBe(c.failures.length);
    });
  }
});
