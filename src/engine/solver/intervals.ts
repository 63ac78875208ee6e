// Interval arithmetic over the term language, for the cheap decision layer (bounds.ts).
// `rangeOf` over-approximates the values a numeric term can take when every symbol lies in
// its interval of the environment; `truthOf` is the three-valued truth of a boolean term
// (undefined: could be either). Bit-vector operations wrap, so a bit-vector result whose
// exact interval leaves the sort's range is widened to the whole range: every answer is an
// over-approximation, which is what makes an 'unsat' derived from it sound.

import type { Sort, Term } from '../terms/term';
import { bvRange } from '../../lang/types';

/** Inclusive bounds; undefined is -∞ (lo) or +∞ (hi). Empty when lo > hi. */
export interface Interval {
  readonly lo?: bigint;
  readonly hi?: bigint;
}

export const TOP: Interval = {};

/** What is known about symbols: an interval per numeric symbol, a value per boolean one, and
 *  values a numeric symbol cannot take inside its interval (from disequalities `x ≠ k`: an
 *  interval cannot have holes). Exclusions are immutable lists (see Exclusions). */
export interface Env {
  readonly ranges: Map<number, Interval>;
  readonly bools: Map<number, boolean>;
  readonly excluded: Map<number, Exclusions>;
}

/** The values a symbol cannot take, as an immutable list: the first `length` values of a
 *  backing array, with the index of each value. Adding a value to the newest list of a backing
 *  array appends to it in place (older lists still see only their first `length` values), so
 *  a chain of `x ≠ 0 ∧ … ∧ x ≠ k` costs O(1) per value, not a copy of the list, and a lookup
 *  is one map read; a list extended twice (two sibling paths) is copied once. */
export interface Exclusions {
  readonly length: number;
  readonly values: readonly bigint[];
  readonly index: ReadonlyMap<bigint, number>;
}

interface Backing {
  readonly values: bigint[];
  readonly index: Map<bigint, number>;
}

/** Is v one of the excluded values? */
export function isExcluded(ex: Exclusions | undefined, v: bigint): boolean {
  if (ex === undefined) return false;
  const i = ex.index.get(v);
  return i !== undefined && i < ex.length;
}

/** The exclusions plus k (k not already in them). */
export function withExcluded(ex: Exclusions | undefined, k: bigint): Exclusions {
  let backing: Backing;
  // A sibling path excluded the same value next (the else side of a branch asked, then taken):
  // its list is this one plus k already, shared without a copy.
  if (ex !== undefined && ex.length < ex.values.length && ex.values[ex.length] === k)
    return { length: ex.length + 1, values: ex.values, index: ex.index };
  if (ex === undefined) backing = { values: [], index: new Map() };
  else if (ex.values.length === ex.length) {
    // The newest list of its backing array: extend that array (the cast is this module's own data).
    backing = { values: ex.values as bigint[], index: ex.index as Map<bigint, number> };
  } else {
    const values = ex.values.slice(0, ex.length);
    backing = { values, index: new Map(values.map((v, i) => [v, i])) };
  }
  backing.values.push(k);
  backing.index.set(k, backing.values.length - 1);
  return { length: backing.values.length, values: backing.values, index: backing.index };
}

export function emptyEnv(): Env {
  return { ranges: new Map(), bools: new Map(), excluded: new Map() };
}

/** An independent copy (the maps; intervals and exclusion lists are immutable). */
export function copyEnv(env: Env): Env {
  return { ranges: new Map(env.ranges), bools: new Map(env.bools), excluded: new Map(env.excluded) };
}

export function point(v: bigint): Interval {
  return { lo: v, hi: v };
}

export function sortRange(sort: Sort): Interval {
  if (sort.kind !== 'bv') return TOP;
  const r = bvRange(sort);
  return { lo: r.min, hi: r.max };
}

export function isEmpty(i: Interval): boolean {
  return i.lo !== undefined && i.hi !== undefined && i.lo > i.hi;
}

