// Generational search (SAGE) and concolic runs, with the real engine and Z3: the `top`
// example's failure is found from the all-zero input and from a seed; the search stops at its
// budget (unknown) or runs every feasible path (verified); a bad seed is refused; and every
// input it generates, on every sample, replays with the concrete interpreter (as
// `symdap run --inputs` does) to the outcome the concolic run reported.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/verify/entry';
import { verifyGenerational } from '../../src/engine/verify/verifyGenerational';
import { generationalSearch } from '../../src/engine/concolic/generational';
import { CONCOLIC_BOUNDS } from '../../src/engine/concolic/concolicRun';
import { DEFAULT_OPTIONS } from '../../src/engine/rules/context';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { hasSynth, optionsFromArgs, readSample, sampleFiles, SAMPLES_DIR } from '../support/samples';
import { outcome, replay } from '../support/replay';
import { join } from 'node:path';
import { coverageReport, type CoverageReport } from '../../src/engine/explore/coverage';
import type { CheckedProgram } from '../../src/lang/checked';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const load = (rel: string) => {
  const s = readSample(join(SAMPLES_DIR, rel));
  return loadSource(s.source, s.name).checked!;
};

describe('generational search', () => {
  it("finds the cnt >= 3 failure of SAGE's top example from the all-zero input, after several generations", async () => {
    const { report, tests } = await verifyGenerational(load('concolic/sage_top.sym'), solver, {});
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => `${f.line} ${f.kind}`)).toEqual(['19 assert']);
    const first = report.search!.firstFailureRun!;
    // The seed matches no byte; children of one generation match one more: three generations at least.
    expect(first).toBeGreaterThan(1 + 4);
    expect(tests[0].inputs).toEqual({ c0: 0, c1: 0, c2: 0, c3: 0 });
    expect(tests[first - 1].status).toBe('failed');
    const cx = tests[first - 1].inputs as Record<string, number>;
    expect([cx.c0 === 98, cx.c1 === 97, cx.c2 === 100, cx.c3 === 33].filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(report.coverage).toMatchObject({
      statements: { covered: 7, total: 7 },
      branches: { covered: 10, total: 10 },
    });
  }, 60_000);

  it('scores each run by the coverage it adds first, and numbers generations from the seed', async () => {
    const checked = load('concolic/sage_top.sym');
    const proc = resolveEntry(checked).proc!;
    const result = await generationalSearch(checked, proc, solver, {
      runs: 100,
      engine: { ...DEFAULT_OPTIONS, ...CONCOLIC_BOUNDS },
    });
    // Every line and branch side is new exactly once: the scores add up to what the search covered.
    expect(result.runs.reduce((n, r) => n + r.score, 0)).toBe(result.coverage.lines.size + result.coverage.sides.size);
    expect(result.runs[0]).toMatchObject({ run: 1, generation: 0 });
    expect(result.runs[0].score).toBeGreaterThan(0);
    // From all zeros, generation g matches at most g bytes of "bad!".
    for (const r of result.runs) {
      const cx = r.inputs as Record<string, number>;
      expect([cx.c0 === 98, cx.c1 === 97, cx.c2 === 100, cx.c3 === 33].filter(Boolean).length).toBeLessThanOrEqual(
        r.generation,
      );
    }
  }, 60_000);

  it('a failing seed fails on the first run', async () => {
    const { report } = await verifyGenerational(load('concolic/sage_top.sym'), solver, {
      seed: { c0: 98, c1: 97, c2: 0, c3: 33 },
    });
    expect(report.search).toEqual({ searcher: 'generational', runs: expect.any(Number), firstFailureRun: 1 });
  }, 60_000);

  it('runs every feasible path of a bounded loop and then says verified; a smaller budget says unknown', async () => {
    const checked = load('concolic/power.sym');
    const full = await verifyGenerational(checked, solver, {});
    expect(full.report.verdict).toBe('verified');
    // x <= 0, then x = 1 … 6: one run per trip count.
    expect(full.report.search!.runs).toBe(7);
    expect(full.tests.map((t) => Math.max(0, Number(t.inputs.x))).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const cut = await verifyGenerational(checked, solver, { runs: 3 });
    expect(cut.report.verdict).toBe('unknown');
    expect(cut.report.search!.runs).toBe(3);
    expect(cut.report.notes).toContain(
      'generational search stopped at its budget of 3 runs with inputs left to expand',
    );
  }, 60_000);

  it("a seed that does not fit the program is refused with the input parser's message", async () => {
    const out = await verifyGenerational(load('concolic/sage_top.sym'), solver, { seed: { c0: 300 } });
    expect(out.error).toBe('seed: input c0 = 300 does not fit u8');
  });

  it('objects: from a = null it solves the requires, then flips the aliasing a == b and k == 7', async () => {
    const { report, tests } = await verifyGenerational(load('concolic/alias_cells.sym'), solver, {});
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => `${f.line} ${f.kind}`)).toEqual(['22 assert']);
    // The all-zero seed violates requires acc(a.x): infeasible, not a failure.
    expect(tests[0]).toMatchObject({ status: 'infeasible', inputs: { a: null, b: null, k: 0 } });
    const first = report.search!.firstFailureRun!;
    const cx = tests[first - 1].inputs as Record<string, { '@': number } | number | null>;
    // The failing input names one object twice (aliasing, as input files write it) and k = 7.
    expect(cx.k).toBe(7);
    expect((cx.a as { '@': number })['@']).toBe((cx.b as { '@': number })['@']);
    expect(report.coverage).toMatchObject({ branches: { covered: 4, total: 4 } });
  }, 60_000);

  it('a heap function the inputs do not determine makes the run unknown, not a guessed failure', async () => {
    const { report } = await verifyGenerational(load('heap/list.sym'), solver, {});
    expect(report.verdict).toBe('unknown');
    expect(report.paths.unknown).toBeGreaterThan(0);
    expect(report.failures).toEqual([]);
  }, 60_000);

  it('programs with synth functions are refused with a clear error (no body to run until synthesised)', async () => {
    const out = await verifyGenerational(load('synth/none.sym'), solver, {});
    expect(out.error).toBe(
      "generational search does not support synth functions (synth g); 'symdap run' synthesises them first and runs the repaired program",
    );
  });

  it('an input that violates an assumption ends its run as infeasible, not as a failure', async () => {
    const { checked } = loadSource('proc main(x: int) {\n  assume x > 5;\n  assert x > 3;\n}\n', 'a.sym');
    const { report, tests } = await verifyGenerational(checked!, solver, {});
    expect(tests[0]).toMatchObject({ status: 'infeasible', inputs: { x: 0 } });
    expect(report.failures).toEqual([]);
  }, 30_000);
});

