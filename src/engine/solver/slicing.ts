// Independence slicing: only the path-condition conjuncts that (transitively) share a symbol
// with the query can influence its satisfiability, given that pc alone is satisfiable.
// Union-find over symbol ids groups the conjuncts into independent components.

import type { Term } from '../terms/term';

/** Free symbols per term, memoised by the solver instance that owns it. Keyed by the term
 *  object itself (weakly), so terms of another store never collide and the memo lives exactly
 *  as long as its terms; a lookup is one map read (no LRU reordering on the hot path). */
export class SymbolIndex {
  private readonly memo = new WeakMap<Term, readonly Term[]>();

  /** The distinct 'sym' terms occurring in t (iterative: terms can be deep). */
  symbolsOf(t: Term): readonly Term[] {
    const hit = this.memo.get(t);
    if (hit !== undefined) return hit;
    const syms: Term[] = [];
    const seen = new Set<Term>();
    const stack: Term[] = [t];
    while (stack.length > 0) {
      const u = stack.pop()!;
      if (seen.has(u)) continue;
      seen.add(u);
      if (u.op === 'sym') syms.push(u);
      else stack.push(...u.args);
    }
    this.memo.set(t, syms);
    return syms;
  }

  /** A conjunct without symbols that mentions a set or a sequence (terms/collections.ts): the
   *  store folds no such term, so unlike other ground terms it may be false without being the
   *  constant false (`1 in Set(2)`, assumed by an inhale). Slices and components keep it. */
  groundCollection(t: Term): boolean {
    if (t.op === 'const' || this.symbolsOf(t).length > 0) return false;
    let hit = this.ground.get(t);
    if (hit === undefined) {
      hit = mentionsColl(t);
      this.ground.set(t, hit);
    }
    return hit;
  }
  private readonly ground = new WeakMap<Term, boolean>();

  /** The distinct symbols of several terms. */
  symbolsOfAll(ts: readonly Term[]): Term[] {
    // Usually a few symbols over many conjuncts (a long path condition on one input): a short
    // list scanned per symbol, and a map only once it grows.
    const out: Term[] = [];
    let ids: Set<number> | undefined;
    for (const t of ts) {
      for (const s of this.symbolsOf(t)) {
        if (ids !== undefined ? ids.has(s.id) : out.some((o) => o.id === s.id)) continue;
        out.push(s);
        if (ids !== undefined) ids.add(s.id);
        else if (out.length > SMALL) ids = new Set(out.map((o) => o.id));
      }
    }
    return out;
  }
}

function mentionsColl(t: Term): boolean {
  const seen = new Set<Term>();
  const stack: Term[] = [t];
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (u.op === 'coll') return true;
    if (seen.has(u)) continue;
    seen.add(u);
    stack.push(...u.args);
  }
  return false;
}

/** Split top-level conjunctions so each conjunct can be sliced on its own. */
export function flattenConjuncts(ts: readonly Term[]): Term[] {
  const out: Term[] = [];
  // A short list is deduplicated by scanning it: cheaper than a Set (this runs on every query).
  const seen = ts.length > SMALL ? new Set<Term>() : undefined;
  const add = (t: Term): void => {
    if (t.op === 'const' && t.value === true) return;
    if (seen ? seen.has(t) : out.includes(t)) return;
    seen?.add(t);
    out.push(t);
  };
  // The top level in order without copying it (usually no conjunct is an `and`); nested
  // conjunctions through a stack, left to right as before.
  for (const top of ts) {
    if (top.op !== 'and') {
      add(top);
      continue;
    }
    const stack = [top];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t.op === 'and') {
        for (let i = t.args.length - 1; i >= 0; i--) stack.push(t.args[i]);
        continue;
      }
      add(t);
    }
  }
  return out;
}

/** Lists up to this long are searched by scanning rather than through a Set. */
const SMALL = 32;

class UnionFind {
  private readonly parent = new Map<number, number>();