export function intersect(a: Interval, b: Interval): Interval {
  const lo = a.lo === undefined ? b.lo : b.lo === undefined ? a.lo : a.lo > b.lo ? a.lo : b.lo;
  const hi = a.hi === undefined ? b.hi : b.hi === undefined ? a.hi : a.hi < b.hi ? a.hi : b.hi;
  return { lo, hi };
}

export function hull(a: Interval, b: Interval): Interval {
  if (isEmpty(a)) return b;
  if (isEmpty(b)) return a;
  const lo = a.lo === undefined || b.lo === undefined ? undefined : a.lo < b.lo ? a.lo : b.lo;
  const hi = a.hi === undefined || b.hi === undefined ? undefined : a.hi > b.hi ? a.hi : b.hi;
  return { lo, hi };
}

export function sameInterval(a: Interval, b: Interval): boolean {
  return a.lo === b.lo && a.hi === b.hi;
}

function plus(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}

export function addI(a: Interval, b: Interval): Interval {
  return { lo: plus(a.lo, b.lo), hi: plus(a.hi, b.hi) };
}

export function negI(a: Interval): Interval {
  return { lo: a.hi === undefined ? undefined : -a.hi, hi: a.lo === undefined ? undefined : -a.lo };
}

export function subI(a: Interval, b: Interval): Interval {
  return addI(a, negI(b));
}

export function mulI(a: Interval, b: Interval): Interval {
  const zero = (i: Interval): boolean => i.lo === 0n && i.hi === 0n;
  if (zero(a) || zero(b)) return point(0n);
  if (a.lo === undefined || a.hi === undefined || b.lo === undefined || b.hi === undefined) return TOP;
  const ps = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
  return { lo: ps.reduce((x, y) => (x < y ? x : y)), hi: ps.reduce((x, y) => (x > y ? x : y)) };
}

/** Within the sort's range (always true for int): a bit-vector result in range did not wrap. */
export function fits(i: Interval, sort: Sort): boolean {
  if (sort.kind !== 'bv') return true;
  const r = sortRange(sort);
  return i.lo !== undefined && i.hi !== undefined && i.lo >= r.lo! && i.hi <= r.hi!;
}

function wrapped(i: Interval, sort: Sort): Interval {
  return fits(i, sort) ? i : sortRange(sort);
}

const NUMERIC = new Set(['int', 'bv', 'ref']);

/** Is t a scalar numeric term the layer can bound (int, bit-vector, or a reference: an int to the solver)? */
export function isNumericTerm(t: Term): boolean {
  return NUMERIC.has(t.sort.kind);
}

/** Memoised evaluation over one environment. Symbols only ever narrow, so a memoised range
 *  computed under an earlier (wider) environment stays an over-approximation. */
export class IntervalEval {
  private readonly ranges = new Map<number, Interval>();
  private readonly truths = new Map<number, boolean | undefined>();

  constructor(readonly env: Env) {}

  /** Forget memoised results (after the environment narrowed), for precision. */
  reset(): void {
    this.ranges.clear();
    this.truths.clear();
  }

  rangeOf(t: Term): Interval {
    const hit = this.ranges.get(t.id);
    if (hit !== undefined) return hit;
    const r = this.computeRange(t);
    this.ranges.set(t.id, r);
    return r;
  }

  truthOf(t: Term): boolean | undefined {
    if (this.truths.has(t.id)) return this.truths.get(t.id);
    const r = this.computeTruth(t);
    this.truths.set(t.id, r);
    return r;
  }

  private computeRange(t: Term): Interval {
    const sort = t.sort;
    if (!isNumericTerm(t)) return TOP;
    const [a, b] = t.args;
    switch (t.op) {
      case 'const':
        return typeof t.value === 'bigint' ? point(t.value) : TOP;
      case 'sym':
        return this.env.ranges.get(t.id) ?? sortRange(sort);
      case 'add':
        return wrapped(addI(this.rangeOf(a), this.rangeOf(b)), sort);
      case 'sub':
        return wrapped(subI(this.rangeOf(a), this.rangeOf(b)), sort);
      case 'mul':
        return wrapped(mulI(this.rangeOf(a), this.rangeOf(b)), sort);
      case 'neg':
        return wrapped(negI(this.rangeOf(a)), sort);
      case 'ite':
        return this.iteRange(t);
      // A cast keeps the value when it fits the target (applyCast is normalization).
      case 'cast':
        return isNumericTerm(a) ? wrapped(this.rangeOf(a), sort) : sortRange(sort);
      default:
        return sortRange(sort);
    }
  }