/** The coverage report of one run (statement lines only: the concolic trace also passes a procedure's closing brace). */
function covered(checked: CheckedProgram, lines: Iterable<number>, sides: Iterable<string>): CoverageReport {
  return coverageReport(checked, { lines: new Set(lines), sides: new Set(sides) });
}

describe('every generated input replays concretely to the outcome its concolic run had', () => {
  // Programs with synth functions are refused by the search (see the test above); the rest all take part, objects included.
  const samples = sampleFiles()
    .map(readSample)
    .filter((s) => !s.pending.includes('engine') && s.verdicts.explore && !hasSynth(s));
  const STATUS = { done: 'ok', failed: 'failed', assumeFailed: 'assumeFailed' } as const;
  let totalReplayed = 0;
  it('there are samples to replay, failing ones among them, with objects among them', () => {
    expect(samples.length).toBeGreaterThanOrEqual(10);
    expect(samples.filter((s) => /^\s*class\b/m.test(s.source)).length).toBeGreaterThanOrEqual(5);
  });
  for (const sample of samples) {
    it(
      sample.name,
      async () => {
        const { checked } = loadSource(sample.source, sample.name);
        const args = optionsFromArgs(sample.args);
        const proc = resolveEntry(checked!, args.entry).proc!;
        const engine = {
          ...DEFAULT_OPTIONS,
          ...CONCOLIC_BOUNDS,
          ...(args.loopBound ? { loopBound: args.loopBound } : {}),
        };
        const result = await generationalSearch(checked!, proc, solver, { runs: 25, engine });
        let replayed = 0;
        for (const r of result.runs) {
          const expected = r.result.outcome;
          if (expected === 'bounded' || expected === 'unknown') continue;
          const f = r.result.state.failure;
          // A concrete run checks no permissions (docs/language.md): a permission failure has no concrete counterpart.
          if (f?.kind === 'permission') continue;
          const want = {
            status: STATUS[expected],
            ...(expected === 'failed' ? { kind: f!.kind, line: f!.span.line } : {}),
          };
          const again = replay(checked!, proc, r.inputs);
          expect(outcome(again), `run ${r.run}: ${JSON.stringify(r.inputs)}`).toEqual(want);
          // `symdap run --coverage` reports what the concolic run covered: the same lines and branch sides.
          expect(covered(checked!, again.run.trace, again.run.sides), `coverage of run ${r.run}`).toEqual(
            covered(checked!, r.result.coverage.lines, r.result.coverage.sides),
          );
          replayed++;
        }
        // Runs the inputs cannot decide (a heap function, list.sym) or that fail a permission leave nothing to replay: the total is checked below.
        totalReplayed += replayed;
        if (sample.verdicts.generational === 'failed')
          expect(result.runs.some((r) => r.result.outcome === 'failed')).toBe(true);
      },
      120_000,
    );
  }
  it('replayed many generated inputs in all', () => {
    expect(totalReplayed).toBeGreaterThanOrEqual(50);
  });
});
