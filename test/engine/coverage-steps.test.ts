// Coverage is collected per step (coverage.ts), not by reading every ended path's trace:
// on every sample, in both modes, the lines it reports executed must be exactly the lines on
// the traces of the paths that ended or merged at a join (the definition), and a parallel
// split must not change them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { SymbolicRun } from '../../src/engine/verify/run';
import { DEFAULT_RUN_OPTIONS } from '../../src/engine/verify/run';
import { collectCoverage, coverageReport } from '../../src/engine/explore/coverage';
import { rootProcs } from '../../src/engine/verify/verify';
import { resolveEntry } from '../../src/engine/verify/entry';
import { traceLines } from '../../src/engine/state/state';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { optionsFromArgs, readSample, sampleFiles } from '../support/samples';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const samples = sampleFiles()
  .map(readSample)
  .filter((s) => !s.pending.includes('engine'));

async function linesBothWays(
  source: string,
  name: string,
  mode: 'explore' | 'modular',
  args: ReturnType<typeof optionsFromArgs>,
) {
  const { checked } = loadSource(source, name);
  const entry = checked && resolveEntry(checked).proc;
  if (!checked || !entry) return undefined;
  const run = new SymbolicRun(checked, solver, { ...DEFAULT_RUN_OPTIONS, ...args, mode, retain: false });
  const perStep = collectCoverage(run.tree);
  const ended = new Set<number>();
  run.tree.listen({
    onEnded: (n) => traceLines(n.state.trace).forEach((l) => ended.add(l)),
    onExpanded: (n, kids) => {
      if (kids.length === 1 && kids[0].label.kind === 'join') traceLines(n.state.trace).forEach((l) => ended.add(l));
    },
  });
  for (const p of rootProcs(checked, mode, entry)) await run.start(p);
  await run.run();
  return {
    perStep: [...perStep.lines].sort((a, b) => a - b),
    ended: [...ended].sort((a, b) => a - b),
    report: coverageReport(checked, perStep),
  };
}

describe('coverage collected per step', () => {
  it('runs on enough samples', () => expect(samples.length).toBeGreaterThanOrEqual(10));
  for (const sample of samples) {
    for (const mode of ['explore', 'modular'] as const) {
      if (sample.verdicts[mode] === undefined) continue;
      it(`${sample.name} (${mode})`, async () => {
        const out = await linesBothWays(sample.source, sample.name, mode, optionsFromArgs(sample.args));
        expect(out).toBeDefined();
        expect(out!.perStep).toEqual(out!.ended);
        // A run that executed anything covers some line.
        if (out!.ended.length > 0) expect(out!.report.statements.covered).toBeGreaterThan(0);
      });
    }
  }
});
