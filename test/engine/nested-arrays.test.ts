// Arrays of arrays in verify (issue 8: `var b: int[] := a[i];` was an internal error). Reads,
// element and row writes, havocs of elements, nested array inputs and calls that store into
// nested elements give the verdict a concrete run gives, and their counterexamples replay.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function verify(source: string) {
  const { checked, diagnostics } = loadSource(source, 'nested.sym');
  expect(diagnostics).toEqual([]);
  const { report, error } = await verifyProgram(checked!, solver, { mode: 'explore' });
  expect(error).toBeUndefined();
  return { checked: checked!, report };
}

const failures = (r: { failures: { kind: string; line: number }[] }) =>
  r.failures.map((f) => `${f.kind}@${f.line}`).sort();

describe('arrays of arrays', () => {
  it('the program of issue 8 verifies its reads and reports the out-of-bounds row', async () => {
    const { checked, report } = await verify(`proc main(i: int) {
  var a: int[][] := [[1, 2], [3]];
  var b: int[] := a[i];
  assert b.length == 2 || b[0] == 3;
}`);
    expect(failures(report)).toEqual(['out-of-bounds@3']);
    expect(report.failures[0].counterexample).toHaveProperty('i');
    expect(await replayEveryFailure(solver, checked, 'explore')).toBe(report.paths.failed);
  });

  it('element writes, row writes and element havocs', async () => {
    const { checked, report } = await verify(`proc main(i: int) {
  var a: int[][] := [[1, 2], [3]];
  a[1][0] := 7;
  assert a[1][0] == 7 && a[0][1] == 2 && a[1].length == 1;
  a[0] := [5, 6, 7];
  assert a[0].length == 3 && a[0][2] == 7;
  a[i][1] := *;
  assert a[0][1] != 42;
}`);
    expect(failures(report)).toEqual(['assert@8', 'out-of-bounds@7']);
    expect(await replayEveryFailure(solver, checked, 'explore')).toBe(report.paths.failed);
  });

  it('verified when every access is guarded', async () => {
    const { report } = await verify(`proc main(i: int, j: int) {
  var a: u8[][] := [[1, 2], [], [3, 4, 5]];
  if (0 <= i && i < a.length && 0 <= j && j < a[i].length) {
    a[i][j] := a[i][j] + 1;
    assert a[i][j] != 0 && a[i][j] <= 6;
  }
  assert a[1].length == 0;
}`);
    expect(report.verdict).toBe('verified');
  });

  it('nested array inputs: inner lengths are never negative', async () => {
    const { checked, report } = await verify(`proc main(m: int[][], i: int) {
  assume 0 <= i && i < m.length && m.length < 4;
  assert m[i].length >= 0;
  var r: int[] := m[i];
  assert r.length == 0 || r[0] != 5;
}`);
    expect(failures(report)).toEqual(['assert@5']);
    const cx = report.failures[0].counterexample as { m: number[][]; i: number };
    expect(cx.m[cx.i][0]).toBe(5);
    expect(await replayEveryFailure(solver, checked, 'explore')).toBe(report.paths.failed);
  });

  it('a call result stored into a nested element, joins of nested arrays', async () => {
    const { checked, report } = await verify(`proc two() returns (r: int) { r := 2; }
proc main(c: bool, k: int) {
  var a: int[][] := [[0], [0, 0]];
  if (c) { a[1] := [9]; } else { a[0][0] := 4; }
  join;
  a[1][0] := two();
  assert a[1][0] == 2;
  assert c || a[0][0] == 4;
  assert a[1].length == 2;
  a[k][0] := two();
}`);
    expect(failures(report)).toEqual(['assert@9', 'out-of-bounds@10']);
    expect(await replayEveryFailure(solver, checked, 'explore')).toBe(report.paths.failed);
  });
});
