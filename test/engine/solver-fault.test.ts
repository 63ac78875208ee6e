// Fault injection against the real Z3: the WebAssembly instance aborts (a real out-of-memory
// abort of its fixed heap, triggered by the backend's test hook) or Z3 hits its memory limit
// mid-run. The query answers unknown with the reason, later queries are answered by a fresh
// instance, and `symdap verify` (the real CLI, a child process) ends with unknown and exit 3.

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver, type Solver } from '../../src/engine/solver';
import { blowupReason } from '../../src/engine/solver/blowup';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { TermStore } from '../../src/engine/terms/store';
import type { Term } from '../../src/engine/terms/term';
import { modelOf } from './solver-helpers';

const ROOT = join(__dirname, '..', '..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-fault-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** y^(2^n) >= 0 negated: Z3 expands the power and its memory grows without bound. */
function squares(s: TermStore, n: number): Term {
  const y = s.symbol(s.intSort, 'y', 'test');
  let x = y;
  for (let i = 0; i < n; i++) x = s.mul(x, x);
  return s.lt(x, s.int(0n));
}

/** A later query is answered by Z3 itself: v·v = 36 with v > 0 is non-linear, so the bounds
 *  layer in front of the backend cannot decide it (its candidate models all fail). */
async function stillWorks(z: Solver, s: TermStore): Promise<void> {
  const v = s.symbol(s.intSort, 'v', 'test');
  const calls = z.stats().backendCalls;
  const r = await z.checkSat([s.lt(s.int(0n), v)], s.eq(s.mul(v, v), s.int(36n)), { wantModel: true });
  expect(modelOf(r).get(v.id)).toBe(6n);
  expect(z.stats().backendCalls).toBe(calls + 1);
}

function symdap(
  args: string[],
  env: Record<string, string>,
): { code: number | null; out: string; err: string; ms: number } {
  const start = Date.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'symdap.js'), ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr, ms: Date.now() - start };
}

describe('solver faults', () => {
  it('an abort of the WebAssembly instance is unknown with the reason, and a fresh instance answers later queries', async () => {
    const z = await createSolver({ backend: 'z3-wasm', abortAtCheck: 1 });
    try {
      const s = new TermStore();
      const x = s.symbol(s.intSort, 'x', 'test');
      // Non-linear, so it reaches Z3 (a linear bound would be decided in front of it).
      const r = await z.checkSat([], s.eq(s.mul(x, x), s.int(49n)));
      expect(r.status).toBe('unknown');
      if (r.status === 'unknown') expect(r.reason).toMatch(/Z3 crashed.*OOM/);
      expect(z.stats().backendCalls).toBe(1);
      expect(z.stats().errors).toBe(1);
      await stillWorks(z, s);
    } finally {
      z.dispose();
    }
  }, 60_000);

  it('Z3 past its memory limit answers unknown (out of memory) instead of exhausting the heap', async () => {
    // 2^19 factors: past the pipeline's blowup guard, so the backend is driven directly.
    const backend = await Z3WasmBackend.create({ memoryLimitMb: 16 });
    const z = new PipelineSolver(backend);
    const s = new TermStore();
    try {
      const r = await backend.check([squares(s, 19)], { wantModel: true });
      expect(r.status).toBe('unknown');
      if (r.status === 'unknown') expect(r.reason).toMatch(/out of memory/);
      await stillWorks(z, s); // the same backend, on a fresh context
    } finally {
      z.dispose();
    }
  }, 120_000);

  it('a product of 2^40 factors is unknown at once, before Z3 (whose assert no timeout reaches)', async () => {
    const s = new TermStore();
    expect(blowupReason([squares(s, 16)])).toBeUndefined();
    expect(blowupReason([squares(s, 17)])).toMatch(/product of 131,072 operands/);
    const z = await createSolver({ backend: 'z3-wasm' });
    try {
      const start = Date.now();
      const r = await z.checkSat([], squares(s, 40));
      expect(r.status).toBe('unknown');
      if (r.status === 'unknown') expect(r.reason).toMatch(/product of 2\^40 operands/);
      expect(Date.now() - start).toBeLessThan(5_000);
      await stillWorks(z, s);
    } finally {
      z.dispose();
    }
  }, 60_000);

  it('symdap verify ends unknown with exit 3 when Z3 aborts mid-run', async () => {
    const file = join(dir, 'paths.sym');
    // Non-linear tests, so that the queries reach Z3 (linear bounds are decided in front of it).
    await writeFile(file, 'proc main(x: int) { if (x * x > 3) { assert x * x > 2; } else { assert x * x < 4; } }\n');
    // The second Z3 call aborts: one path ends unknown, the other is verified by a fresh instance.
    const r = symdap(['verify', file, '--timeout', '5000'], { SYMDAP_SOLVER_FAULT: 'abort@2' });
    expect(r.out).toMatch(/: unknown\n/);
    expect(r.out).toMatch(/Z3 crashed: its 2 GB WebAssembly heap is exhausted \(OOM\)/);
    expect(r.out).toMatch(/paths: 2 \(1 completed, 0 failed, 0 infeasible, 0 bounded, 1 unknown\)/);
    expect(r.code).toBe(3);
  }, 120_000);

  it('symdap verify ends unknown with exit 3 when Z3 runs out of memory', async () => {
    const file = join(dir, 'squares16.sym');
    await writeFile(
      file,
      'proc main(y: int) { var x: int := y; var i: int := 0; while (i < 16) { x := x * x; i := i + 1; } assert x >= 0; }\n',
    );
    const r = symdap(['verify', file, '--loop-bound', '16', '--timeout', '5000'], { SYMDAP_Z3_MEMORY_MB: '8' });
    expect(r.out).toMatch(/: unknown\n/);
    // Z3 fails at its first allocation past 8 MB, wherever that is (translation or solving).
    expect(r.out).toMatch(/solver error: Z3 error/);
    expect(r.code).toBe(3);
  }, 120_000);

  it('symdap verify on x := x * x forty times ends unknown with exit 3, quickly', async () => {
    const file = join(dir, 'squares40.sym');
    await writeFile(
      file,
      'proc main(y: int) { var x: int := y; var i: int := 0; while (i < 40) { x := x * x; i := i + 1; } assert x >= 0; }\n',
    );
    const r = symdap(['verify', file, '--loop-bound', '40'], {});
    expect(r.out).toMatch(/: unknown\n/);
    expect(r.out).toMatch(/product of 2\^40 operands/);
    expect(r.code).toBe(3);
    expect(r.ms).toBeLessThan(30_000);
  }, 120_000);
});
