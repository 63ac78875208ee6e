// The cheap decision layer in front of the backend: bounds propagation over the conjuncts of
// a (sliced) query. Each conjunct is assumed true and narrows the intervals of the symbols it
// bounds (HC4-style, backwards through +, -, negation, casts and ites whose condition is
// known); a disjunction with all but one literal false propagates that literal (unit
// propagation). It answers ONLY when sure: 'unsat' when some interval empties or a conjunct
// evaluates to false over the intervals (everything is an over-approximation, so this is
// sound), 'sat' only with a model picked inside the intervals that the term evaluator
// confirms satisfies every conjunct. Anything else is left to the next layer.

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { addI, fits, intersect, isEmpty, isNumericTerm, IntervalEval, negI, sameInterval, sortRange, subI, type Env, type Interval } from './intervals';
import { satisfiesAll } from './modeleval';
import type { Model, SatResult } from './solver';

/** Rounds of propagation: enough for chains of bounds, and a stop for x < y ∧ y < x over ints. */
const MAX_ROUNDS = 8;
/** Larger constraint sets go straight on: propagation would cost more than it saves. */
const MAX_NODES = 20_000;
const SUPPORTED_SYMBOL_SORTS = new Set(['int', 'bv', 'bool']);

/** Not an Error: propagation throws it often, and an Error would capture a stack trace each time. */
class Conflict {}

/** One literal: a boolean term and the truth it must have. */
type Literal = readonly [Term, boolean];

class Propagator {
  readonly eval: IntervalEval;
  changed = false;

  constructor(readonly env: Env) {
    this.eval = new IntervalEval(env);
  }

  /** Make t have the given truth, narrowing the environment; throws Conflict when it cannot. */
  assume(t: Term, truth: boolean): void {
    const known = this.eval.truthOf(t);
    if (known === !truth) throw new Conflict();
    if (known === truth) return;
    const [a, b] = t.args;
    switch (t.op) {
      case 'not': return this.assume(a, !truth);
      case 'and': return truth ? t.args.forEach((x) => this.assume(x, true)) : this.oneOf(t.args.map((x) => [x, false]));
      case 'or': return truth ? this.oneOf(t.args.map((x) => [x, true])) : t.args.forEach((x) => this.assume(x, false));
      case 'implies': return truth ? this.oneOf([[a, false], [b, true]]) : (this.assume(a, true), this.assume(b, false));
      case 'sym': return this.setBool(t, truth);
      case 'ite': return this.assumeIte(t, truth);
      case 'eq': return this.assumeEq(a, b, truth);
      case 'lt': case 'le': return this.assumeCompare(t.op, a, b, truth);
      default: return;
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

  private setBool(t: Term, truth: boolean): void {
    const old = this.env.bools.get(t.id);
    if (old === !truth) throw new Conflict();
    if (old === undefined) { this.env.bools.set(t.id, truth); this.changed = true; }
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
      return;
    }
    // a ≠ k cuts k off an end of the other side's interval.
    if (y.lo !== undefined && y.lo === y.hi) this.exclude(a, y.lo);
    else if (x.lo !== undefined && x.lo === x.hi) this.exclude(b, x.lo);
  }

  private exclude(t: Term, k: bigint): void {
    const r = this.eval.rangeOf(t);
    if (r.lo === k) this.narrow(t, { lo: k + 1n });
    else if (r.hi === k) this.narrow(t, { hi: k - 1n });
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
      case 'sym': return this.setRange(t, next);
      case 'add': if (fits(addI(r(a), r(b)), t.sort)) { this.narrow(a, subI(next, r(b))); this.narrow(b, subI(next, r(a))); } return;
      case 'sub': if (fits(subI(r(a), r(b)), t.sort)) { this.narrow(a, addI(next, r(b))); this.narrow(b, subI(r(a), next)); } return;
      case 'neg': if (fits(negI(r(a)), t.sort)) this.narrow(a, negI(next)); return;
      case 'cast': if (isNumericTerm(a) && fits(this.eval.rangeOf(a), t.sort)) this.narrow(a, next); return;
      case 'ite': return this.narrowIte(t, next);
      default: return;
    }
  }

