// Symbols named by a key instead of made fresh (docs/design.md B.4/B.5, snapshots and heap-dependent
// functions): the same key always gives the same symbol, so the value of a field derived from
// a predicate's snapshot, a snapshot built from values, or an application `f(snapshot, args)`
// is one term wherever it is made. Z3 sees each as an uninterpreted constant; congruence for
// applications of one function (equal arguments give equal results) is added as Ackermann
// constraints between the applications of a group (`congruent`). A keyed symbol may carry
// facts that hold wherever it occurs (a function application's definition, docs/design.md E.3):
// `factsFor` adds them, and the congruence constraints, to a query.
// Owned by the term store of one run, like the terms themselves.

import type { Sort, Term } from './term';
import type { TermBuilder } from './builder';
import { freeSymbols, SymbolCache } from './symbols';
import { appliedNames } from './boundVars';

export class KeyedSymbols {
  private readonly byKey = new Map<string, Term>();
  private readonly infos = new Map<number, unknown>();
  private readonly facts = new Map<number, Term[]>();
  /** Facts that do not mark their symbol as expanded (a function's postcondition at an application). */
  private readonly lemmas = new Map<number, Term[]>();
  private readonly cache = new SymbolCache();
  /** Per group (a function): its applications with the parts that determine them. */
  private readonly groups = new Map<string, { app: Term; parts: readonly Term[] }[]>();
  /** Per application: its Ackermann constraints with the earlier applications of its group. */
  private readonly links = new Map<number, Term[]>();
  /** Facts of an uninterpreted function (made under a binder, docs/design.md B.11), by its name. */
  private readonly functionFacts = new Map<string, Term[]>();
  /** Per group whose applications are also uninterpreted-function terms: how a member's term is made. */
  private readonly asApplication = new Map<string, (app: Term, parts: readonly Term[]) => Term[]>();

  constructor(private readonly T: TermBuilder) {}

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

  /** Records `fact` as true wherever `t` occurs, without marking `t` as given its facts (`hasFacts`). */
  addLemma(t: Term, fact: Term): void {
    if (fact.op === 'const' && fact.value === true) return;
    const list = this.lemmas.get(t.id) ?? [];
    this.lemmas.set(t.id, list);
    list.push(fact);
  }

  /**
   * Registers `app` as determined by `parts` (scalar terms) in `group`: for every earlier
   * application of the group, `parts == parts' ==> app == app'` holds (Ackermann's reduction
   * of congruence). Kept apart from the facts, so that `hasFacts` still means "expanded".
   * `same`: when two members' parts are the same, if not pairwise equal (a quantified footprint's summary).
   */
  congruent(
    group: string,
    app: Term,
    parts: readonly Term[],
    same?: (mine: readonly Term[], theirs: readonly Term[]) => Term,
  ): void {
    if (this.links.has(app.id)) return;
    const T = this.T;
    const members = this.groups.get(group) ?? [];
    this.groups.set(group, members);
    const mine: Term[] = [];
    for (const m of members) {
      if (m.parts.length !== parts.length || m.parts.some((p, i) => p.sort.kind !== parts[i].sort.kind)) continue;
      const equal = same ? same(parts, m.parts) : T.and(...parts.map((p, i) => T.eq(p, m.parts[i])));
      const fact = T.implies(equal, T.eq(app, m.app));
      if (!(fact.op === 'const' && fact.value === true)) mine.push(fact);
    }
    this.links.set(app.id, mine);
    members.push({ app, parts });
    const link = this.asApplication.get(group);
    if (link) for (const f of link(app, parts)) this.addLemma(app, f);
  }

  /**
   * From now on, every application of `group` (earlier ones included) also has the facts
   * `link(parts)` (its equality with the uninterpreted-function term of its parts, B.11).
   */
  linkGroup(group: string, link: (app: Term, parts: readonly Term[]) => Term[]): void {
    if (this.asApplication.has(group)) return;
    const members = this.groups.get(group) ?? [];
    this.groups.set(group, members);
    for (const m of members) for (const f of link(m.app, m.parts)) this.addLemma(m.app, f);
    this.asApplication.set(group, link);
  }

  /** Whether facts quantified over a binder were made (B.11): Z3 may then answer unknown where it cannot refute. */
  hasFunctionFacts(): boolean {
    return this.functionFacts.size > 0;
  }

  /** Records `fact` as true wherever the uninterpreted function `name` is applied. */
  addFunctionFact(name: string, fact: Term): void {
    if (fact.op === 'const' && fact.value === true) return;
    const list = this.functionFacts.get(name) ?? [];
    this.functionFacts.set(name, list);
    list.push(fact);
  }

  /** Whether any keyed symbol has facts yet (when not, `factsFor` is empty whatever it is asked). */
  anyFacts(): boolean {
    return this.facts.size > 0 || this.links.size > 0 || this.lemmas.size > 0 || this.functionFacts.size > 0;
  }

  /** The facts of every keyed symbol in `terms`, and of those in the facts, transitively. */
  factsFor(terms: readonly Term[]): Term[] {
    if (!this.anyFacts()) return [];
    const out: Term[] = [];
    const seen = new Set<number>();
    const seenFns = new Set<string>();
    const work = [...terms];
    while (work.length > 0) {
      const t = work.pop()!;
      if (this.functionFacts.size > 0)
        for (const n of appliedNames(t)) {
          if (seenFns.has(n)) continue;
          seenFns.add(n);
          for (const f of this.functionFacts.get(n) ?? []) {
            out.push(f);
            work.push(f);
          }
        }
      for (const s of freeSymbols(t, this.cache)) {
        if (seen.has(s.id)) continue;
        seen.add(s.id);
        const own = [...(this.facts.get(s.id) ?? []), ...(this.lemmas.get(s.id) ?? [])];
        for (const f of [...own, ...(this.links.get(s.id) ?? [])]) {
          out.push(f);
          work.push(f);
        }
      }
    }
    // Oldest first: queries along a path then share a long prefix of facts, which the
    // incremental backend keeps asserted instead of re-sending (z3wasm.ts `sync`).
    return out.sort((a, b) => a.id - b.id);
  }
}
