// Solver failure modes: a query the solver cannot decide in time makes the verdict 'unknown'
// (with a note naming the solver), never 'verified', and never hides a real failure found
// elsewhere. The same programs with an easy variant or enough time do get a definite verdict,
// so it is the timeout that makes the difference.

import { afterEach, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { verifySource } from '../../src/engine/verify/verifySource';
import type { VerifyReport } from '../../src/engine/verify/report';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { OPAQUE_RLIMIT, OPAQUE_STOP_BUDGET } from '../../src/engine/solver/pipeline';
import { TermStore } from '../../src/engine/terms/store';
import { INT_SORT, type Term } from '../../src/engine/terms/term';
import { REAL_SORT } from '../../src/engine/terms/reals';

/** Fermat for cubes: no solution exists, and Z3 cannot show that quickly. */
const CUBES = `proc main(x: int, y: int, z: int) {
  assume x > 0 && y > 0 && z > 0;
  assert x * x * x + y * y * y != z * z * z;
}
`;

/** Factoring a 60-bit semiprime (1000000007 * 1000000009) with 64-bit multiplication. */
const FACTOR = `proc main(x: u64, y: u64) {
  assume x > 1 && y > 1 && x < 4294967296 && y < 4294967296;
  if (x * y == 1000000016000000063) {
    x := 0;
  }
}
`;

/** A hard branch, then an assertion that plainly fails. */
const HARD_THEN_FAIL = `proc main(x: int, y: int, z: int, w: int) {
  assume x > 0 && y > 0 && z > 0;
  if (x * x * x + y * y * y == z * z * z) {
    w := 1;
  }
  assert w != 7;
}
`;

const solvers: Solver[] = [];
afterEach(() => {
  while (solvers.length > 0) solvers.pop()!.dispose();
});

async function verify(source: string, timeoutMs?: number): Promise<VerifyReport> {
  const solver = new PipelineSolver(await Z3WasmBackend.create(), timeoutMs);
  solvers.push(solver);
  const { checked, diagnostics } = loadSource(source, 'hard.sym');
  expect(diagnostics).toEqual([]);
  return (await verifyProgram(checked!, solver, { mode: 'explore', timeoutMs })).report;
}

describe('a solver timeout is unknown, never verified', () => {
  it('a nonlinear integer assertion with a 1 ms timeout', async () => {
    const r = await verify(CUBES, 1);
    expect(r.verdict).toBe('unknown');
    expect(r.failures).toEqual([]);
    expect(r.paths.unknown).toBeGreaterThan(0);
    expect(r.notes.join('\n')).toMatch(/solver/);
  });

  it('the same through verifySource with timeoutMs (the path of symdap verify --timeout)', async () => {
    const { report } = await verifySource(CUBES, 'cubes.sym', { timeoutMs: 1 });
    expect(report.verdict).toBe('unknown');
    expect(report.notes.join('\n')).toMatch(/solver could not decide/);
  });

  it('a 64-bit bit-vector multiplication in a branch with a 1 ms timeout', async () => {
    const r = await verify(FACTOR, 1);
    expect(r.verdict).toBe('unknown');
    expect(r.paths.unknown).toBeGreaterThan(0);
    expect(r.notes.join('\n')).toMatch(/solver could not decide/);
  });

  it('an undecided branch does not hide a failure on another path', async () => {
    // Enough time for the easy queries, not for the cubes (1 ms may cut the easy ones too).
    const r = await verify(HARD_THEN_FAIL, 300);
    expect(r.paths.unknown).toBeGreaterThan(0);
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['assert', 6]]);
    expect(r.failures[0].counterexample.w).toBe(7);
  });

  it('with enough time the bit-vector program verifies (the timeout made the difference)', async () => {
    const easy = FACTOR.replace('1000000016000000063', '6');
    const r = await verify(easy);
    expect(r.verdict).toBe('verified');
    expect(r.paths.unknown).toBe(0);
  });
});

