// Symbols named by a key instead of made fresh (design B.4/B.5, snapshots and heap-dependent
// functions): the same key always gives the same symbol, so the value of a field derived from
// a predicate's snapshot, a snapshot built from values, or an application `f(snapshot, args)`
// is one term wherever it is made. Z3 sees each as an uninterpreted constant (no congruence:
// two applications with provably equal but different argument terms are two constants, which
// loses completeness, never soundness). A keyed symbol may carry facts that hold wherever it
// occurs (a function application's definition, design E.3): `factsFor` adds them to a query.
// Owned by the term store of one run, like the terms themselves.

import type { Sort, Term } from './term';
import type { TermStore } from './store';
import { freeSymbols, SymbolCache } from './symbols';

export class KeyedSymbols {
  private readonly byKey = new Map<string, Term>();
  private readonly infos = new Map<number, unknown>();
  private readonly facts = new Map<number, Term[]>();
  private readonly cache = new SymbolCache();

  constructor(private readonly T: TermStore) {}

  /** The symbol for `key` (made on first use with `display`, `origin` and the caller's `info`). */
  sym(key: string, sort: Sort, display: string, origin: string, info?: unknown): Term {
    let t = this.byKey.get(key);
    if (!t) {
      t = this.T.symbol(sort, display, origin);
      this.byKey.set(key, t);
      if (info !== undefined) this.infos.set(t.id, info);
    }
    return t;
  }

  /** What the maker of a keyed symbol recorded with it. */
  info(t: Term): unknown {
    return t.op === 'sym' ? this.infos.get(t.id) : undefined;
  }

  /** Whether `t` already has facts (or was marked as being given them). */
  hasFacts(t: Term): boolean {
    return this.facts.has(t.id);
  }

  /** Records `fact` as true wherever `t` occurs. */
  addFact(t: Term, fact: Term): void {
    const list = this.facts.get(t.id) ?? [];
    this.facts.set(t.id, list);
    if (!(fact.op === 'const' && fact.value === true)) list.push(fact);
  }

  /** The facts of every keyed symbol in `terms`, and of those in the facts, transitively. */
  factsFor(terms: readonly Term[]): Term[] {
    if (this.facts.size === 0) return [];
    const out: Term[] = [];
    const seen = new Set<number>();
    const work = [...terms];
    while (work.length > 0) {
      const t = work.pop()!;
      for (const s of freeSymbols(t, this.cache)) {
        if (seen.has(s.id)) continue;
        seen.add(s.id);
        const fs = this.facts.get(s.id);
        if (fs) for (const f of fs) { out.push(f); work.push(f); }
      }
    }
    return out;
  }
}
