// The Z3 WebAssembly module is loaded once per process and shared by every solver (each with
// its own context): many solvers cost one module's memory, disposing one leaves the others
// working, and after one solver's instance aborts every solver goes on in the same fresh one.

import { describe, expect, it } from 'vitest';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { TermStore } from '../../src/engine/terms/store';
import type { SatResult } from '../../src/engine/solver';

const MB = 1024 * 1024;

/** 5 < v < 7 over the integers: only v = 6, read back from the model. */
async function six(backend: Z3WasmBackend, s: TermStore): Promise<SatResult> {
  const v = s.symbol(s.intSort, 'v', 'test');
  const r = await backend.check([s.lt(s.int(5n), v), s.lt(v, s.int(7n))], { wantModel: true });
  if (r.status === 'sat') expect(r.model?.get(v.id)).toBe(6n);
  return r;
}

describe('one Z3 module per process', () => {
  it('30 solvers one after the other (as the sessions of a server) cost far less than 30 modules (~25 MB each)', async () => {
    const s = new TermStore();
    const oneSolver = async (): Promise<void> => {
      const b = await Z3WasmBackend.create();
      expect((await six(b, s)).status).toBe('sat');
      b.dispose();
    };
    for (let i = 0; i < 3; i++) await oneSolver();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 30; i++) await oneSolver();
    expect((process.memoryUsage().rss - before) / MB).toBeLessThan(100);
  }, 120_000);

  it('disposing one solver frees its context only: the others keep answering', async () => {
    const s = new TermStore();
    const a = await Z3WasmBackend.create();
    const b = await Z3WasmBackend.create();
    expect((await six(a, s)).status).toBe('sat');
    expect((await six(b, s)).status).toBe('sat');
    a.dispose();
    expect(await six(a, s)).toEqual({ status: 'unknown', reason: 'solver disposed' });
    expect((await six(b, s)).status).toBe('sat');
    const c = await Z3WasmBackend.create();
    expect((await six(c, s)).status).toBe('sat');
    b.dispose();
    c.dispose();
  }, 60_000);

  it('after one solver aborts the shared instance, another solver with a context in it goes on in the fresh one', async () => {
    const s = new TermStore();
    const bystander = await Z3WasmBackend.create();
    expect((await six(bystander, s)).status).toBe('sat');
    const crashing = await Z3WasmBackend.create({ abortAtCheck: 1 });
    const crashed = await six(crashing, s);
    expect(crashed.status).toBe('unknown');
    if (crashed.status === 'unknown') expect(crashed.reason).toMatch(/Z3 crashed/);
    // The bystander's context died with the module: it is dropped, never called into (which would block).
    const [r1, r2] = await Promise.all([six(bystander, s), six(crashing, s)]);
    expect([r1.status, r2.status]).toEqual(['sat', 'sat']);
    bystander.dispose();
    crashing.dispose();
  }, 60_000);

  it('checks waiting for the module when one of them aborts it: the others go on in a fresh instance', async () => {
    const s = new TermStore();
    const bystander = await Z3WasmBackend.create();
    const crashing = await Z3WasmBackend.create({ abortAtCheck: 1 });
    // Both checks have the live module in hand when the first one kills it.
    const [crashed, answered] = await Promise.all([six(crashing, s), six(bystander, s)]);
    expect(crashed.status).toBe('unknown');
    expect(answered.status).toBe('sat');
    bystander.dispose();
    crashing.dispose();
  }, 60_000);

  it('a dead context is not freed on dispose (it would block), and a new solver loads a working module', async () => {
    const s = new TermStore();
    const holder = await Z3WasmBackend.create();
    expect((await six(holder, s)).status).toBe('sat');
    const crashing = await Z3WasmBackend.create({ abortAtCheck: 1 });
    expect((await six(crashing, s)).status).toBe('unknown');
    holder.dispose();
    crashing.dispose();
    const fresh = await Z3WasmBackend.create();
    expect((await six(fresh, s)).status).toBe('sat');
    fresh.dispose();
  }, 60_000);
});
