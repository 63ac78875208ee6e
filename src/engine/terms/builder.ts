// What the simplifiers, keyed symbols and substitution ask of the term store: its
// constructors, as an interface. The store (store.ts) implements it and calls the simplifiers
// (simplify-*.ts) in its constructors, while those simplifiers build their results with the
// store's constructors again: a mutual recursion. Both sides import this file instead of each
// other, as Silicon's judgements meet through their traits, so no import cycle runs through
// store.ts.

import type { Op, Sort, SymbolInfo, Term } from './term';

/** The leaf data of a term, part of its hash-consing key. */
export interface TermExtra {
  readonly value?: bigint | boolean;
  readonly symbol?: SymbolInfo;
  readonly name?: string;
}

/** The term store's constructors (store.ts documents each). */
export interface TermBuilder {
  readonly trueTerm: Term;
  readonly falseTerm: Term;

  // raw construction: no simplification, no sort checks
  find(op: Op, sort: Sort, args: readonly Term[], extra?: TermExtra): Term | undefined;
  mk(op: Op, sort: Sort, args: readonly Term[], extra?: TermExtra, greater?: boolean): Term;
  rebuild(t: Term, args: readonly Term[]): Term;

  // leaves
  bool(b: boolean): Term;
  int(n: bigint): Term;
  bvConst(n: bigint, sort: Sort): Term;
  zero(sort: Sort): Term;
  symbol(sort: Sort, display: string, origin: string): Term;
  symbolById(id: number): Term | undefined;

  // simplifying constructors
  not(t: Term): Term;
  and(...ts: Term[]): Term;
  or(...ts: Term[]): Term;
  implies(a: Term, b: Term): Term;
  ite(c: Term, a: Term, b: Term): Term;
  eq(a: Term, b: Term): Term;
  add(a: Term, b: Term): Term;
  sub(a: Term, b: Term): Term;
  mul(a: Term, b: Term): Term;
  neg(a: Term): Term;
  lt(a: Term, b: Term): Term;
  le(a: Term, b: Term): Term;
  gt(a: Term, b: Term): Term;
  ge(a: Term, b: Term): Term;
  cast(t: Term, target: Sort): Term;
  select(arr: Term, i: Term): Term;
  store(arr: Term, i: Term, v: Term): Term;
}