/** An assertion only a domain axiom proves: every query about it goes to Z3 whole (opaque). */
const AXIOM = `domain D {
  function g(x: Int): Int
  axiom { forall x: Int :: { g(x) } g(x) > x }
}
method m(y: Int) {
  assert g(y) > y
}
`;

describe("the run's budget for queries over quantified axioms", () => {
  async function verifyAxiom(budgetMs?: number, rlimit?: number): Promise<VerifyReport> {
    const solver = new PipelineSolver(await Z3WasmBackend.create(), undefined, budgetMs, undefined, rlimit);
    solvers.push(solver);
    const { checked, diagnostics } = loadSource(AXIOM, 'axiom.vpr');
    expect(diagnostics).toEqual([]);
    return (await verifyProgram(checked!, solver, { mode: 'modular' })).report;
  }

  it('within the budget the axiom proves the assertion', async () => {
    const r = await verifyAxiom();
    expect(r.verdict).toBe('verified');
  });

  it('once it is spent the answer is unknown, never verified: with axioms an unproved assertion fails (rules/checks.ts)', async () => {
    const r = await verifyAxiom(0);
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['assert', 6]]);
  });

  it('a query over axioms gets a count of Z3 resource units, not wall time: too few units and it is not proved, whatever the time', async () => {
    const r = await verifyAxiom(undefined, 1);
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['assert', 6]]);
  });
});

describe('a resource budget at the backend (z3-wasm)', () => {
  // x³ + y³ = z³ with x, y, z > 0: Z3 does not decide it, and without the units' limit it
  // would search for the whole minute; its negation's small cousin is decided at once.
  const store = new TermStore();
  const [x, y, z] = ['x', 'y', 'z'].map((n) => store.symbol(INT_SORT, n, n));
  const cube = (t: Term): Term => store.mul(t, store.mul(t, t));
  const positive = [x, y, z].map((t) => store.gt(t, store.int(0n)));
  const fermat = [...positive, store.eq(store.add(cube(x), cube(y)), cube(z))];
  const small = [...positive, store.lt(store.add(x, y), store.int(2n))];
  // Z3 says `canceled` for a stop on its units and `timeout` for one on its timer.
  it('answers unknown once the units are spent, though the time limit is far away', async () => {
    const backend = await Z3WasmBackend.create();
    try {
      const stopped = await backend.check(fermat, { wantModel: false, timeoutMs: 60_000, rlimit: OPAQUE_RLIMIT });
      expect(stopped).toEqual({ status: 'unknown', reason: 'canceled' });
      const decided = await backend.check(small, { wantModel: false, timeoutMs: 60_000, rlimit: OPAQUE_RLIMIT });
      expect(decided.status).toBe('unsat');
    } finally {
      backend.dispose();
    }
  });
});

const NONLINEAR = `method m(x: Int, y: Int)
  requires x * y == 6 && x > 0 && y > 0
{
  assert x <= 6
}
`;

describe("the run's budget for queries that time out", () => {
  async function verifyNonlinear(budgetMs?: number): Promise<VerifyReport> {
    const solver = new PipelineSolver(await Z3WasmBackend.create(), undefined, undefined, budgetMs);
    solvers.push(solver);
    const { checked, diagnostics } = loadSource(NONLINEAR, 'nonlinear.vpr');
    expect(diagnostics).toEqual([]);
    return (await verifyProgram(checked!, solver, { mode: 'modular' })).report;
  }

  it('within the budget Z3 proves the assertion', async () => {
    expect((await verifyNonlinear()).verdict).toBe('verified');
  });

  it('once it is spent every backend query is unknown, and the run is never verified', async () => {
    const r = await verifyNonlinear(0);
    expect(r.verdict).not.toBe('verified');
    expect(r.notes.join('\n')).toMatch(/budget of 0 s for queries that time out is spent/);
  });
});

