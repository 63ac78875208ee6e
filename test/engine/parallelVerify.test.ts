// verify --jobs on the engine side: a run split into subtrees explored by worker threads
// (each with its own Z3) must give the verdict, failures (site, message, number of failing
// paths, trace and counterexample of the first failing path) and path counts of one job.
// The split is forced down to one subtree per live path, and every lane started at once, so that
// small programs split too.

import { describe, expect, it } from 'vitest';
import { verifySource, type VerifySourceOptions } from '../../src/engine/verify/verifySource';
import { verifySourceJobs } from '../../src/engine/parallel/verifyParallel';
import type { VerifyReport } from '../../src/engine/verify/report';
import { optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { generateProgram } from '../support/programGen';

/** Everything but the timings and solver figures, which depend on how the work was shared (coverage included). */
function outcome(r: VerifyReport) {
  return {
    verdict: r.verdict,
    paths: r.paths,
    failures: r.failures,
    notes: r.notes,
    diagnostics: r.diagnostics,
    coverage: r.coverage,
  };
}

async function compare(source: string, file: string, opts: VerifySourceOptions) {
  const one = await verifySource(source, file, opts);
  const two = await verifySourceJobs(source, file, opts, 2, { tasksPerJob: 1, laneStart: 'now' });
  expect(outcome(two.report)).toEqual(outcome(one.report));
  expect(two.error).toEqual(one.error);
  return two.parallel;
}

describe('verify --jobs 2 = --jobs 1', () => {
  const runs = sampleFiles()
    .map(readSample)
    .filter((s) => s.pending.length === 0)
    .flatMap((s) => (Object.keys(s.verdicts) as ('explore' | 'modular')[]).map((mode) => [s.name, mode, s] as const));
  let split = 0;

  it.each(runs)(
    'sample %s (%s)',
    async (_name, mode, s) => {
      const p = await compare(s.source, s.path, { ...optionsFromArgs(s.args), mode });
      split += p.subtrees;
    },
    120_000,
  );

  it('the samples were really split across workers', () => {
    expect(runs.length).toBeGreaterThan(10);
    expect(split).toBeGreaterThan(0);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'generated program %i',
    async (seed) => {
      const { source } = generateProgram(seed, { asserts: true, partial: true, statements: 10 });
      await compare(source, `gen${seed}.sym`, {});
    },
    120_000,
  );

  it('a program with 64 paths is split into subtrees and counts every path once', async () => {
    const source = `proc main(a: int, b: int, c: int, d: int, e: int, f: int) {\n  var s: int := 0;\n${[
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]
      .map((x) => `  if (${x} > 0) { s := s + 1; }\n`)
      .join('')}  assert s < 6;\n}\n`;
    const two = await verifySourceJobs(source, 'six.sym', {}, 2, { laneStart: 'now' });
    // Which lanes took subtrees is a race (the worker loads while this thread explores): parallelLanes.test.ts waits for it.
    expect(two.parallel.subtrees).toBeGreaterThanOrEqual(16);
    expect(two.report.paths).toEqual({ total: 64, completed: 63, failed: 1, infeasible: 0, bounded: 0, unknown: 0 });
    expect(two.report.failures.map((f) => [f.line, f.paths, f.counterexample])).toEqual([
      [9, 1, { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 }],
    ]);
  }, 120_000);

  it('a small run keeps its other lanes unstarted (a new thread would cost more than it saves) and says so', async () => {
    const source = `proc main(a: int, b: int, c: int, d: int, e: int, f: int) {\n  var s: int := 0;\n${[
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]
      .map((x) => `  if (${x} > 0) { s := s + 1; }\n`)
      .join('')}  assert s < 6;\n}\n`;
    const r = await verifySourceJobs(source, 'six.sym', {}, 2, { laneStart: 'when-worth-it' });
    expect(r.parallel).toEqual({
      jobs: 1,
      subtrees: 16,
      fallback: expect.stringMatching(/^the work left never reached the [0-9.]+ s that pays for another thread/),
    });
    expect(r.report.paths.total).toBe(64);
  }, 120_000);

  it('a program with joins stays in one thread and says why', async () => {
    const source = 'proc main(x: int) {\n  var s: int := 0;\n  if (x > 0) { s := 1; }\n  join;\n  assert s <= 1;\n}\n';
    const r = await verifySourceJobs(source, 'join.sym', {}, 2, { tasksPerJob: 1 });
    expect(r.parallel).toEqual({ jobs: 1, subtrees: 0, fallback: expect.stringMatching(/join/) });
    expect(r.report.verdict).toBe('verified');
  });
});
