// Shared helpers for the solver tests: a deterministic random source, sorts, and the check
// that a model really satisfies constraints (with the engine's own evaluate()).

import { expect } from 'vitest';
import { evaluate } from '../../src/engine/terms/evaluate';
import type { TermStore } from '../../src/engine/terms/store';
import type { Sort, Term } from '../../src/engine/terms/term';
import type { Model, SatResult } from '../../src/engine/solver';

/** xorshift: reproducible "random" values. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

export function randomBigint(next: () => number, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  const r = (BigInt(Math.floor(next() * 0x100000000)) << 32n) | BigInt(Math.floor(next() * 0x100000000));
  return lo + (r % span);
}

export function bvSorts(store: TermStore): Sort[] {
  return ([8, 16, 32, 64] as const).flatMap((w) => [store.bvSort(w, true), store.bvSort(w, false)]);
}

export function rangeOf(sort: Sort): [bigint, bigint] {
  if (sort.kind !== 'bv') return [-(10n ** 12n), 10n ** 12n];
  const w = BigInt(sort.width);
  return sort.signed ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n] : [0n, (1n << w) - 1n];
}

export function modelOf(r: SatResult): Model {
  expect(r.status).toBe('sat');
  if (r.status !== 'sat' || r.model === undefined) throw new Error('expected a model');
  return r.model;
}

/** Every term is true under the model (symbols it omits would take defaults: not allowed here). */
export function expectSatisfies(model: Model, terms: readonly Term[], symbols: readonly Term[] = []): void {
  for (const s of symbols) expect(model.has(s.id), `model lacks ${s.symbol?.name}`).toBe(true);
  for (const t of terms) expect(evaluate(t, (s) => model.get(s.id))).toBe(true);
}

/**
 * Atoms for random branch walks (the incremental-bounds tests): comparisons of a variable (plus a
 * constant, or twice it, or plus another variable) with a constant or a variable, and with
 * probability `chainRate` the next disequality `v0 != k` of an `else if (y == k)` chain.
 */
export function branchAtoms(s: TermStore, next: () => number, sort: Sort, chainRate: number): () => Term {
  const vars = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => s.symbol(sort, `v${i}`, 'test'));
  const k = (n: number): Term => (sort.kind === 'bv' ? s.bvConst(BigInt(n), sort) : s.int(BigInt(n)));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const small = (): number => Math.floor(next() * 13) - 6;
  let counter = small();
  const linear = (): Term => {
    const x = pick(vars);
    const r = next();
    if (r < 0.2) return s.add(x, k(small()));
    if (r < 0.3 && sort.kind === 'int') return s.mul(k(2), x);
    if (r < 0.4) return s.add(x, pick(vars));
    return x;
  };
  return () => {
    if (next() < chainRate) return s.neq(vars[0], k(counter++));
    const other = next() < 0.5 ? k(small()) : pick(vars);
    return pick([s.eq, s.neq, s.lt, s.le, s.gt, s.ge]).call(s, linear(), other);
  };
}