describe('a model of a path that the query already holds on', () => {
  // The query is a conjunct of pc, so any model of pc answers it, and asking for one finds a
  // path whose facts contradict each other. It is Z3's, whole (axioms included), under the
  // resource limit, and a stop there is not counted in the run's budget of stopped
  // queries: such models are seldom found, and counted they spent the budget
  // (fold_arity1.vpr). Component by component, without a limit, one ran 256 s (self_framing.vpr).
  function recordingSolver(real: Z3WasmBackend) {
    const calls: { assertions: readonly Term[]; rlimit?: number }[] = [];
    const recording = {
      name: real.name,
      check: (assertions: readonly Term[], opts: Parameters<typeof real.check>[1]) => {
        calls.push({ assertions, rlimit: opts.rlimit });
        return real.check(assertions, opts);
      },
      dispose: () => real.dispose(),
    };
    const solver = new PipelineSolver(recording);
    solvers.push(solver);
    return { solver, calls };
  }

  it('goes to Z3 whole, axioms included, under the resource limit', async () => {
    const { solver, calls } = recordingSolver(await Z3WasmBackend.create());
    const s = new TermStore();
    const x = s.symbol(INT_SORT, 'x', 'x');
    const p = s.symbol(REAL_SORT, 'p', 'p');
    const i = s.bound('i', INT_SORT);
    const axiom = s.forall([i], s.lt(i, s.app('f', [i], INT_SORT)));
    const fact = s.lt(s.int(3n), s.app('f', [x], INT_SORT));
    const r = await solver.checkSat([axiom, fact, s.lt(s.zero(REAL_SORT), p)], fact, { wantModel: true });
    expect(r.status).not.toBe('unsat');
    expect(calls).toHaveLength(1);
    expect(calls[0].rlimit).toBe(OPAQUE_RLIMIT);
    expect(calls[0].assertions).toContain(axiom);
  });

  it('over reals alone goes to Z3 whole under the resource limit, with a model', async () => {
    const { solver, calls } = recordingSolver(await Z3WasmBackend.create());
    const s = new TermStore();
    const p = s.symbol(REAL_SORT, 'p', 'p');
    const x = s.symbol(INT_SORT, 'x', 'x');
    const fact = s.lt(s.zero(REAL_SORT), p);
    const r = await solver.checkSat([fact, s.lt(s.int(3n), x)], fact, { wantModel: true });
    expect(r.status === 'sat' && r.model?.get(x.id)).toBeGreaterThan(3n);
    expect(calls).toHaveLength(1);
    expect(calls[0].rlimit).toBe(OPAQUE_RLIMIT);
  });

  it('finds a path whose facts contradict each other', async () => {
    const { solver } = recordingSolver(await Z3WasmBackend.create());
    const s = new TermStore();
    const x = s.symbol(INT_SORT, 'x', 'x');
    const i = s.bound('i', INT_SORT);
    const axiom = s.forall([i], s.lt(i, s.app('f', [i], INT_SORT)));
    const contradiction = s.lt(s.app('f', [x], INT_SORT), x);
    const r = await solver.checkSat([axiom, contradiction], s.trueTerm, { wantModel: true });
    expect(r.status).toBe('unsat');
  });

  it('stopped at its limit, is not counted in the budget of stopped queries', async () => {
    const real = await Z3WasmBackend.create();
    const solver = new PipelineSolver(real, undefined, undefined, undefined, 4);
    solvers.push(solver);
    const s = new TermStore();
    const x = s.symbol(INT_SORT, 'x', 'x');
    const i = s.bound('i', INT_SORT);
    const axiom = s.forall([i], s.lt(i, s.app('f', [i], INT_SORT)));
    const fact = s.lt(s.int(3n), s.app('f', [x], INT_SORT));
    // A resource limit of 4 units: every query over the axiom stops.
    for (let k = 0; k < OPAQUE_STOP_BUDGET + 2; k++) {
      const r = await solver.checkSat([axiom, fact], fact, { wantModel: true });
      expect(r.status === 'unknown' && r.reason).not.toMatch(/budget/);
    }
    const counted = await solver.checkSat([axiom, fact], s.lt(x, s.int(0n)), { wantModel: true });
    expect(counted.status === 'unknown' && counted.reason).not.toMatch(/budget/);
  });
});
