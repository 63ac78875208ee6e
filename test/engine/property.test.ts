// Correctness and completeness of symbolic execution, as a property test: for random
// generated programs and random concrete inputs, the concrete run matches exactly one
// explored symbolic leaf. The input satisfies that leaf's path condition, a clean run
// matches a 'done' leaf whose entry store, evaluated under the input, equals the concrete
// final store, and a failing run matches the failure leaf of the same kind at the same line.
// Seeds are fixed (override with SYMDAP_PROPERTY_SEED / SYMDAP_PROPERTY_PROGRAMS); a failure
// prints the seed and the program.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/entry';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { runConcrete, type ConcreteResult } from '../../src/engine/concrete/interpreter';
import { formatValue, valuesEqual, type ConcreteValue } from '../../src/engine/concrete/values';
import type { TreeNode } from '../../src/engine/tree';
import { generateProgram, randomInputs } from '../support/programGen';
import { assignmentOf, describeLeaf, exploreLeaves, pcHolds, storeUnder } from '../support/symbolic';

const PROGRAMS = Number(process.env.SYMDAP_PROPERTY_PROGRAMS ?? 300);
const INPUTS_PER_PROGRAM = 20;
const BASE_SEED = Number(process.env.SYMDAP_PROPERTY_SEED ?? 7001);
const CHUNK = 25;
const STATEMENTS = Number(process.env.SYMDAP_PROPERTY_STATEMENTS ?? 24);

let solver: Solver;
beforeAll(async () => { solver = new PipelineSolver(await Z3WasmBackend.create()); });
afterAll(() => solver?.dispose());

/** What one concrete run must correspond to, or why it does not. */
function mismatch(leaves: readonly TreeNode[], inputs: ReadonlyMap<string, ConcreteValue>, run: ConcreteResult): string | undefined {
  const env = assignmentOf(inputs);
  const matching = leaves.filter((n) => pcHolds(n.state, env));
  const ends = matching.filter((n) => n.state.status === 'done' || n.state.status === 'failed');
  if (run.status === 'assumeFailed') {
    // The input violates an assume: no path that goes on may admit it (an infeasible leaf may).
    return ends.length === 0 && matching.length <= 1 ? undefined : `assume failed concretely, but matches ${matching.map(describeLeaf).join('; ')}`;
  }
  if (matching.length !== 1) return `${run.status} concretely, but ${matching.length} leaves match: ${matching.map(describeLeaf).join('; ')}`;
  const leaf = matching[0].state;
  if (run.status === 'failed') {
    const f = run.failure!;
    if (leaf.status !== 'failed' || leaf.failure!.kind !== f.kind || leaf.failure!.span.line !== f.span.line) {
      return `concrete ${f.kind} failure at line ${f.span.line}, symbolic leaf ${describeLeaf(matching[0])}`;
    }
    return undefined;
  }
  if (run.status !== 'ok') return `unexpected concrete status ${run.status}: ${run.message}`;
  if (leaf.status !== 'done') return `concrete run ok, symbolic leaf ${describeLeaf(matching[0])}`;
  const symbolic = storeUnder(leaf, env);
  for (const [name, v] of run.store) {
    const s = symbolic.get(name);
    if (s === undefined || !valuesEqual(s, v)) return `final ${name}: concrete ${formatValue(v)}, symbolic ${s === undefined ? 'missing' : formatValue(s)}`;
  }
  const extra = [...symbolic.keys()].filter((k) => !run.store.has(k));
  return extra.length === 0 ? undefined : `symbolic store has variables the concrete run never declared: ${extra.join(', ')}`;
}

/** What a chunk of programs exercised: so the property cannot pass vacuously. */
interface Tally { leaves: number; forked: number; outcomes: Record<string, number> }

async function checkProgram(seed: number, tally: Tally): Promise<void> {
  const program = generateProgram(seed, { statements: STATEMENTS });
  const { checked, diagnostics } = loadSource(program.source, `gen${seed}.sym`);
  const context = `seed ${seed}\n${program.source}`;
  expect(checked, `${context}\n${JSON.stringify(diagnostics)}`).toBeDefined();
  const proc = resolveEntry(checked!).proc!;
  const { leaves } = await exploreLeaves(checked!, solver, proc, { loopBound: 4, recursionBound: 4 });
  const cut = leaves.filter((n) => n.state.status === 'bounded' || n.state.status === 'unknown');
  expect(cut.map(describeLeaf), context).toEqual([]);
  tally.leaves += leaves.length;
  if (leaves.length > 1) tally.forked++;
  for (let i = 0; i < INPUTS_PER_PROGRAM; i++) {
    const raw = randomInputs(seed * 1000 + i, program.params);
    const inputs = new Map<string, ConcreteValue>(Object.entries(raw));
    const run = runConcrete(checked!, proc, inputs);
    tally.outcomes[run.status] = (tally.outcomes[run.status] ?? 0) + 1;
    const problem = mismatch(leaves, inputs, run);
    expect(problem, `${context}\ninputs ${JSON.stringify(raw, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`).toBeUndefined();
  }
}

describe(`symbolic paths match concrete runs (${PROGRAMS} programs × ${INPUTS_PER_PROGRAM} inputs)`, () => {
  for (let start = 0; start < PROGRAMS; start += CHUNK) {
    const end = Math.min(PROGRAMS, start + CHUNK);
    it(`programs ${start}..${end - 1} (seeds ${BASE_SEED + start}..${BASE_SEED + end - 1})`, async () => {
      const tally: Tally = { leaves: 0, forked: 0, outcomes: {} };
      for (let k = start; k < end; k++) await checkProgram(BASE_SEED + k, tally);
      console.log(JSON.stringify(tally));
    }, 120_000);
  }
});
