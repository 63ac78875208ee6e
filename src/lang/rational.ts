// Exact rationals, for permission amounts (`acc(c.x, 1/2)`): the checker folds a constant
// amount to one, and the engine holds and compares them (engine/state/amounts.ts) without
// the solver.

/** A non-negative-denominator, reduced fraction n/d. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(n: bigint, d: bigint = 1n): Rational {
  if (d === 0n) throw new Error('internal: a fraction with denominator 0');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const addQ = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const subQ = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mulQ = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
export const divQ = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n);
/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export const cmpQ = (a: Rational, b: Rational): number => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};

export const ZERO: Rational = rational(0n);
export const ONE: Rational = rational(1n);

export function printRational(q: Rational): string {
  return q.d === 1n ? `${q.n}` : `${q.n}/${q.d}`;
}
