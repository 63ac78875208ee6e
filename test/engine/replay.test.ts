// Counterexamples are real: every failure the engine finds on a sample (explore mode, no
// `join` statements, whose paths a concrete run can follow) is replayed by the concrete
// interpreter on the counterexample's inputs, read back through the input-file parser, and
// must fail the same way at the same line. Both the report's counterexamples and those of
// every failing path (one leaf per failing path) are replayed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/entry';
import { verifyProgram } from '../../src/engine/verify';
import { counterexample, type Counterexample } from '../../src/engine/counterexample';
import { inputSymbols } from '../../src/engine/state';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { parseInputs } from '../../src/engine/concrete/inputs';
import { inputTypesOf } from '../../src/engine/concrete/havoc';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import type { CheckedProgram } from '../../src/lang/checked';
import type { Proc } from '../../src/lang/ast';
import { optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { exploreLeaves } from '../support/symbolic';

let solver: Solver;
beforeAll(async () => { solver = new PipelineSolver(await Z3WasmBackend.create()); });
afterAll(() => solver?.dispose());

const JOIN_STATEMENT = /^\s*join\b/m;

const samples = sampleFiles().map(readSample)
  .filter((s) => s.verdicts.explore === 'failed' && !JOIN_STATEMENT.test(s.source) && !s.pending.includes('engine'));

/** Runs the program concretely on a counterexample, as `symdap run --inputs` would read it. */
function replay(checked: CheckedProgram, proc: Proc, cx: Counterexample) {
  const parsed = parseInputs(JSON.parse(JSON.stringify(cx)), inputTypesOf(checked, proc));
  expect(parsed.error).toBeUndefined();
  expect(parsed.warnings ?? []).toEqual([]);
  return runConcrete(checked, proc, parsed.inputs!);
}

describe('counterexamples replay concretely to the same failure', () => {
  it('there are failing samples to replay', () => {
    expect(samples.length).toBeGreaterThanOrEqual(5);
  });

  for (const sample of samples) {
    const opts = optionsFromArgs(sample.args);
    it(`${sample.name}: the reported failures`, async () => {
      const { checked } = loadSource(sample.source, sample.name);
      const proc = resolveEntry(checked!, opts.entry).proc!;
      const { report } = await verifyProgram(checked!, solver, { mode: 'explore', ...opts });
      expect(report.failures.length).toBeGreaterThan(0);
      for (const f of report.failures) {
        const r = replay(checked!, proc, f.counterexample);
        const what = `${f.kind} at line ${f.line} with ${JSON.stringify(f.counterexample)}`;
        expect({ status: r.status, kind: r.failure?.kind, line: r.failure?.span.line }, what)
          .toEqual({ status: 'failed', kind: f.kind, line: f.line });
      }
    });

    it(`${sample.name}: every failing path`, async () => {
      const { checked } = loadSource(sample.source, sample.name);
      const proc = resolveEntry(checked!, opts.entry).proc!;
      const { leaves } = await exploreLeaves(checked!, solver, proc, { mode: 'explore', ...opts });
      const failed = leaves.filter((n) => n.state.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const n of failed) {
        const f = n.state.failure!;
        expect(f.modelStatus).toBe('sat');
        const cx = counterexample(inputSymbols(n.state), f.model);
        const r = replay(checked!, proc, cx);
        const what = `${f.kind} at line ${f.span.line} with ${JSON.stringify(cx)}`;
        expect({ status: r.status, kind: r.failure?.kind, line: r.failure?.span.line }, what)
          .toEqual({ status: 'failed', kind: f.kind, line: f.span.line });
      }
    });
  }
});
