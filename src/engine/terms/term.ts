// The engine's own term language: immutable, hash-consed symbolic expressions.
// One operator per Sym operator; its meaning follows the operand sort (signed bit-vectors
// divide and compare signed, unsigned ones unsigned, ints are mathematical), exactly as in
// the language. Bit-vector sorts carry signedness for printing and evaluation; Z3 ignores it.
// Terms are only made through a TermStore (see store.ts), so structurally equal terms are
// the same object and `id` is a stable key for caches.

import type { BvWidth } from '../../lang/types';

export type Sort =
  | { readonly kind: 'bool' }
  | { readonly kind: 'int' }
  /** References to objects: integers to the solver, 0 is null (docs/language.md, heap). */
  | { readonly kind: 'ref' }
  | { readonly kind: 'bv'; readonly width: BvWidth; readonly signed: boolean }
  /** Arrays are indexed by int. */
  | { readonly kind: 'array'; readonly elem: Sort }
  /** A sort the solver knows only by name (a Viper domain type): SMT-LIB's declare-sort.
   *  Its values are opaque; a model names them `D!val!0`, `D!val!1`, … (uninterpreted.ts). */
  | { readonly kind: 'uninterpreted'; readonly name: string }
  /** Viper's sets and sequences (collections.ts): Z3 arrays to Bool and Z3 sequences. */
  | { readonly kind: 'set'; readonly elem: Sort }
  | { readonly kind: 'seq'; readonly elem: Sort }
  /** Real numbers: permission amounts (reals.ts), Z3's Real. */
  | { readonly kind: 'real' };

export type Op =
  // leaves
  | 'const' // value: bigint (int, bv: in the sort's range, signed bv negative when < 0) or boolean
  | 'sym' // an uninterpreted constant: a symbolic input, a havoc, a join summary
  | 'bound' // a variable bound by forall/exists (args: none; name: binder name)
  // boolean
  | 'not'
  | 'and'
  | 'or'
  | 'implies'
  | 'ite' // args: cond, then, else
  | 'eq'
  // arithmetic on int and bv (semantics by sort; div/mod on int truncate toward zero)
  | 'add'
  | 'sub'
  | 'mul'
  | 'div'
  | 'mod'
  | 'neg'
  | 'lt'
  | 'le'
  // bit-vector only
  | 'bvand'
  | 'bvor'
  | 'bvxor'
  | 'bvnot'
  | 'shl'
  | 'shr' // shr: arithmetic if signed, logical if unsigned
  // conversions: the result sort says the target; int<->bv wraps, bv->bv extends by the source signedness or truncates
  | 'cast'
  // arrays (index sort int)
  | 'select'
  | 'store'
  | 'constArray'
  // quantifiers: args[0..n-1] are 'bound' terms, then any 'pattern' terms, then the body (last);
  // quantParts reads them apart
  | 'forall'
  | 'exists'
  // one multi-pattern (a Viper trigger `{ t1, t2 }`) of the quantifier it is an argument of:
  // args: its terms. Sort bool, never a formula of its own (only quantifiers hold one).
  | 'pattern'
  // an uninterpreted function applied (a Viper domain function): name: the function's name,
  // args: its arguments, sort: its result; the argument sorts complete its signature
  | 'app'
  // sets and sequences: `name` says which operation (collections.ts); opaque to every fast path
  | 'coll'
  // real arithmetic (permission amounts): `name` says which operation (reals.ts)
  | 'real';

export interface SymbolInfo {
  /** Unique name inside the store (never a Sym identifier: it contains a '!' or a '@'). */
  readonly name: string;
  /** What the user reads: `x`, `x@9` (havoc of x at line 9), `n#2`. */
  readonly display: string;
  /** Why the symbol exists, e.g. "input x", "havoc of x at line 9". */
  readonly origin: string;
}

export interface Term {
  /** Unique per store; equal ids mean structurally equal terms. */
  readonly id: number;
  readonly op: Op;
  readonly sort: Sort;
  readonly args: readonly Term[];
  /** For 'const'. */
  readonly value?: bigint | boolean;
  /** For 'sym'. */
  readonly symbol?: SymbolInfo;
  /** For 'bound': the binder name; for 'app': the function's name; for 'coll': the operation (collections.ts). */
  readonly name?: string;
  /** For 'lt'/'le': first built as `b > a` / `b >= a` (the printer keeps that orientation). Not part
   *  of the term's identity: the first construction decides. */
  readonly greater?: true;
}

/** A quantifier's parts: its binders, its patterns (Z3's; none: the solver picks) and its body. */
export function quantParts(t: Term): { bounds: readonly Term[]; patterns: readonly Term[]; body: Term } {
  const body = t.args[t.args.length - 1];
  let n = 0;
  while (n < t.args.length - 1 && t.args[n].op === 'bound') n++;
  return { bounds: t.args.slice(0, n), patterns: t.args.slice(n, -1), body };
}

export const BOOL_SORT: Sort = { kind: 'bool' };
export const INT_SORT: Sort = { kind: 'int' };
export const REF_SORT: Sort = { kind: 'ref' };

export function sortEquals(a: Sort, b: Sort): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'bv' && b.kind === 'bv') return a.width === b.width && a.signed === b.signed;
  if (a.kind === 'array' && b.kind === 'array') return sortEquals(a.elem, b.elem);
  if (a.kind === 'uninterpreted' && b.kind === 'uninterpreted') return a.name === b.name;
  if ((a.kind === 'set' || a.kind === 'seq') && a.kind === b.kind) return sortEquals(a.elem, b.elem);
  return true;
}

export function sortKey(s: Sort): string {
  switch (s.kind) {
    case 'bool':
      return 'b';
    case 'int':
      return 'i';
    case 'ref':
      return 'r';
    case 'bv':
      return `${s.signed ? 's' : 'u'}${s.width}`;
    case 'array':
      return `[${sortKey(s.elem)}]`;
    case 'uninterpreted':
      return `D<${s.name}>`;
    case 'set':
      return `{${sortKey(s.elem)}}`;
    case 'seq':
      return `<${sortKey(s.elem)}>`;
    case 'real':
      return 'q';
  }
}

export function isConst(t: Term): t is Term & { value: bigint | boolean } {
  return t.op === 'const';
}

export function isTrue(t: Term): boolean {
  return t.op === 'const' && t.value === true;
}

export function isFalse(t: Term): boolean {
  return t.op === 'const' && t.value === false;
}
