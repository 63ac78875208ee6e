// Symbolic permission amounts against the same brute-force oracle as the constant ones (issue 24):
// each random program of fractionsProgram.ts again, with every constant amount of the procedure
// under test a `perm` parameter pinned to it (`requires p0 == 1/2 && acc(x.f, p0)`), so that the
// solver decides each amount (engine/rules/heap/symAmounts.ts) where the constant route folds it.
// Soundness: never "verified" where some run fails. Agreement: the two routes give one verdict on
// every program (a layout of the same semantics must not change it). Seeds are fixed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { generateFractionsProgram, someRunFails, withPermParameters } from './fractionsProgram';

const PROGRAMS = Number(process.env.SYMDAP_PROPERTY_PROGRAMS ?? 300);
const FIRST_SEED = 24001;
const CHUNK = 50;

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create(), 5000);
});
afterAll(() => solver?.dispose());

const seeds = Array.from({ length: PROGRAMS }, (_, i) => FIRST_SEED + i);
const tally = { symbolic: 0, verified: 0, failed: 0 };

async function verdictOf(source: string, name: string): Promise<string> {
  const { checked, diagnostics } = loadSource(source, name);
  expect(diagnostics, source).toEqual([]);
  const { report } = await verifyProgram(checked!, solver, { mode: 'modular' });
  return report.verdict;
}

describe('symbolic permission amounts agree with the oracle and with constant amounts', () => {
  for (let start = 0; start < seeds.length; start += CHUNK) {
    const chunk = seeds.slice(start, start + CHUNK);
    it(`programs ${chunk[0]}…${chunk[chunk.length - 1]}`, async () => {
      for (const seed of chunk) {
        const p = generateFractionsProgram(seed);
        const source = withPermParameters(p);
        if (source.includes(': perm')) tally.symbolic++;
        const symbolic = await verdictOf(source, `perm-${seed}.sym`);
        const constant = await verdictOf(p.source, `fractions-${seed}.sym`);
        if (symbolic === 'verified') tally.verified++;
        if (symbolic === 'failed') tally.failed++;
        if (symbolic === 'verified' && someRunFails(p))
          expect.fail(`seed ${seed}: verified with perm parameters, but a run fails (oracle)\n${source}`);
        expect(symbolic, `seed ${seed}: the symbolic route differs from the constant one\n${source}`).toBe(constant);
      }
    }, 600_000);
  }
  it('is not vacuous: perm parameters in most programs, both verdicts', () => {
    console.info('symbolic fractions tally', tally);
    expect(tally.symbolic).toBeGreaterThan(seeds.length / 2);
    expect(tally.verified).toBeGreaterThan(seeds.length / 10);
    expect(tally.failed).toBeGreaterThan(seeds.length / 10);
  });
});
