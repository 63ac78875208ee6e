// Property test for synth functions (issue 10): for 200 random small grammars and concrete
// tests, `verify` finds a function iff brute-force enumeration of the grammar finds one, and
// any function it returns passes every test when substituted and run by the concrete
// interpreter. Grammars use literals, not `const`, so the enumeration is exhaustive. The
// enumeration works on value vectors at the test points (two terms with the same values at
// every point are the same behaviour), which keeps it exact and small.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { substituteSynth } from '../../src/engine/synth/substitute';
import { Rng } from '../support/programGen';

const CASES = 200;
const LEAVES = ['x', '0', '1', '2'] as const;
const OPS = ['E + E', 'E - E', '2 * E'] as const;

interface Case {
  source: string;
  points: bigint[];
  expected: bigint[];
  leaves: string[];
  ops: string[];
  depth: number;
}

function randomCase(seed: number): Case {
  const r = new Rng(seed);
  const leaves = LEAVES.filter(() => r.chance(0.6));
  if (leaves.length === 0) leaves.push(r.pick(LEAVES));
  const ops = OPS.filter(() => r.chance(0.5));
  const depth = r.int(1, 3);
  const points = [r.bigint(-3n, 3n), r.bigint(4n, 9n)];
  // Expected values: half from a term of the full grammar (often outside this one), half random.
  const expected = r.chance(0.5) ? valuesOf(randomTerm(r, 3), points) : points.map(() => r.bigint(-6n, 12n));
  const alts = [...leaves, ...ops].join(' | ');
  const asserts = points.map((p, i) => `  var v${i}: int := f(${p});\n  assert v${i} == ${expected[i]};`).join('\n');
  const source = `synth f(x: int): int grammar { E: int ::= ${alts}; } depth ${depth};\nproc main() {\n${asserts}\n}\n`;
  return { source, points, expected, leaves, ops, depth };
}

type Term = (x: bigint) => bigint;

function randomTerm(r: Rng, depth: number): Term {
  if (depth === 1 || r.chance(0.3)) {
    const leaf = r.pick(LEAVES);
    return leaf === 'x' ? (x) => x : () => BigInt(leaf);
  }
  const a = randomTerm(r, depth - 1);
  const b = randomTerm(r, depth - 1);
  const op = r.pick(OPS);
  return op === 'E + E' ? (x) => a(x) + b(x) : op === 'E - E' ? (x) => a(x) - b(x) : (x) => 2n * a(x);
}

function valuesOf(t: Term, points: readonly bigint[]): bigint[] {
  return points.map((p) => t(p));
}

/** Every behaviour (values at the points) of the grammar's terms up to the depth. */
function behaviours(c: Case): Set<string> {
  const leafVecs = c.leaves.map((l) => c.points.map((p) => (l === 'x' ? p : BigInt(l))));
  let level = new Map(leafVecs.map((v) => [v.join(','), v]));
  for (let d = 2; d <= c.depth; d++) {
    const next = new Map(leafVecs.map((v) => [v.join(','), v]));
    const prev = [...level.values()];
    for (const op of c.ops) {
      if (op === '2 * E') {
        for (const a of prev) {
          const v = a.map((x) => 2n * x);
          next.set(v.join(','), v);
        }
        continue;
      }
      for (const a of prev)
        for (const b of prev) {
          const v = a.map((x, i) => (op === 'E + E' ? x + b[i] : x - b[i]));
          next.set(v.join(','), v);
        }
    }
    level = next;
  }
  return new Set(level.keys());
}

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

describe('synth: verify agrees with brute-force enumeration of the grammar', () => {
  it(`${CASES} random grammars and tests`, async () => {
    let found = 0;
    for (let seed = 1; seed <= CASES; seed++) {
      const c = randomCase(seed);
      const { checked, diagnostics } = loadSource(c.source, `case${seed}.sym`);
      expect(diagnostics, c.source).toEqual([]);
      const { report } = await verifyProgram(checked!, solver, { timeoutMs: 60_000 });
      const exists = behaviours(c).has(c.expected.join(','));
      expect({ seed, verdict: report.verdict }, c.source).toEqual({ seed, verdict: exists ? 'verified' : 'failed' });
      if (!exists) continue;
      found++;
      const repaired = loadSource(
        substituteSynth(c.source, [...checked!.synths.values()], report.synthesized!),
        'repaired.sym',
      );
      const run = runConcrete(repaired.checked!, repaired.checked!.procs.get('main')!, new Map());
      expect({ seed, status: run.status, body: report.synthesized!.f.body }).toMatchObject({ seed, status: 'ok' });
    }
    // Both answers occur often enough for the property to mean something.
    expect(found).toBeGreaterThan(CASES / 10);
    expect(found).toBeLessThan(CASES - CASES / 10);
  }, 1_800_000);
});