  find(x: number): number {
    let root = x;
    for (let p = this.parent.get(root); p !== undefined && p !== root; p = this.parent.get(root)) root = p;
    for (let y = x; y !== root;) {
      const next = this.parent.get(y)!;
      this.parent.set(y, root);
      y = next;
    }
    if (!this.parent.has(root)) this.parent.set(root, root);
    return root;
  }

  union(a: number, b: number): void {
    const ra = this.find(a),
      rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

/** Group conjuncts into independent components (conjuncts without symbols are dropped:
 *  they are ground, so pc being satisfiable makes them true; but one about sets or sequences,
 *  which the store does not fold, is a component of its own: it may be false). Order inside a component and
 *  among components follows the input order. */
export function components(conjuncts: readonly Term[], index: SymbolIndex): Term[][] {
  const uf = new UnionFind();
  for (const c of conjuncts) {
    const syms = index.symbolsOf(c);
    for (let i = 1; i < syms.length; i++) uf.union(syms[0].id, syms[i].id);
  }
  const groups = new Map<number, Term[]>();
  for (const c of conjuncts) {
    const syms = index.symbolsOf(c);
    if (syms.length === 0) {
      if (index.groundCollection(c)) groups.set(-1 - c.id, [c]);
      continue;
    }
    const root = uf.find(syms[0].id);
    const g = groups.get(root);
    if (g) g.push(c);
    else groups.set(root, [c]);
  }
  return [...groups.values()];
}

export interface Slice {
  /** The conjuncts the query depends on, query conjuncts last. */
  readonly relevant: Term[];
  /** The pc conjuncts the query does not depend on. */
  readonly rest: Term[];
}

/** Keep the pc conjuncts transitively sharing symbols with the query conjuncts. */
export function sliceFor(pc: readonly Term[], query: readonly Term[], index: SymbolIndex): Slice {
  return independentOfPc(pc, query, index) ?? linkedSlice(pc, query, index);
}

/** The common case without union-find: no pc conjunct mentions a symbol of the query (a
 *  branch on a fresh input), so no chain of shared symbols can reach the query either. */
function independentOfPc(pc: readonly Term[], query: readonly Term[], index: SymbolIndex): Slice | undefined {
  // Usually one query conjunct over one or two symbols: its own symbol list, scanned, beats a Set.
  const querySyms = query.length === 1 ? index.symbolsOf(query[0]) : query.flatMap((q) => index.symbolsOf(q));
  const mentioned: { has(t: Term): boolean } =
    querySyms.length > SMALL ? new Set(querySyms) : { has: (t) => querySyms.includes(t) };
  const inQuery = query.length > SMALL ? new Set(query) : query;
  const rest: Term[] = [];
  for (const c of pc) {
    if (inQuery instanceof Set ? inQuery.has(c) : inQuery.includes(c)) continue;
    if (index.groundCollection(c)) return undefined;
    for (const s of index.symbolsOf(c)) if (mentioned.has(s)) return undefined;
    rest.push(c);
  }
  return { relevant: [...query], rest };
}

function linkedSlice(pc: readonly Term[], query: readonly Term[], index: SymbolIndex): Slice {
  const uf = new UnionFind();
  const link = (c: Term): void => {
    const syms = index.symbolsOf(c);
    for (let i = 1; i < syms.length; i++) uf.union(syms[0].id, syms[i].id);
  };
  pc.forEach(link);
  query.forEach(link);
  const roots = new Set<number>();
  const querySyms: Term[] = [];
  for (const q of query) {
    for (const s of index.symbolsOf(q)) {
      roots.add(uf.find(s.id));
      querySyms.push(s);
    }
  }
  const relevant: Term[] = [];
  const rest: Term[] = [];
  const querySet = new Set(query);
  for (const c of pc) {
    if (querySet.has(c)) continue;
    const syms = index.symbolsOf(c);
    // A conjunct on a symbol of the query is relevant without a find (the usual case of a long
    // path condition on the input a branch tests).
    if (
      (syms.length > 0 && (querySyms.includes(syms[0]) || roots.has(uf.find(syms[0].id)))) ||
      index.groundCollection(c)
    )
      relevant.push(c);
    else rest.push(c);
  }
  return { relevant: [...relevant, ...query], rest };
}
