// Generational search never says verified where a failure exists (issue 21): a run that
// stops at an assumption gets a child that satisfies it, fields of input objects included,
// and a search that cannot get past an assumption ends `unknown`, not `verified`. Checked on
// the program, on every sample without synth functions and on generated heap
// programs: wherever the default searcher finds a failure, the generational verdict is not
// verified (a failure after a join that no concrete path reaches is no failing run).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyGenerational } from '../../src/engine/verify/verifyGenerational';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { hasSynth, optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { generateHeapProgram } from './heapProgramGenerator';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

function load(source: string, name = 'g.sym'): CheckedProgram {
  const { checked, diagnostics } = loadSource(source, name);
  expect(diagnostics).toEqual([]);
  return checked!;
}

async function verdicts(
  checked: CheckedProgram,
  entry?: string,
  loopBound?: number,
): Promise<{ explore: string; generational: string }> {
  const explore = await verifyProgram(checked, solver, { entry, ...(loopBound ? { loopBound } : {}) });
  const generational = await verifyGenerational(checked, solver, {
    entry,
    runs: 50,
    ...(loopBound ? { loopBound } : {}),
  });
  // A failure after `join φ;` that no concrete path reaches (possibly spurious) is no run that fails.
  const real = explore.report.failures.some((f) => f.afterJoin?.status !== 'possibly-spurious');
  return {
    explore: real ? 'failed' : explore.report.verdict === 'failed' ? 'spurious' : explore.report.verdict,
    generational: generational.report.verdict,
  };
}

describe('issue 21: generational search gets past assumptions over input objects', () => {
  it('requires acc(p.x) && p.x >= 1 { assert false; }: the failure is found', async () => {
    const checked = load(`class C { var x: int; }
proc main(p: C)
  requires acc(p.x) && p.x >= 1
{
  assert false;
}`);
    const r = await verifyGenerational(checked, solver, { runs: 20 });
    expect(r.report.verdict).toBe('failed');
    expect(r.report.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['assert@5']);
  });

  it('an assumption over two fields of two objects is satisfied in one child', async () => {
    const checked = load(`class C { var x: int; var y: int; }
proc main(p: C, q: C)
  requires acc(p.x) && acc(q.y) && p.x >= 3 && q.y == p.x + 4
{
  assert q.y < 7;
}`);
    const r = await verifyGenerational(checked, solver, { runs: 20 });
    expect(r.report.verdict).toBe('failed');
  });

  it('an assumption no input satisfies ends the search verified (every way past it is unsat)', async () => {
    const checked = load(`class C { var x: int; }
proc main(p: C)
  requires acc(p.x) && p.x >= 1 && p.x <= 0
{
  assert false;
}`);
    expect((await verdicts(checked)).generational).toBe('verified');
  });
});

describe('generational search is never verified where the default searcher fails', () => {
  const samples = sampleFiles()
    .map(readSample)
    .filter((s) => !s.pending.includes('engine') && s.verdicts.explore && !hasSynth(s));
  for (const sample of samples) {
    it(
      sample.name,
      async () => {
        const checked = load(sample.source, sample.name);
        const args = optionsFromArgs(sample.args);
        const v = await verdicts(checked, args.entry, args.loopBound);
        if (v.explore === 'failed') expect(v.generational, sample.name).not.toBe('verified');
      },
      120_000,
    );
  }

  it('generated heap programs', { timeout: 600_000 }, async () => {
    let failing = 0;
    for (let seed = 52_001; seed < 52_061; seed++) {
      const program = generateHeapProgram(seed, { statements: 12, joins: false });
      const checked = load(program.source, `heap${seed}.sym`);
      const v = await verdicts(checked, undefined, 4);
      if (v.explore !== 'failed') continue;
      failing++;
      expect(v.generational, `seed ${seed}\n${program.source}`).not.toBe('verified');
    }
    expect(failing).toBeGreaterThan(10);
  });
});
