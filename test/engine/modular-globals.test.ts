// Modular mode verifies each procedure for arbitrary globals, those its `requires` allows
// (docs/language.md, Loops, invariants and calls): a global's initializer says where a run
// starts, which only explore mode and `symdap run` execute. Before the fix modular mode
// started every procedure from the initial values, so `ensures g == 0` of a procedure that
// is called after `g := 1` verified (unsound).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import type { VerifyReport } from '../../src/engine/verify/report';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { runConcrete } from '../../src/engine/concrete/interpreter';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function verify(source: string, mode: 'explore' | 'modular', entry?: string): Promise<VerifyReport> {
  const { checked, diagnostics } = loadSource(source, 'globals.sym');
  expect(diagnostics).toEqual([]);
  const r = await verifyProgram(checked!, solver, { mode, entry });
  expect(r.error).toBeUndefined();
  return r.report;
}

const failuresOf = (r: VerifyReport): string[] => r.failures.map((f) => `${f.kind}@${f.line}`);

const CALLED_LATER = `var g: int := 0;
proc p() ensures g == 0 { }
proc main() { g := 1; p(); }`;

describe('modular mode: globals are arbitrary in every procedure', () => {
  it('ensures g == 0 of a procedure that does not set g fails in modular mode, and a run shows it', async () => {
    const report = await verify(CALLED_LATER, 'modular');
    expect(failuresOf(report)).toEqual(['postcondition@2']);
    expect(report.failures[0].counterexample).toEqual({ g: expect.any(Number) });
    expect(report.failures[0].counterexample.g).not.toBe(0);
    // The run that the modular failure warns of: main sets g to 1, then p's ensures fails.
    const { checked } = loadSource(CALLED_LATER, 'globals.sym');
    const run = runConcrete(checked!, checked!.procs.get('main')!, new Map());
    expect([run.status, run.failure?.kind, run.failure?.span.line]).toEqual(['failed', 'postcondition', 2]);
    // Explore mode runs main, and so finds the same failure.
    expect(failuresOf(await verify(CALLED_LATER, 'explore'))).toEqual(['postcondition@2']);
  });

  it('a requires on the global restores the proof, and the call site then checks it', async () => {
    const source = `var g: int := 0;
proc p() requires g == 0 ensures g == 0 { }
proc main() { g := 1; p(); }`;
    expect(failuresOf(await verify(source, 'modular'))).toEqual(['precondition@3']);
  });

  it('the entry procedure is not verified from the initial values either', async () => {
    const source = `var count: int := 5;
proc main() { assert count == 5; }`;
    expect(failuresOf(await verify(source, 'explore'))).toEqual([]);
    expect(failuresOf(await verify(source, 'modular'))).toEqual(['assert@2']);
  });

  it('a global the procedure assigns before reading is fine, and old(g) is the arbitrary value on entry', async () => {
    const source = `var g: int := 7;
proc bump() returns (r: int) ensures g == old(g) + 1 && r == old(g) { r := g; g := g + 1; }
proc reset() ensures g == 0 { g := 0; }
proc main() { reset(); var a := bump(); assert a == 0 && g == 1; }`;
    expect(failuresOf(await verify(source, 'modular'))).toEqual([]);
    expect(failuresOf(await verify(source, 'explore'))).toEqual([]);
  });

  it('the runtime checks of the initializers are still made in modular mode', async () => {
    const source = `var d: int := 0;
var q: int := 10 / d;
proc main() { }`;
    expect(failuresOf(await verify(source, 'modular'))).toEqual(['div-by-zero@2']);
  });
});
