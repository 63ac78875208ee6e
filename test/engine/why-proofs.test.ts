// Proof dependencies (issue 25): over every sample that verifies (both modes), each proved
// check's listed facts alone prove it (with the solver's background facts) and dropping any
// one of them makes it fail (the set is minimal); the CLI text and JSON carry them; a
// requires and an assume that no check needs are warned about as `unused`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { proofDependencies, type ProvedCheck } from '../../src/engine/why/proofs';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { hasSynth, optionsFromArgs, readSample, sampleFiles } from '../support/samples';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function checks(source: string, mode: 'explore' | 'modular', extra: { loopBound?: number; entry?: string } = {}) {
  const { checked } = loadSource(source, 'p.sym');
  const seen: ProvedCheck[] = [];
  const out = await proofDependencies(checked!, solver, { mode, ...extra }, (c) => seen.push(c));
  return { ...out, seen };
}

describe('proof dependencies', () => {
  it('name the requires a check needs and warn about the requires and assume it does not', async () => {
    const r = await checks(
      `proc main(x: int, y: int)
  requires x > 0
  requires y > 100
{
  assume x < 50;
  var z: int := x + 1;
  if (z > 10) {
    assert z > 1;
  }
  assert x != 0;
}`,
      'explore',
    );
    expect(r.proofs.map((p) => [p.line, p.dependsOn.map((d) => d.line)])).toEqual([
      [8, [2]],
      [10, [2]],
    ]);
    expect(r.unused.map((w) => [w.kind, w.line])).toEqual([
      ['unused', 3],
      ['unused', 5],
    ]);
  });

  const samples = sampleFiles()
    .map(readSample)
    .filter((s) => !s.pending.includes('engine') && !hasSynth(s));
  for (const sample of samples) {
    for (const mode of ['explore', 'modular'] as const) {
      if (sample.verdicts[mode] !== 'verified') continue;
      it(`are minimal and sufficient: ${sample.name} (${mode})`, async () => {
        const { seen } = await checks(sample.source, mode, optionsFromArgs(sample.args));
        for (const c of seen.slice(0, 40)) {
          const terms = c.minimal.map((f) => f.term);
          const what = `${c.site.kind}@${c.site.span.line}`;
          expect(
            (await solver.checkSat([...c.facts, ...terms], c.negated)).status,
            `${what} from its listed facts`,
          ).toBe('unsat');
          for (let i = 0; i < terms.length; i++) {
            const without = [...terms.slice(0, i), ...terms.slice(i + 1)];
            expect(
              (await solver.checkSat([...c.facts, ...without], c.negated)).status,
              `${what} without ${c.minimal[i].reason}`,
            ).not.toBe('unsat');
          }
        }
      }, 120_000);
    }
  }
});
