// Free symbols of terms (for independence slicing and model reading) and substitution of
// symbols by terms (for contracts, joins and concretization). Both are iterative.

import { sortEquals, type Term } from './term';
import type { TermBuilder } from './builder';
import { foldTerm } from './traverse';

/** Memo of free-symbol sets by term id. Keep one per store to share work between calls. */
export class SymbolCache {
  readonly memo = new Map<number, readonly Term[]>();
}

const NONE: readonly Term[] = Object.freeze([]);

/** Union of two id-sorted symbol lists; returns an input when it already is the union. */
function union(a: readonly Term[], b: readonly Term[]): readonly Term[] {
  if (b.length === 0 || a === b) return a;
  if (a.length === 0) return b;
  const out: Term[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.id < y.id)) {
      out.push(x);
      i++;
    } else if (x === undefined || y.id < x.id) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  if (out.length === a.length) return a;
  if (out.length === b.length) return b;
  return Object.freeze(out);
}

/** The symbols (op 'sym') occurring in `t`, sorted by id, without duplicates. */
export function freeSymbols(t: Term, cache: SymbolCache = new SymbolCache()): readonly Term[] {
  return foldTerm<readonly Term[]>(
    t,
    (u, args) => (u.op === 'sym' ? Object.freeze([u]) : args.reduce(union, NONE)),
    cache.memo,
  );
}

/** `t` with every symbol whose id is in `map` replaced, re-simplified on the way up. */
export function substitute(store: TermBuilder, t: Term, map: ReadonlyMap<number, Term>): Term {
  for (const [id, r] of map) {
    const sym = store.symbolById(id);
    if (sym && !sortEquals(sym.sort, r.sort)) throw new Error(`substitute: sort mismatch for ${sym.symbol?.name}`);
  }
  return foldTerm<Term>(t, (u, args) => {
    if (u.op === 'sym') return map.get(u.id) ?? u;
    return args.every((a, i) => a === u.args[i]) ? u : store.rebuild(u, args);
  });
}
