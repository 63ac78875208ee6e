// Uninterpreted sorts and functions (Viper domains, docs/viper.md "Domains"): what the solver
// layer needs to know about them besides the term constructors. Such a term is opaque to every
// fast path of the solver (its meaning lies in the axioms, which only Z3 reads), so
// `touchesUninterpreted` tells them apart; a model names a value of sort D by its index,
// printed `D!val!N` as Z3 and Viper print it.

import type { Sort, Term } from './term';
import { foldTerm } from './traverse';

/** Memo per term object (terms of several stores never collide; the memo dies with its terms). */
const touches = new WeakMap<Term, boolean>();

/** Does `t` apply an uninterpreted function or mention a value of an uninterpreted sort? */
export function touchesUninterpreted(t: Term): boolean {
  const hit = touches.get(t);
  if (hit !== undefined) return hit;
  const memo = new Map<number, boolean>();
  return foldTerm<boolean>(
    t,
    (u, args) => {
      const known = touches.get(u);
      if (known !== undefined) return known;
      const r = u.op === 'app' || mentionsUninterpreted(u.sort) || args.some((a) => a);
      touches.set(u, r);
      return r;
    },
    memo,
  );
}

/** Whether a sort is, or holds, an uninterpreted sort. */
export function mentionsUninterpreted(s: Sort): boolean {
  return s.kind === 'uninterpreted' || (s.kind === 'array' && mentionsUninterpreted(s.elem));
}

/** `D!val!3`: how Z3 (and Viper's counterexamples) name the value of index 3 of sort D. */
export function uninterpretedValueName(sortName: string, index: bigint): string {
  return `${sortName}!val!${index}`;
}

/** The index of a value named `D!val!N` (as a model prints it), or undefined. */
export function uninterpretedValueIndex(text: string): bigint | undefined {
  const m = /!val!(\d+)\|?$/.exec(text);
  return m ? BigInt(m[1]) : undefined;
}

/** A function's SMT-LIB name: `$f.` keeps it apart from symbols (which hold a `!`) and binders. */
export function functionSmtName(name: string): string {
  return `$f.${name}`;
}

/** The uninterpreted functions and sorts `t` uses, each once: what a solver must declare first. */
export interface UninterpretedDecls {
  readonly sorts: Map<string, Sort & { kind: 'uninterpreted' }>;
  /** By function name: one application of it (its signature). */
  readonly functions: Map<string, Term>;
}

export function uninterpretedDecls(ts: readonly Term[], into?: UninterpretedDecls): UninterpretedDecls {
  const out: UninterpretedDecls = into ?? { sorts: new Map(), functions: new Map() };
  const addSort = (s: Sort): void => {
    if (s.kind === 'uninterpreted') out.sorts.set(s.name, s);
    else if (s.kind === 'array') addSort(s.elem);
  };
  for (const t of ts) {
    if (!touchesUninterpreted(t)) continue;
    foldTerm<true>(t, (u) => {
      addSort(u.sort);
      if (u.op === 'app' && !out.functions.has(u.name!)) {
        out.functions.set(u.name!, u);
        for (const a of u.args) addSort(a.sort);
      }
      return true;
    });
  }
  return out;
}

/** A key for an application's signature: two declarations of one name must agree on it. */
export function signatureKey(app: Term, key: (s: Sort) => string): string {
  return `${app.args.map((a) => key(a.sort)).join(',')}->${key(app.sort)}`;
}
