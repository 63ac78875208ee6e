// Bounds propagation over the conjuncts of a (sliced) query, for the cheap decision layer
// (bounds.ts). Each conjunct is assumed true and narrows the intervals of the symbols it
// bounds (HC4-style, backwards through +, -, negation, casts and ites whose condition is
// known); a disjunction with all but one literal false propagates that literal (unit
// propagation). A disequality `t ≠ k` with t a symbol plus or minus constants (a bijection,
// for ints and wrapping bit-vectors alike) excludes one value of that symbol: kept beside the
// interval, and trimmed off its ends whenever they reach it, so `0 ≤ x ≤ 2 ∧ x ≠ 0 ∧ x ≠ 1 ∧
// x ≠ 2` empties. Everything derived is implied by the conjuncts, so a Conflict means unsat.

import type { Term } from '../terms/term';
import { normalize } from '../terms/semantics';
import { ceilDiv, floorDiv, integerSolvable, linearDifference, type Linear } from './linear';
import {
  addI,
  fits,
  intersect,
  isEmpty,
  isExcluded,
  isNumericTerm,
  withExcluded,
  IntervalEval,
  negI,
  point,
  sameInterval,
  sortRange,
  subI,
  type Env,
  type Interval,
} from './intervals';

/** Rounds of propagation: enough for chains of bounds, and a stop for x < y ∧ y < x over ints. */
const MAX_ROUNDS = 8;

/** Not an Error: propagation throws it often, and an Error would capture a stack trace each time. */
export class Conflict {}

/** One literal: a boolean term and the truth it must have. */
type Literal = readonly [Term, boolean];

function constOf(t: Term): bigint | undefined {
  return t.op === 'const' && typeof t.value === 'bigint' ? t.value : undefined;
}

/** Linear forms memoised by term-id pair, each with its terms: a memo may outlive one query and
 *  see terms of another store (ids restart per store), so a hit counts only for the same terms. */
export type Linears = Map<string, { readonly a: Term; readonly b: Term; readonly l: Linear | undefined }>;

export class Propagator {
  readonly eval: IntervalEval;
  changed = false;

  /** `linears` memoises linear forms; it may be shared by the propagators of one query. */
  constructor(
    readonly env: Env,
    readonly linears: Linears = new Map(),
  ) {
    this.eval = new IntervalEval(env);
  }

  /** Make t have the given truth, narrowing the environment; throws Conflict when it cannot. */
  assume(t: Term, truth: boolean): void {
    const known = this.eval.truthOf(t);
    if (known === !truth) throw new Conflict();
    if (known === truth) return;
    const [a, b] = t.args;
    switch (t.op) {
      case 'not':
        return this.assume(a, !truth);
      case 'and':
        return truth ? t.args.forEach((x) => this.assume(x, true)) : this.oneOf(t.args.map((x) => [x, false]));
      case 'or':
        return truth ? this.oneOf(t.args.map((x) => [x, true])) : t.args.forEach((x) => this.assume(x, false));
      case 'implies':
        return truth
          ? this.oneOf([
              [a, false],
              [b, true],
            ])
          : (this.assume(a, true), this.assume(b, false));
      case 'sym':
        return this.setBool(t, truth);
      case 'ite':
        return this.assumeIte(t, truth);
      case 'eq':
        return this.assumeEq(a, b, truth);
      case 'lt':
      case 'le':
        return this.assumeCompare(t.op, a, b, truth);
      default:
        return;
    }
  }

  /** A disjunction of literals: propagate when exactly one can still hold. */
  private oneOf(lits: readonly Literal[]): void {
    const open: Literal[] = [];
    for (const [t, want] of lits) {
      const v = this.eval.truthOf(t);
      if (v === want) return;
      if (v === undefined) open.push([t, want]);
    }
    if (open.length === 0) throw new Conflict();
    if (open.length === 1) this.assume(open[0][0], open[0][1]);
  }

  setBool(t: Term, truth: boolean): void {
    const old = this.env.bools.get(t.id);
    if (old === !truth) throw new Conflict();
    if (old === undefined) {
      this.env.bools.set(t.id, truth);
      this.changed = true;
      this.eval.reset();
    }
  }

  private assumeIte(t: Term, truth: boolean): void {
    const c = this.eval.truthOf(t.args[0]);
    if (c !== undefined) return this.assume(t.args[c ? 1 : 2], truth);
    // ite(c, x, y) = (c ∧ x) ∨ (¬c ∧ y): a branch that cannot give `truth` fixes c.
    if (this.eval.truthOf(t.args[1]) === !truth) this.assume(t.args[0], false);
    else if (this.eval.truthOf(t.args[2]) === !truth) this.assume(t.args[0], true);
  }

