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
