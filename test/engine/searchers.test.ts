// Searchers change the order of exploration, never its result: depth-first, breadth-first,
// random path and new-coverage first give the same verdict, the same ended paths by status
// and the same failures on every sample (joins included: a join must wait for all paths of
// its activation whatever the order).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { SEARCHERS } from '../../src/engine/explore/searchers';
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
  .filter((s) => s.verdicts.explore !== undefined && !s.pending.includes('engine'));

describe('every searcher explores the same paths', () => {
  it('covers the four searchers and several samples', () => {
    expect([...SEARCHERS].sort()).toEqual(['bfs', 'coverage', 'dfs', 'random']);
    expect(samples.length).toBeGreaterThanOrEqual(8);
  });

  for (const sample of samples) {
    it(
      sample.name,
      async () => {
        const { checked } = loadSource(sample.source, sample.name);
        const outcomes = [];
        for (const searcher of SEARCHERS) {
          const { report } = await verifyProgram(checked!, solver, {
            mode: 'explore',
            searcher,
            ...optionsFromArgs(sample.args),
          });
          outcomes.push({
            searcher,
            verdict: report.verdict,
            paths: report.paths,
            failures: report.failures.map((f) => `${f.kind}@${f.line}:${f.column} on ${f.paths} paths`),
          });
        }
        expect(outcomes[0].verdict).toBe(sample.verdicts.explore);
        const { searcher: _first, ...reference } = outcomes[0];
        for (const o of outcomes) expect(o).toEqual({ ...reference, searcher: o.searcher });
      },
      60_000,
    );
  }
});
