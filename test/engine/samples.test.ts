// Every sample gives the verdict (and the failures) its header comment states, in explore
// mode and, where stated, in modular mode — with the real parser, checker, engine and Z3.
// A sample marked `@pending engine` (heap features the symbolic engine lacks, rules/heap/heapGuard.ts) must
// parse and type-check, and the engine must refuse it with one clear error; its verdicts wait.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { verifySource } from '../../src/engine/verify/verifySource';
import { formatDiagnostic } from '../../src/lang/diagnostics';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { verifyGenerational } from '../../src/engine/verify/verifyGenerational';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

describe('samples give the verdicts their headers state', () => {
  for (const file of sampleFiles()) {
    const sample = readSample(file);
    if (sample.pending.includes('engine')) {
      it(`${sample.name}: checks, and the engine refuses it cleanly (verdicts pending)`, async () => {
        expect(loadSource(sample.source, sample.name).diagnostics).toEqual([]);
        const out = await verifySource(sample.source, sample.name);
        expect(out.report.verdict).toBe('error');
        expect(out.diagnostics.map(formatDiagnostic)).toEqual([
          expect.stringMatching(
            new RegExp(
              `^${sample.name}:\\d+:\\d+: error: the symbolic engine does not support [a-z, -]+ yet \\([a-z]+( \\w+)?\\)$`,
            ),
          ),
        ]);
      });
      continue;
    }
    for (const mode of ['explore', 'modular'] as const) {
      const expected = sample.verdicts[mode];
      if (!expected) continue;
      it(`${sample.name} (${mode}): ${expected}`, async () => {
        const { checked, diagnostics } = loadSource(sample.source, sample.name);
        expect(diagnostics).toEqual([]);
        const { report } = await verifyProgram(checked!, solver, { mode, ...optionsFromArgs(sample.args) });
        const summary = report.failures.map((f) => `${f.line} ${f.kind}`);
        expect({ verdict: report.verdict, notes: report.notes, failures: summary }).toMatchObject({
          verdict: expected,
        });
        if (mode === 'explore') {
          expect(summary.sort()).toEqual(sample.failures.map((f) => `${f.line} ${f.kind}`).sort());
        }
      }, 240_000); // synth samples solve modulo a grammar: slow on a loaded machine
    }
    const generational = sample.verdicts.generational;
    if (generational) {
      it(`${sample.name} (generational): ${generational}`, async () => {
        const { checked } = loadSource(sample.source, sample.name);
        const { report } = await verifyGenerational(checked!, solver, optionsFromArgs(sample.args));
        expect(report.verdict).toBe(generational);
        // A search that fails finds failures the exploration finds too (it may stop before finding all).
        const expected = sample.failures.map((f) => `${f.line} ${f.kind}`);
        for (const f of report.failures) expect(expected).toContain(`${f.line} ${f.kind}`);
      });
    }
  }
});
