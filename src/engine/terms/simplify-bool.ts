// Simplifying constructors for the boolean connectives, ite and equality. Cheap, local and
// sound rules only: constant folding, identities, flattening and duplicate removal, and
// `!(a < b)` turned into `b <= a` so else-branches read naturally, and in a conjunction
// `x == c` (a symbol equal to a constant) decides the other comparisons of x with constants:
// `x >= 0 && x == 0` is `x == 0`, `x > 5 && x == 0` is false.

import { BOOL_SORT, isConst, isFalse, isTrue, sortEquals, sortKey, type Term } from './term';
import { applyCompare } from './semantics';
import type { TermBuilder } from './builder';

export function requireBool(t: Term, where: string): void {
  if (t.sort.kind !== 'bool') throw new Error(`${where}: expected a bool term, got ${sortKey(t.sort)}`);
}

export function requireSameSort(a: Term, b: Term, where: string): void {
  if (!sortEquals(a.sort, b.sort)) {
    throw new Error(`${where}: sort mismatch ${sortKey(a.sort)} vs ${sortKey(b.sort)}`);
  }
}

export function mkNot(s: TermBuilder, t: Term): Term {
  requireBool(t, 'not');
  if (isConst(t)) return s.bool(!t.value);
  if (t.op === 'not') return t.args[0];
  // The negation keeps the operands where the reader had them: !(x > y) is x <= y, !(x < y) is x >= y.
  if (t.op === 'lt') return t.greater ? s.le(t.args[1], t.args[0]) : s.ge(t.args[0], t.args[1]);
  if (t.op === 'le') return t.greater ? s.lt(t.args[1], t.args[0]) : s.gt(t.args[0], t.args[1]);
  return s.mk('not', BOOL_SORT, [t]);
}

/** Shared by and/or: `unit` is the neutral constant, the other constant absorbs. */
function mkJunction(s: TermBuilder, op: 'and' | 'or', ts: readonly Term[]): Term {
  const unit = op === 'and';
  const seen = new Set<number>();
  const negated = new Set<number>(); // ids x such that !x is among the operands
  const comparisons = new Set<string>(); // comparisons among the operands, see comparisonKey
  const out: Term[] = [];
  const absorbed = (): Term => s.bool(!unit);
  for (const t of ts) {
    requireBool(t, op);
    for (const c of t.op === op ? t.args : [t]) {
      if (isConst(c)) {
        if (c.value === unit) continue;
        return absorbed();
      }
      if (seen.has(c.id)) continue;
      // x together with !x: false for and, true for or.
      if (negated.has(c.id) || (c.op === 'not' && seen.has(c.args[0].id))) return absorbed();
      // Negated comparisons are normalised (!(a < b) is b <= a), so complements meet as such.
      const complement = complementKey(c);
      if (complement !== undefined && comparisons.has(complement)) return absorbed();
      const key = comparisonKey(c);
      if (key !== undefined) comparisons.add(key);
      seen.add(c.id);
      if (c.op === 'not') negated.add(c.args[0].id);
      out.push(c);
    }
  }
  if (out.length === 0) return s.bool(unit);
  if (out.length === 1) return out[0];
  if (op === 'and') return pinnedConjunction(s, out);
  return s.mk(op, BOOL_SORT, out);
}

/** The value of the symbol `x` in `x == c`, keyed by the symbol's id. */
function pinnedSymbols(ts: readonly Term[]): Map<number, bigint> {
  const pinned = new Map<number, bigint>();
  for (const t of ts) {
    const [x, c] = t.args;
    if (t.op === 'eq' && x.op === 'sym' && isConst(c) && typeof c.value === 'bigint') pinned.set(x.id, c.value);
  }
  return pinned;
}

/** What a comparison of a pinned symbol with a constant (or `x != c`) is, given the pins. */
function decidedByPins(t: Term, pinned: ReadonlyMap<number, bigint>): boolean | undefined {
  const valueOf = (u: Term): bigint | undefined =>
    isConst(u) && typeof u.value === 'bigint' ? u.value : u.op === 'sym' ? pinned.get(u.id) : undefined;
  const eq = t.op === 'not' ? t.args[0] : t;
  if (eq.op === 'eq') {
    const [x, c] = eq.args;
    const xv = valueOf(x);
    const cv = valueOf(c);
    if (xv === undefined || cv === undefined || !(x.op === 'sym' && isConst(c))) return undefined;
    // `x == c` itself stays (it is the pin); `x == d` with d != c is false.
    if (eq === t) return xv === cv ? undefined : false;
    return xv !== cv;
  }
  if (t.op !== 'lt' && t.op !== 'le') return undefined;
  const [a, b] = t.args;
  if (!(a.op === 'sym' && isConst(b)) && !(isConst(a) && b.op === 'sym')) return undefined;
  const av = valueOf(a);
  const bv = valueOf(b);
  return av === undefined || bv === undefined ? undefined : applyCompare(t.op, av, bv);
}

