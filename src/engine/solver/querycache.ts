// What the pipeline remembers between queries, all bounded: exact results keyed by the
// canonical constraint set (sorted term ids), recent models to try on new constraint sets
// (KLEE's counterexample cache: a model that satisfies the constraints answers sat), and
// unsat constraint sets (any superset of an unsat set is unsat).

import type { Term } from '../terms/term';
import { LruMap } from './lru';
import { evaluateUnder } from './modeleval';
import type { Model, SatResult } from './solver';

interface CacheEntry {
  readonly terms: readonly Term[]; // sorted by id: guards against ids of another store
  readonly result: SatResult;
}

export interface QueryCacheLimits {
  readonly results: number;
  readonly models: number;
  readonly unsatSets: number;
}

export const DEFAULT_LIMITS: QueryCacheLimits = { results: 10_000, models: 16, unsatSets: 256 };

export function canonical(constraints: readonly Term[]): { key: string; terms: Term[] } {
  // The usual slice is one conjunct (a branch on a fresh input): no Set, no sort.
  if (constraints.length === 1) return { key: String(constraints[0].id), terms: [constraints[0]] };
  // Sorted, then deduplicated by neighbours (equal terms are one object, with one id): no Set.
  const sorted = [...constraints].sort((a, b) => a.id - b.id);
  const terms = sorted.filter((t, i) => i === 0 || t !== sorted[i - 1]);
  return { key: terms.length > MAX_KEYED ? UNKEYED : terms.map((t) => t.id).join(','), terms };
}

/** Sets larger than this are not remembered by key: a long path condition (a 10,000-branch
 *  `else if` chain) would keep O(n) of key and terms per query, O(n²) in all, for sets that
 *  each come once. Recent models and incremental bounds (prefixBounds.ts) serve them instead. */
const MAX_KEYED = 256;
const UNKEYED = '';

/** Is t in `sorted` (sorted by id)? Binary search: no Set to build per query. */
function containsSorted(sorted: readonly Term[], t: Term): boolean {
  let lo = 0,
    hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const id = sorted[mid].id;
    if (id === t.id) return sorted[mid] === t;
    if (id < t.id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** satisfiesAll, evaluating the newest terms (highest ids) first: a recent model was made for
 *  the older conjuncts, so when it fails, it fails on a new one (the branch just asked), and a
 *  long path condition is not evaluated 17 times per query to learn that. */
function satisfiesAllNewestFirst(model: Model, sorted: readonly Term[]): boolean {
  for (let i = sorted.length - 1; i >= 0; i--) if (evaluateUnder(model, sorted[i]) !== true) return false;
  return true;
}

function sameTerms(a: readonly Term[], b: readonly Term[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

export class QueryCache {
  private readonly results: LruMap<string, CacheEntry>;
  private readonly models: LruMap<Model, Model>;
  private readonly unsatSets: LruMap<string, readonly Term[]>;

  constructor(limits: QueryCacheLimits = DEFAULT_LIMITS) {
    this.results = new LruMap(limits.results);
    this.models = new LruMap(limits.models);
    this.unsatSets = new LruMap(limits.unsatSets);
  }

  /** The exact cached result, or unsat when a cached unsat set is contained in the constraints. */
  lookup(key: string, terms: readonly Term[]): SatResult | undefined {
    const hit = key === UNKEYED ? undefined : this.results.get(key);
    if (hit !== undefined && sameTerms(hit.terms, terms)) return hit.result;
    if (this.unsatSets.size === 0) return undefined;
    for (const set of this.unsatSets.values()) {
      if (set.length <= terms.length && set.every((t) => containsSorted(terms, t))) return { status: 'unsat' };
    }
    return undefined;
  }

  /** A recent model under which all constraints hold (hint first, checked by `hintSatisfies`:
   *  the pipeline knows which conjuncts its own models satisfy), if any. */
  reusableModel(
    constraints: readonly Term[],
    hint: Model | undefined,
    hintSatisfies: (m: Model, ts: readonly Term[]) => boolean = satisfiesAllNewestFirst,
  ): Model | undefined {
    if (hint !== undefined && hintSatisfies(hint, constraints)) return hint;
    for (const m of this.models.values()) {
      if (m !== hint && satisfiesAllNewestFirst(m, constraints)) return m;
    }
    return undefined;
  }

  /** Remember a definite result (unknowns are not remembered: a retry may succeed). */
  remember(key: string, terms: readonly Term[], result: SatResult): void {
    if (result.status === 'unknown') return;
    if (result.status === 'sat' && result.model !== undefined) this.models.set(result.model, result.model);
    if (key === UNKEYED) return;
    this.results.set(key, { terms, result });
    if (result.status === 'unsat') this.unsatSets.set(key, terms);
  }
}