  private narrowIte(t: Term, i: Interval): void {
    const [c, x, y] = t.args;
    const known = this.eval.truthOf(c);
    if (known !== undefined) return this.narrow(known ? x : y, i);
    if (isEmpty(intersect(this.eval.rangeOf(x), i))) { this.assume(c, false); this.narrow(y, i); }
    else if (isEmpty(intersect(this.eval.rangeOf(y), i))) { this.assume(c, true); this.narrow(x, i); }
  }

  private setRange(t: Term, i: Interval): void {
    this.env.ranges.set(t.id, intersect(this.env.ranges.get(t.id) ?? sortRange(t.sort), i));
    this.changed = true;
    // Terms over t may now be narrower: recompute them.
    this.eval.reset();
  }
}

/** Symbols of the constraints, or undefined when a term is out of the layer's scope. */
function scan(constraints: readonly Term[]): Term[] | undefined {
  const seen = new Set<number>();
  const syms: Term[] = [];
  const stack = [...constraints];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    if (seen.size > MAX_NODES || t.op === 'bound' || t.sort.kind === 'array' || t.sort.kind === 'ref') return undefined;
    if (t.op === 'sym') {
      if (!SUPPORTED_SYMBOL_SORTS.has(t.sort.kind)) return undefined;
      syms.push(t);
    }
    stack.push(...t.args);
  }
  return syms;
}

function clamp(v: bigint, i: Interval): bigint {
  if (i.lo !== undefined && v < i.lo) return i.lo;
  if (i.hi !== undefined && v > i.hi) return i.hi;
  return v;
}

/** Candidate models inside the intervals: near the hint (or 0), then at the low and high ends. */
function candidates(syms: readonly Term[], env: Env, hint: Model | undefined): Model[] {
  const pickers: ((s: Term, i: Interval) => bigint)[] = [
    (s, i) => clamp(typeof hint?.get(s.id) === 'bigint' ? hint.get(s.id) as bigint : 0n, i),
    (_s, i) => i.lo ?? clamp(0n, i),
    (_s, i) => i.hi ?? clamp(0n, i),
  ];
  return pickers.map((pick) => {
    const m = new Map<number, Value>();
    for (const s of syms) {
      if (s.sort.kind === 'bool') {
        const h = hint?.get(s.id);
        m.set(s.id, env.bools.get(s.id) ?? (typeof h === 'boolean' ? h : false));
      } else {
        m.set(s.id, pick(s, env.ranges.get(s.id) ?? sortRange(s.sort)));
      }
    }
    return m;
  });
}

function propagate(constraints: readonly Term[], p: Propagator): void {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    p.changed = false;
    for (const c of constraints) p.assume(c, true);
    if (!p.changed) return;
    p.eval.reset();
  }
}

/** sat (with a checked model of every symbol) / unsat, or undefined when not sure. */
export function decideByBounds(constraints: readonly Term[], hint?: Model): SatResult | undefined {
  const syms = scan(constraints);
  if (syms === undefined) return undefined;
  const p = new Propagator({ ranges: new Map(), bools: new Map() });
  try {
    propagate(constraints, p);
    p.eval.reset();
    if (constraints.some((c) => p.eval.truthOf(c) === false)) return { status: 'unsat' };
  } catch (e) {
    if (e instanceof Conflict) return { status: 'unsat' };
    if (e instanceof RangeError) return undefined; // a term too deep to walk recursively
    throw e;
  }
  for (const model of candidates(syms, p.env, hint)) {
    if (satisfiesAll(model, constraints)) return { status: 'sat', model };
  }
  return undefined;
}
