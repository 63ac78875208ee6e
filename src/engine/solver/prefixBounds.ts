// Incremental bounds for the cheap decision layer (bounds.ts). A symbolic run asks its branch
// queries along a path: the constraints of one query are those of an earlier one (the parent
// state's path condition and its branch) plus one or two new conjuncts. Propagating the whole
// constraint set again made a chain of n `else if`s cost O(n) per branch, O(n²) in all (and
// the model search over the exclusions of `y ≠ 0 ∧ … ∧ y ≠ k` O(n³)). So the layer keeps, for
// the last constraint sets it saw, what propagation left: the environment (intervals,
// booleans, exclusions) and the conjuncts still *open* under it (truth unknown). A new set
// starts from the largest remembered subset: a copy of its environment, and only its open
// conjuncts plus the new ones to propagate.
//
// Why this is sound and loses nothing: everything in a remembered environment is implied by
// that subset's conjuncts, hence by the superset's. Environments only narrow, so a conjunct
// true over the subset's environment (entailed) stays true over every narrower one: assuming
// it again narrows nothing (Propagator.assume returns at once on a known truth), it cannot be
// false, and every model that respects the environment (inside the intervals, off the
// excluded values, on the fixed booleans) satisfies it. So propagation, the falsity check,
// the model check and difference logic need only the open conjuncts, and a model is accepted
// only after `respectsEnv` confirms it lies in the environment (models.ts builds it there).

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { isEmpty, isExcluded, sortRange, intersect, point, type Env } from './intervals';
import type { Linears } from './propagate';

/** What propagation left for one constraint set (sorted by term id, as canonical() gives). */
export interface PrefixEntry {
  readonly terms: readonly Term[];
  /** undefined when propagation found a conflict: the set (and every superset) is unsat. */
  readonly env: Env | undefined;
  /** The conjuncts whose truth the environment does not decide (true ones are dropped). */
  readonly open: readonly Term[];
  /** The symbols of every conjunct of `terms`. */
  readonly syms: readonly Term[];
}

/** How many constraint sets are remembered: a depth-first run asks near its last questions. */
const SLOTS = 16;
/** Sets this small are propagated whole: looking up a prefix would cost more. */
export const MIN_INCREMENTAL = 8;

export class PrefixBounds {
  private readonly entries: (PrefixEntry | undefined)[] = new Array<PrefixEntry | undefined>(SLOTS).fill(undefined);
  private next = 0;
  /** Linear forms by term-id pair, shared by every propagation (terms are immutable; a hit is
   *  checked against its terms, propagate.ts). */
  readonly linears: Linears = new Map();

  /** The remembered set with the most terms that is a subset of `terms` (sorted by id). */
  largestSubset(terms: readonly Term[]): PrefixEntry | undefined {
    let best: PrefixEntry | undefined;
    for (let k = 1; k <= SLOTS; k++) {
      const e = this.entries[(this.next - k + SLOTS) % SLOTS];
      if (e === undefined || e.terms.length > terms.length) continue;
      if (best !== undefined && e.terms.length <= best.terms.length) continue;
      if (isSortedSubset(e.terms, terms)) best = e;
    }
    return best;
  }

  remember(entry: PrefixEntry): void {
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % SLOTS;
    if (this.linears.size > 100_000) this.linears.clear();
  }
}

/** The terms of `all` (sorted by id) that are not in `sub` (a sorted subset of it). */
export function minus(all: readonly Term[], sub: readonly Term[]): Term[] {
  const out: Term[] = [];
  let j = 0;
  for (const t of all) {
    if (j < sub.length && sub[j] === t) j++;
    else out.push(t);
  }
  return out;
}

/** Is `sub` a subset of `all`, both sorted by id? Cheap rejections first (ends, by search). */
function isSortedSubset(sub: readonly Term[], all: readonly Term[]): boolean {
  if (sub.length === 0) return true;
  if (!containsSorted(all, sub[sub.length - 1]) || !containsSorted(all, sub[0])) return false;
  let i = 0;
  for (const t of sub) {
    while (i < all.length && all[i].id < t.id) i++;
    if (i === all.length || all[i] !== t) return false;
    i++;
  }
  return true;
}

function containsSorted(all: readonly Term[], t: Term): boolean {
  let lo = 0,
    hi = all.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const id = all[mid].id;
    if (id === t.id) return all[mid] === t;
    if (id < t.id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Does the model give every symbol a value the environment allows? (See the header.) */
export function respectsEnv(model: ReadonlyMap<number, Value>, syms: readonly Term[], env: Env): boolean {
  for (const s of syms) {
    const v = model.get(s.id);
    if (s.sort.kind === 'bool') {
      const fixed = env.bools.get(s.id);
      if (typeof v !== 'boolean' || (fixed !== undefined && fixed !== v)) return false;
      continue;
    }
    if (typeof v !== 'bigint') return false;
    const range = env.ranges.get(s.id) ?? sortRange(s.sort);
    if (isEmpty(intersect(range, point(v))) || isExcluded(env.excluded.get(s.id), v)) return false;
  }
  return true;
}
