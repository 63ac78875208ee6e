// Synth functions (issue 10, docs/design.md C.11/C.12) with the real parser, checker, engine and Z3:
// the repair sample's 20 paths, answers checked by substituting them and re-verifying (never
// by their text), the synth failure when no function fits, and slicing that keeps every
// constraint on one function together (D.26).

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { verifySource } from '../../src/engine/verify/verifySource';
import { formatDiagnostic } from '../../src/lang/diagnostics';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { substituteSynth } from '../../src/engine/synth/substitute';
import { bufferIO } from '../../src/cli/io';
import { runRun } from '../../src/cli/run';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function verify(source: string, file = 'test.sym') {
  const { checked, diagnostics } = loadSource(source, file);
  expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  return { checked: checked!, report: (await verifyProgram(checked!, solver, { timeoutMs: 120_000 })).report };
}

/** The program with the synthesised bodies written in, verified by the ordinary engine. */
async function substitutedVerdict(source: string, file: string): Promise<string> {
  const { checked, report } = await verify(source, file);
  expect(report.synthesized).toBeDefined();
  const repaired = substituteSynth(source, [...checked.synths.values()], report.synthesized!);
  expect(repaired).not.toContain('synth ');
  return (await verify(repaired, file)).report.verdict;
}

const sample = (name: string) => readFileSync(`samples/synth/${name}.sym`, 'utf8');

describe('synth functions', () => {
  it('repair.sym explores 20 paths instead of 1,024, and its answer repairs the program', async () => {
    const { report } = await verify(sample('repair'), 'repair.sym');
    expect(report.verdict).toBe('verified');
    expect(report.paths).toMatchObject({ total: 20, completed: 1, excluded: 19, failed: 0, infeasible: 0, bounded: 0 });
    expect(report.synthesized?.rho).toMatchObject({ params: ['x', 'i'], depth: 2 });
    const repaired = substituteSynth(
      sample('repair'),
      [...loadSource(sample('repair'), 'r').checked!.synths.values()],
      report.synthesized!,
    );
    expect((await verify(repaired, 'repair.sym')).report).toMatchObject({ verdict: 'verified', paths: { total: 1 } });
  }, 240_000);

  it('search.sym: the predicate found makes search return 1 when substituted', async () => {
    expect(await substitutedVerdict(sample('search'), 'search.sym')).toBe('verified');
  });

  it('none.sym: no function fits, one synth failure at the declaration', async () => {
    const { report } = await verify(sample('none'), 'none.sym');
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => [f.kind, f.line])).toEqual([['synth', 7]]);
    expect(report.failures[0].message).toMatch(
      /no g up to depth 3 makes every check pass \(every complete path fails: assert at line 17\)/,
    );
  });

  it('slicing keeps separate constraints on one function together (D.26): the grammar prunes the branch', async () => {
    const src = `synth g(x: int): int grammar { E: int ::= x | const | E + E | E - E; } depth 3;
proc main() {
  var a: int := g(0);
  var b: int := g(1);
  assume a < b;
  var r: int := 0;
  if (g(1) > g(2)) { r := 1; } else { r := 2; }
  assert r == 2;
}`;
    const { report } = await verify(src);
    // g(0) < g(1) makes g increasing (affine), so g(1) > g(2) is infeasible modulo the grammar.
    expect(report).toMatchObject({ verdict: 'verified', paths: { completed: 1, excluded: 0 } });
  });

  it('symdap run substitutes the synthesised function, so the repaired program replays concretely', async () => {
    const io = bufferIO();
    expect(await runRun(['samples/synth/search.sym'], io)).toBe(0);
    expect(io.stderr()).toMatch(/^synthesized: pred\(x\) = .+\n$/);
    const none = bufferIO();
    expect(await runRun(['samples/synth/none.sym'], none)).toBe(2);
    expect(none.stderr()).toMatch(
      /no synthesised function to run with \(no function in the grammar: no g up to depth 3/,
    );
  });

  it('modular mode is refused with a located error', async () => {
    const out = await verifySource(sample('none'), 'none.sym', { mode: 'modular' });
    expect(out.report.verdict).toBe('error');
    expect(out.diagnostics.map(formatDiagnostic)).toEqual([
      "none.sym:7:7: error: synth functions need --mode explore (synth function 'g'; modular mode would need CEGIS)",
    ]);
  });

  it('symbolic inputs give unknown with a note (v1: concrete tests only)', async () => {
    const src = `synth g(x: int): int grammar { E: int ::= x | const; } depth 1;
proc main(n: int) { var a: int := g(n); assert a == n; }`;
    const { report } = await verify(src);
    expect(report.verdict).toBe('unknown');
    expect(report.notes.join(' ')).toMatch(/needs concrete tests/);
  });
});