  private assumeEq(a: Term, b: Term, truth: boolean): void {
    if (a.sort.kind === 'bool') {
      const x = this.eval.truthOf(a);
      const y = this.eval.truthOf(b);
      if (x !== undefined) this.assume(b, truth ? x : !x);
      else if (y !== undefined) this.assume(a, truth ? y : !y);
      return;
    }
    if (!isNumericTerm(a)) return;
    const x = this.eval.rangeOf(a);
    const y = this.eval.rangeOf(b);
    if (truth) {
      this.narrow(a, y);
      this.narrow(b, x);
    } else if (y.lo !== undefined && y.lo === y.hi) this.exclude(a, y.lo);
    else if (x.lo !== undefined && x.lo === x.hi) this.exclude(b, x.lo);
    const l = this.linear(a, b);
    if (l !== undefined) this.assumeLinear(l, truth ? 'eq' : 'ne');
  }

  /** t ≠ k: through constant offsets and negation (bijections) down to a symbol's exclusions;
   *  any other term only loses k when k is an end of its interval. */
  private exclude(t: Term, k: bigint): void {
    const [a, b] = t.args;
    const sort = t.sort;
    switch (t.op) {
      case 'sym':
        return this.excludeValue(t, k);
      case 'neg':
        return this.exclude(a, normalize(-k, sort));
      case 'add': {
        const cb = constOf(b),
          ca = constOf(a);
        if (cb !== undefined) return this.exclude(a, normalize(k - cb, sort));
        if (ca !== undefined) return this.exclude(b, normalize(k - ca, sort));
        break;
      }
      case 'sub': {
        const cb = constOf(b),
          ca = constOf(a);
        if (cb !== undefined) return this.exclude(a, normalize(k + cb, sort));
        if (ca !== undefined) return this.exclude(b, normalize(ca - k, sort));
        break;
      }
      default:
        break;
    }
    const r = this.eval.rangeOf(t);
    if (r.lo === k) this.narrow(t, { lo: k + 1n });
    else if (r.hi === k) this.narrow(t, { hi: k - 1n });
  }

  private excludeValue(s: Term, k: bigint): void {
    const r = this.eval.rangeOf(s);
    if (isEmpty(intersect(r, point(k)))) return;
    const old = this.env.excluded.get(s.id);
    if (isExcluded(old, k)) return;
    this.env.excluded.set(s.id, withExcluded(old, k));
    this.changed = true;
    this.setRange(s, r); // trims k when it is an end, and forgets memoised truths
  }

  private assumeCompare(op: 'lt' | 'le', a: Term, b: Term, truth: boolean): void {
    if (!isNumericTerm(a)) return;
    // ¬(a < b) is b ≤ a; ¬(a ≤ b) is b < a.
    const [lo, hi, strict] = truth ? [a, b, op === 'lt'] : [b, a, op === 'le'];
    const gap = strict ? 1n : 0n;
    const x = this.eval.rangeOf(lo);
    const y = this.eval.rangeOf(hi);
    this.narrow(lo, { hi: y.hi === undefined ? undefined : y.hi - gap });
    this.narrow(hi, { lo: x.lo === undefined ? undefined : x.lo + gap });
    const l = this.linear(lo, hi);
    if (l !== undefined) this.assumeLinear(strict ? { ...l, k: l.k + 1n } : l, 'le');
  }

  /** a - b as a linear form (ints), memoised: propagation assumes each conjunct several times. */
  private linear(a: Term, b: Term): Linear | undefined {
    if (a.sort.kind !== 'int' && a.sort.kind !== 'ref') return undefined;
    const key = `${a.id},${b.id}`;
    const hit = this.linears.get(key);
    if (hit !== undefined && hit.a === a && hit.b === b) return hit.l;
    const l = linearDifference(a, b);
    this.linears.set(key, { a, b, l });
    return l;
  }

  /** l = 0, l ≠ 0 or l ≤ 0 over the intervals. */
  private assumeLinear(l: Linear, rel: 'eq' | 'ne' | 'le'): void {
    if (rel === 'ne') return this.assumeLinearNe(l);
    if (rel === 'eq') {
      if (!integerSolvable(l)) throw new Conflict();
      this.assumeLinearLe(l);
      this.assumeLinearLe(negated(l));
      return;
    }
    this.assumeLinearLe(l);
  }

