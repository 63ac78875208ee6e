// Quantified field chunks (docs/design.md B.10, after Silicon's quantified chunks): all the
// permissions to one field that a path holds through quantified permissions, as functions of
// the chunk's own reference variable R: `perm` (a real, 0 where nothing is held) and `value`
// (the field's value where something is held). A field named by a quantified permission
// anywhere in the program is held only in such chunks (a single `acc(e.f, p)` is the chunk
// with perm(R) = (R == e ? p : 0)), so the point-chunk rules never meet it.

import type { Span } from '../../lang/span';
import type { TermStore } from '../terms/store';
import { REF_SORT, type Term } from '../terms/term';
import { foldTerm } from '../terms/traverse';
import { printTerm } from '../terms/print';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';

export interface QuantChunk {
  readonly kind: 'qfield';
  readonly field: string;
  /** The amount held at the location R.field: a real term over R. */
  readonly perm: Term;
  /** The value at R.field (meaningful where perm(R) > 0): a term over R. */
  readonly value: Term;
  readonly origin: { readonly span?: Span; readonly reason: string };
}

/** The variable every quantified chunk is a function of. */
export function chunkVar(T: TermStore): Term {
  return T.bound('r⟨qp⟩', REF_SORT);
}

/** `t` (a term over R) at the reference `e`. */
export function at(T: TermStore, t: Term, e: Term): Term {
  const r = chunkVar(T);
  if (e === r) return t;
  return foldTerm<Term>(t, (u, args) => {
    if (u === r) return e;
    return args.every((a, i) => a === u.args[i]) ? u : T.rebuild(u, args);
  });
}

export function quantChunks(h: readonly { kind: string }[], field: string): QuantChunk[] {
  return h.filter((c): c is QuantChunk => c.kind === 'qfield' && (c as QuantChunk).field === field);
}

/** The debugger's row name of a quantified chunk: `forall r :: acc(r.f, perm(r))`. */
export function quantChunkLabel(c: QuantChunk): string {
  return `forall r :: acc(r.${c.field}, ${printTerm(c.perm, { maxLength: 120 }).replaceAll('r⟨qp⟩', 'r')})`;
}

/** The debugger's row value of a quantified chunk: its value function. */
export function quantChunkValue(c: QuantChunk): string {
  return `r.${c.field} = ${printTerm(c.value, { maxLength: 120 }).replaceAll('r⟨qp⟩', 'r')}`;
}

/**
 * A part given back (a callee's return) added to the chunk of its field: its values where it holds
 * some (`keep`: the chunk's own values where it holds some, the part's elsewhere; where both hold
 * some the two agree in Viper, so either is the location's value).
 */
export function placeQuant<C extends { readonly kind: string }>(
  T: TermStore,
  h: readonly C[],
  part: QuantChunk,
  keep = false,
): C[] {
  const cur = quantChunks(h, part.field)[0];
  if (!cur) return [...h, part as unknown as C];
  const zero = realLit(T, ZERO);
  const perm = realBinary(T, 'add', cur.perm, part.perm);
  const value = keep
    ? T.ite(realBinary(T, 'lt', zero, cur.perm), cur.value, part.value)
    : T.ite(realBinary(T, 'lt', zero, part.perm), part.value, cur.value);
  return h.map((c) => ((c as unknown) === cur ? ({ ...cur, perm, value } as unknown as C) : c));
}

/** `h` with at most one quantified chunk per field (parts given back merged into the first; `keep` as placeQuant's). */
export function mergeQuantChunks<C extends { readonly kind: string }>(
  T: TermStore,
  h: readonly C[],
  keep = false,
): C[] {
  let out: C[] = [];
  for (const c of h) out = c.kind === 'qfield' ? placeQuant(T, out, c as unknown as QuantChunk, keep) : [...out, c];
  return out;
}

/** Two quantified chunks of one field agree wherever both hold some of a location (a heap holds one value there). */
export function sameQuantValues(T: TermStore, a: QuantChunk, b: QuantChunk): Term {
  const R = chunkVar(T);
  const zero = realLit(T, ZERO);
  const both = T.and(realBinary(T, 'lt', zero, a.perm), realBinary(T, 'lt', zero, b.perm));
  return T.forall([R], T.implies(both, T.eq(a.value, b.value)));
}
