// Array return values (issue 8 follow-up): a result of type T[] (or T[][]) starts as the empty
// array, like any other result at its type's default, in explore mode (the callee's frame),
// modular mode (the procedure checked against its contract) and for the entry procedure.
// Every explore-mode counterexample replays with the concrete interpreter.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import type { VerifyReport } from '../../src/engine/verify/report';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { formatValue } from '../../src/engine/concrete/values';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

type Mode = 'explore' | 'modular';

async function verify(
  source: string,
  mode: Mode,
  entry?: string,
): Promise<{ checked: CheckedProgram; report: VerifyReport }> {
  const { checked, diagnostics } = loadSource(source, 'arrays.sym');
  expect(diagnostics).toEqual([]);
  const r = await verifyProgram(checked!, solver, { mode, entry });
  expect(r.error).toBeUndefined();
  return { checked: checked!, report: r.report };
}

const failuresOf = (r: VerifyReport): string[] => r.failures.map((f) => `${f.kind}@${f.line}`);

const EMPTY = `proc empty() returns (a: int[]) { }
proc main() {
  var a: int[] := empty();
  assert a.length == 0;
}`;

const NESTED = `proc grid() returns (g: u8[][], n: int)
  ensures g.length == 0 && n == 0
{ }
proc rows() returns (r: u8[][])
  ensures r.length == 2 && r[1].length == 2
{ r := [[1], [2, 3]]; }
proc main() {
  var g: u8[][];
  var n: int;
  g, n := grid();
  assert g.length == 0 && n == 0;
  var r := rows();
  assert r[1].length == 2;
  assert r[1][1] == 4;
}`;

describe('array return values start as the empty array', () => {
  it('an unassigned int[] result is [] at the call (explore); modular mode knows only the contract', async () => {
    expect((await verify(EMPTY, 'explore')).report.verdict).toBe('verified');
    // empty() promises nothing, so modular mode cannot know the length at the call.
    expect(failuresOf((await verify(EMPTY, 'modular')).report)).toEqual(['assert@4']);
  });

  for (const mode of ['explore', 'modular'] as const) {
    it(`an unassigned int[] result is [] when the procedure is the entry (${mode})`, async () => {
      const { report } = await verify('proc main() returns (a: int[]) ensures a.length == 0 { }', mode);
      expect(report.verdict).toBe('verified');
      const wrong = await verify('proc main() returns (a: int[]) ensures a.length == 1 { }', mode);
      expect(failuresOf(wrong.report)).toEqual(['postcondition@1']);
    });
  }

  it('arrays of arrays as results, explore: only the wrong element assertion fails, and it replays', async () => {
    const { checked, report } = await verify(NESTED, 'explore');
    expect(failuresOf(report)).toEqual(['assert@14']);
    expect(await replayEveryFailure(solver, checked, 'explore')).toBe(1);
  });

  it('arrays of arrays as results, modular: the contracts are proved and used at the calls', async () => {
    const { report } = await verify(NESTED, 'modular');
    // rows() says nothing about r[1][1]: only that assertion is open.
    expect(failuresOf(report)).toEqual(['assert@14']);
    const { report: grid } = await verify(NESTED, 'modular', 'grid');
    expect(failuresOf(grid)).toEqual(['assert@14']);
  });

  it('a path that returns before assigning its array result returns [] in both engines', async () => {
    const source = `proc pick(k: int) returns (a: int[])
  ensures k > 0 ==> a.length == 0
{
  if (k > 0) { return; }
  a := [k];
}
proc main(k: int) { var a := pick(k); assert a.length == 1; }`;
    for (const mode of ['explore', 'modular'] as const) {
      const { checked, report } = await verify(source, mode);
      expect(failuresOf(report)).toEqual(['assert@7']);
      if (mode === 'explore') {
        expect(report.failures[0].counterexample).toMatchObject({ k: expect.any(Number) });
        expect(await replayEveryFailure(solver, checked, mode)).toBe(1);
      }
    }
    const { checked } = loadSource(source, 'arrays.sym');
    const run = runConcrete(checked!, checked!.procs.get('main')!, new Map([['k', 5n]]));
    expect(run.failure?.kind).toBe('assert');
    expect(formatValue(run.store.get('a')!)).toBe('[]');
  });
});