  /** Σ c_i x_i + k ≤ 0: c_i x_i ≤ -k - Σ_{j≠i} min(c_j x_j), rounded to ints. */
  private assumeLinearLe(l: Linear): void {
    const mins = new Map<number, bigint | undefined>();
    let unbounded = 0;
    let total = l.k;
    for (const [id, c] of l.coeffs) {
      const r = this.eval.rangeOf(l.syms.get(id)!);
      const end = c > 0n ? r.lo : r.hi;
      const m = end === undefined ? undefined : c * end;
      mins.set(id, m);
      if (m === undefined) unbounded++;
      else total += m;
    }
    if (unbounded === 0 && total > 0n) throw new Conflict();
    for (const [id, c] of l.coeffs) {
      const m = mins.get(id);
      if (unbounded > 1 || (unbounded === 1 && m !== undefined)) continue;
      const room = -(total - (m ?? 0n)); // c_i x_i ≤ room
      this.narrow(l.syms.get(id)!, c > 0n ? { hi: floorDiv(room, c) } : { lo: ceilDiv(room, c) });
    }
  }

  /** Σ c_i x_i + k ≠ 0: with all symbols but one fixed, that one loses at most one value. */
  private assumeLinearNe(l: Linear): void {
    let open: [Term, bigint] | undefined;
    let rest = l.k;
    for (const [id, c] of l.coeffs) {
      const sym = l.syms.get(id)!;
      const r = this.eval.rangeOf(sym);
      if (r.lo !== undefined && r.lo === r.hi) {
        rest += c * r.lo;
        continue;
      }
      if (open !== undefined) return;
      open = [sym, c];
    }
    if (open === undefined) {
      if (rest === 0n) throw new Conflict();
      return;
    }
    const [sym, c] = open;
    if (rest % c === 0n) this.excludeValue(sym, -rest / c);
  }

  /** Make t's value lie in i, narrowing the symbols it is built from. */
  narrow(t: Term, i: Interval): void {
    const cur = this.eval.rangeOf(t);
    const next = intersect(cur, i);
    if (isEmpty(next)) throw new Conflict();
    if (sameInterval(next, cur)) return;
    const [a, b] = t.args;
    // Backwards through bit-vector arithmetic only when it cannot wrap (ints never do).
    const r = (x: Term): Interval => this.eval.rangeOf(x);
    switch (t.op) {
      case 'sym':
        return this.setRange(t, next);
      case 'add':
        if (fits(addI(r(a), r(b)), t.sort)) {
          this.narrow(a, subI(next, r(b)));
          this.narrow(b, subI(next, r(a)));
        }
        return;
      case 'sub':
        if (fits(subI(r(a), r(b)), t.sort)) {
          this.narrow(a, addI(next, r(b)));
          this.narrow(b, subI(r(a), next));
        }
        return;
      case 'neg':
        if (fits(negI(r(a)), t.sort)) this.narrow(a, negI(next));
        return;
      case 'cast':
        if (isNumericTerm(a) && fits(this.eval.rangeOf(a), t.sort)) this.narrow(a, next);
        return;
      case 'ite':
        return this.narrowIte(t, next);
      default:
        return;
    }
  }

  private narrowIte(t: Term, i: Interval): void {
    const [c, x, y] = t.args;
    const known = this.eval.truthOf(c);
    if (known !== undefined) return this.narrow(known ? x : y, i);
    if (isEmpty(intersect(this.eval.rangeOf(x), i))) {
      this.assume(c, false);
      this.narrow(y, i);
    } else if (isEmpty(intersect(this.eval.rangeOf(y), i))) {
      this.assume(c, true);
      this.narrow(x, i);
    }
  }

  /** Narrow a symbol to i, minus the excluded values at its ends. */
  setRange(t: Term, i: Interval): void {
    let { lo, hi } = intersect(this.env.ranges.get(t.id) ?? sortRange(t.sort), i);
    const excluded = this.env.excluded.get(t.id);
    if (excluded !== undefined) {
      while (lo !== undefined && (hi === undefined || lo <= hi) && isExcluded(excluded, lo)) lo++;
      while (hi !== undefined && (lo === undefined || lo <= hi) && isExcluded(excluded, hi)) hi--;
    }
    const next = { lo, hi };
    if (isEmpty(next)) throw new Conflict();
    this.env.ranges.set(t.id, next);
    this.changed = true;
    // Terms over t may now be narrower: recompute them.
    this.eval.reset();
  }
}

function negated(l: Linear): Linear {
  const coeffs = new Map<number, bigint>();
  for (const [id, c] of l.coeffs) coeffs.set(id, -c);
  return { coeffs, syms: l.syms, k: -l.k };
}

/** Assume every constraint until nothing narrows (or MAX_ROUNDS); throws Conflict. */
export function propagate(constraints: readonly Term[], p: Propagator): void {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    p.changed = false;
    for (const c of constraints) p.assume(c, true);
    if (!p.changed) return;
    p.eval.reset();
  }
}
