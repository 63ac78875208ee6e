// What the pipeline remembers between queries, all bounded: exact results keyed by the
// canonical constraint set (sorted term ids), recent models to try on new constraint sets
// (KLEE's counterexample cache: a model that satisfies the constraints answers sat), and
// unsat constraint sets (any superset of an unsat set is unsat).

import type { Term } from '../terms/term';
import { LruMap } from './lru';
import { satisfiesAll } from './modeleval';
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
  const terms = [...new Set(constraints)].sort((a, b) => a.id - b.id);
  return { key: terms.map((t) => t.id).join(','), terms };
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
    const hit = this.results.get(key);
    if (hit !== undefined && sameTerms(hit.terms, terms)) return hit.result;
    const present = new Set(terms);
    for (const set of this.unsatSets.values()) {
      if (set.length <= terms.length && set.every((t) => present.has(t))) return { status: 'unsat' };
    }
    return undefined;
  }

  /** A recent model under which all constraints hold (hint first), if any. */
  reusableModel(constraints: readonly Term[], hint: Model | undefined): Model | undefined {
    if (hint !== undefined && satisfiesAll(hint, constraints)) return hint;
    for (const m of this.models.values()) {
      if (m !== hint && satisfiesAll(m, constraints)) return m;
    }
    return undefined;
  }

  /** Remember a definite result (unknowns are not remembered: a retry may succeed). */
  remember(key: string, terms: readonly Term[], result: SatResult): void {
    if (result.status === 'unknown') return;
    this.results.set(key, { terms, result });
    if (result.status === 'sat' && result.model !== undefined) this.models.set(result.model, result.model);
    if (result.status === 'unsat') this.unsatSets.set(key, terms);
  }
}