  private iteRange(t: Term): Interval {
    const c = this.truthOf(t.args[0]);
    if (c === true) return this.rangeOf(t.args[1]);
    if (c === false) return this.rangeOf(t.args[2]);
    return hull(this.rangeOf(t.args[1]), this.rangeOf(t.args[2]));
  }

  private computeTruth(t: Term): boolean | undefined {
    if (t.sort.kind !== 'bool') return undefined;
    const args = t.args;
    switch (t.op) {
      case 'const':
        return typeof t.value === 'boolean' ? t.value : undefined;
      case 'sym':
        return this.env.bools.get(t.id);
      case 'not': {
        const v = this.truthOf(args[0]);
        return v === undefined ? undefined : !v;
      }
      case 'and':
        return this.junction(args, false);
      case 'or':
        return this.junction(args, true);
      case 'implies': {
        const a = this.truthOf(args[0]);
        const b = this.truthOf(args[1]);
        return a === false || b === true ? true : a === true && b === false ? false : undefined;
      }
      case 'ite': {
        const c = this.truthOf(args[0]);
        if (c !== undefined) return this.truthOf(args[c ? 1 : 2]);
        const x = this.truthOf(args[1]);
        return x !== undefined && x === this.truthOf(args[2]) ? x : undefined;
      }
      case 'eq':
        return this.eqTruth(args[0], args[1]);
      case 'lt':
      case 'le':
        return this.compareTruth(t.op, args[0], args[1]);
      default:
        return undefined;
    }
  }

  /** and (decisive = false) / or (decisive = true): one decisive argument decides. */
  private junction(args: readonly Term[], decisive: boolean): boolean | undefined {
    let allOther = true;
    for (const a of args) {
      const v = this.truthOf(a);
      if (v === decisive) return decisive;
      if (v === undefined) allOther = false;
    }
    return allOther ? !decisive : undefined;
  }

  private eqTruth(a: Term, b: Term): boolean | undefined {
    if (a === b) return true;
    if (a.sort.kind === 'bool') {
      const x = this.truthOf(a);
      const y = this.truthOf(b);
      return x === undefined || y === undefined ? undefined : x === y;
    }
    if (!isNumericTerm(a)) return undefined;
    const x = this.rangeOf(a);
    const y = this.rangeOf(b);
    if (isEmpty(intersect(x, y))) return false;
    if (x.lo !== undefined && x.lo === x.hi && y.lo === y.hi && x.lo === y.lo) return true;
    if (this.excludes(a, y) || this.excludes(b, x)) return false;
    return undefined;
  }

  /** Is t a symbol whose exclusions contain the single value of i? */
  private excludes(t: Term, i: Interval): boolean {
    return t.op === 'sym' && i.lo !== undefined && i.lo === i.hi && isExcluded(this.env.excluded.get(t.id), i.lo);
  }

  private compareTruth(op: 'lt' | 'le', a: Term, b: Term): boolean | undefined {
    if (!isNumericTerm(a)) return undefined;
    const x = this.rangeOf(a);
    const y = this.rangeOf(b);
    const strict = op === 'lt';
    // Always: x.hi < y.lo (or <=); never: x.lo >= y.hi (or >).
    if (x.hi !== undefined && y.lo !== undefined && (strict ? x.hi < y.lo : x.hi <= y.lo)) return true;
    if (x.lo !== undefined && y.hi !== undefined && (strict ? x.lo >= y.hi : x.lo > y.hi)) return false;
    if (a === b) return !strict;
    return undefined;
  }
}
