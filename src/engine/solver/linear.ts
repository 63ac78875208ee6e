// Linear forms of int terms, for the cheap decision layer: `2 * x + y - x + 3` is
// {x: 1, y: 1} + 3. Interval evaluation sees `x + x` as two unrelated values and cannot go
// back through `2 * x`; a linear form can: bounds per symbol with integer rounding, the gcd
// test for equalities (`2 * x == 1` has no int solution), one value excluded per disequality
// once all other symbols are fixed. Ints only: bit-vector arithmetic wraps.

import type { Term } from '../terms/term';

/** Σ coeffs[id] · x_id + k, no zero coefficient. */
export interface Linear {
  readonly coeffs: ReadonlyMap<number, bigint>;
  readonly syms: ReadonlyMap<number, Term>;
  readonly k: bigint;
}

interface Acc {
  readonly coeffs: Map<number, bigint>;
  readonly syms: Map<number, Term>;
  k: bigint;
}

/** Terms larger than this are not linearised (a sum of 100 ites is not linear anyway). */
const MAX_SIZE = 64;

function walk(t: Term, scale: bigint, acc: Acc, budget: { n: number }): boolean {
  if ((t.sort.kind !== 'int' && t.sort.kind !== 'ref') || --budget.n < 0) return false;
  const [a, b] = t.args;
  switch (t.op) {
    case 'const':
      acc.k += scale * (t.value as bigint);
      return true;
    case 'sym':
      acc.coeffs.set(t.id, (acc.coeffs.get(t.id) ?? 0n) + scale);
      acc.syms.set(t.id, t);
      return true;
    case 'add':
      return walk(a, scale, acc, budget) && walk(b, scale, acc, budget);
    case 'sub':
      return walk(a, scale, acc, budget) && walk(b, -scale, acc, budget);
    case 'neg':
      return walk(a, -scale, acc, budget);
    case 'mul':
      if (b.op === 'const') return walk(a, scale * (b.value as bigint), acc, budget);
      if (a.op === 'const') return walk(b, scale * (a.value as bigint), acc, budget);
      return false;
    default:
      return false;
  }
}

/** a - b as a linear form over int symbols, or undefined when either side is not linear. */
export function linearDifference(a: Term, b: Term): Linear | undefined {
  const acc: Acc = { coeffs: new Map(), syms: new Map(), k: 0n };
  const budget = { n: MAX_SIZE };
  if (!walk(a, 1n, acc, budget) || !walk(b, -1n, acc, budget)) return undefined;
  for (const [id, c] of acc.coeffs)
    if (c === 0n) {
      acc.coeffs.delete(id);
      acc.syms.delete(id);
    }
  return acc;
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

export function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Is Σ c_i x_i = -k solvable over the integers (gcd of the coefficients divides k)? */
export function integerSolvable(l: Linear): boolean {
  let g = 0n;
  for (const c of l.coeffs.values()) g = gcd(g, c);
  return g === 0n ? l.k === 0n : l.k % g === 0n;
}
