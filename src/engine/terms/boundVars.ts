// Free bound variables and applied function names of terms (docs/design.md B.11). A term made
// under a quantifier mentions the binder's 'bound' terms; a symbol keyed by such a term would
// be one constant for every value of the binder (unsound), so the makers of keyed symbols ask
// `mentionsBound` first, and a fact made under a binder is closed by quantifying its free
// bound variables (`closeOver`). `appliedNames` tells which uninterpreted functions a term
// applies, for the facts kept per function (keyed.ts).

import { quantParts, type Term } from './term';
import { foldTerm } from './traverse';

const NONE: readonly Term[] = Object.freeze([]);
const freeMemo = new WeakMap<Term, readonly Term[]>();

/** The 'bound' terms occurring free in `t` (not under a quantifier binding them), each once. */
export function freeBound(t: Term): readonly Term[] {
  const hit = freeMemo.get(t);
  if (hit !== undefined) return hit;
  return foldTerm<readonly Term[]>(t, (u, args) => {
    const known = freeMemo.get(u);
    if (known !== undefined) return known;
    let out: readonly Term[];
    if (u.op === 'bound') out = Object.freeze([u]);
    else {
      const binders = u.op === 'forall' || u.op === 'exists' ? quantParts(u).bounds : undefined;
      const own = binders && new Set(binders);
      const seen = new Set<Term>();
      for (const list of binders ? args.slice(binders.length) : args)
        for (const b of list) if (!own?.has(b)) seen.add(b);
      out = seen.size === 0 ? NONE : Object.freeze([...seen]);
    }
    freeMemo.set(u, out);
    return out;
  });
}

export function mentionsBound(t: Term): boolean {
  return freeBound(t).length > 0;
}

/** `fact` closed over its free bound variables: `forall v̄ :: {trigger} fact` (fact itself when it
 *  has none); the trigger, a term, is the quantifier's one pattern when it mentions every v̄. */
export function closeOver(
  T: { forall(bounds: readonly Term[], body: Term, triggers?: readonly (readonly Term[])[]): Term },
  fact: Term,
  trigger?: Term,
): Term {
  const vars = freeBound(fact);
  return vars.length === 0 ? fact : T.forall([...vars], fact, trigger === undefined ? [] : [[trigger]]);
}

const namesMemo = new WeakMap<Term, ReadonlySet<string>>();
const NO_NAMES: ReadonlySet<string> = new Set();

/** The names of the uninterpreted functions `t` applies (op 'app'). */
export function appliedNames(t: Term): ReadonlySet<string> {
  const hit = namesMemo.get(t);
  if (hit !== undefined) return hit;
  return foldTerm<ReadonlySet<string>>(t, (u, args) => {
    const known = namesMemo.get(u);
    if (known !== undefined) return known;
    const nonEmpty = args.filter((a) => a.size > 0);
    let out: ReadonlySet<string> = nonEmpty.length === 1 && u.op !== 'app' ? nonEmpty[0] : NO_NAMES;
    if (u.op === 'app' || nonEmpty.length > 1) {
      const s = new Set<string>(u.op === 'app' ? [u.name!] : []);
      for (const a of nonEmpty) for (const n of a) s.add(n);
      out = s;
    }
    namesMemo.set(u, out);
    return out;
  });
}