/**
 * A conjunction with `x == c` (x a symbol, c a constant): any other comparison of x with a
 * constant is decided by substituting c, so it is dropped when true and makes the whole
 * conjunction false when false. Local and sound: under `x == c` both are equivalences.
 */
function pinnedConjunction(s: TermBuilder, out: readonly Term[]): Term {
  const pinned = pinnedSymbols(out);
  if (pinned.size === 0) return s.mk('and', BOOL_SORT, out);
  const kept: Term[] = [];
  for (const t of out) {
    const decided = decidedByPins(t, pinned);
    if (decided === false) return s.falseTerm;
    if (decided === undefined) kept.push(t);
  }
  return kept.length === 1 ? kept[0] : s.mk('and', BOOL_SORT, kept);
}

function comparisonKey(t: Term): string | undefined {
  return t.op === 'lt' || t.op === 'le' ? `${t.op}:${t.args[0].id}:${t.args[1].id}` : undefined;
}

/** The key of the comparison equivalent to !t: !(a < b) is b <= a, !(a <= b) is b < a. */
function complementKey(t: Term): string | undefined {
  if (t.op === 'lt') return `le:${t.args[1].id}:${t.args[0].id}`;
  if (t.op === 'le') return `lt:${t.args[1].id}:${t.args[0].id}`;
  return undefined;
}

export function mkAnd(s: TermBuilder, ts: readonly Term[]): Term {
  return mkJunction(s, 'and', ts);
}

export function mkOr(s: TermBuilder, ts: readonly Term[]): Term {
  return mkJunction(s, 'or', ts);
}

export function mkImplies(s: TermBuilder, a: Term, b: Term): Term {
  requireBool(a, 'implies');
  requireBool(b, 'implies');
  if (isTrue(a)) return b;
  if (isFalse(a) || isTrue(b) || a === b) return s.trueTerm;
  if (isFalse(b)) return s.not(a);
  return s.mk('implies', BOOL_SORT, [a, b]);
}

function mkBoolIte(s: TermBuilder, c: Term, a: Term, b: Term): Term | undefined {
  if (isTrue(a) && isFalse(b)) return c;
  if (isFalse(a) && isTrue(b)) return s.not(c);
  if (isTrue(a)) return s.or(c, b);
  if (isFalse(a)) return s.and(s.not(c), b);
  if (isTrue(b)) return s.or(s.not(c), a);
  if (isFalse(b)) return s.and(c, a);
  return undefined;
}

/**
 * ite(c, b + k, b) is b + ite(c, k, 0) (also with wrap-around): merged counters then stay a
 * flat sum instead of a nest of ites that the solver has to case-split.
 */
function mkOffsetIte(s: TermBuilder, c: Term, a: Term, b: Term): Term | undefined {
  const offsetOf = (sum: Term, base: Term): Term | undefined => {
    if (sum.op !== 'add') return undefined;
    if (sum.args[0] === base) return sum.args[1];
    if (sum.args[1] === base) return sum.args[0];
    return undefined;
  };
  const ka = offsetOf(a, b);
  if (ka) return s.add(b, s.ite(c, ka, s.zero(ka.sort)));
  const kb = offsetOf(b, a);
  if (kb) return s.add(a, s.ite(c, s.zero(kb.sort), kb));
  return undefined;
}

export function mkIte(s: TermBuilder, c: Term, a: Term, b: Term): Term {
  requireBool(c, 'ite');
  requireSameSort(a, b, 'ite');
  if (isConst(c)) return c.value ? a : b;
  if (a === b) return a;
  if (c.op === 'not') return s.ite(c.args[0], b, a);
  // Nested ites on the same condition (typical after merging paths) collapse.
  if (a.op === 'ite' && a.args[0] === c) return s.ite(c, a.args[1], b);
  if (b.op === 'ite' && b.args[0] === c) return s.ite(c, a, b.args[2]);
  if (a.sort.kind === 'bool') {
    const simpler = mkBoolIte(s, c, a, b);
    if (simpler) return simpler;
  }
  const offset = mkOffsetIte(s, c, a, b);
  if (offset) return offset;
  return s.mk('ite', a.sort, [c, a, b]);
}

export function mkEq(s: TermBuilder, a: Term, b: Term): Term {
  requireSameSort(a, b, 'eq');
  if (a === b) return s.trueTerm;
  // Hash-consing makes distinct scalar constants distinct objects.
  if (isConst(a) && isConst(b)) return s.falseTerm;
  if (a.sort.kind === 'bool') {
    if (isConst(a)) return a.value ? b : s.not(b);
    if (isConst(b)) return b.value ? a : s.not(a);
  }
  // Constants go right; otherwise the first orientation made wins, so `a == b` and
  // `b == a` share one term yet print the way they were first written.
  if (isConst(a)) return s.mk('eq', BOOL_SORT, [b, a]);
  return s.find('eq', BOOL_SORT, [b, a]) ?? s.mk('eq', BOOL_SORT, [a, b]);
}
