// Symbolic permission amounts (docs/design.md "Permission amounts"): where a chunk of a field
// holds a real term (a Perm variable's value, `b ? write : none`, what is left after taking
// one), or an `acc` names one, nothing is certain without the solver. Silicon's way is
// followed: the amount held at a receiver r is the sum, over the chunks of the field that may
// be r, of `r == c.r ? c.amount : 0`; reading needs it > 0, writing needs it == write (>= 1),
// consuming p needs it >= p. A chunk may then hold none: its value is only read when its amount
// is positive, and chunks are never merged (two chunks of one location hold one value when both
// are positive). Constant amounts never come here (amounts.ts decides them without Z3).

import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';
import { realLit, REAL_SORT } from '../../terms/reals';
import { isSymArray, type SymValue } from '../../state/state';
import { iteValue } from '../../state/arrays';
import { isSymbolic, positive, type Amount } from '../../state/amounts';
import type { FieldChunk } from '../../state/chunks';
import { ONE, ZERO } from '../../../lang/rational';
import { sameRef } from './alias';

/** Whether any of the chunks or the amount needed is symbolic: then the rules of this file decide. */
export function anySymbolic(chunks: readonly FieldChunk[], need?: Amount): boolean {
  return isSymbolic(need) || chunks.some((c) => isSymbolic(c.amount));
}

/**
 * The real term of an amount (undefined: write). A wildcard part (`above`) counts as nothing
 * more: an amount that is at least this, so a check that it covers a need is sound, and so is
 * the bound "at most write" assumed from it.
 */
export function amountTerm(T: TermStore, a: Amount | undefined): Term {
  if (a === undefined) return realLit(T, ONE);
  return a.sym ?? realLit(T, a.q);
}

/** The condition that chunk c holds some of its location. */
export function holdsSome(T: TermStore, c: FieldChunk): Term {
  if (c.amount === undefined || positive(c.amount)) return T.trueTerm;
  return T.lt(realLit(T, ZERO), amountTerm(T, c.amount));
}

/** `receiver == c.receiver` (true for the same term). */
function at(T: TermStore, receiver: Term, c: FieldChunk): Term {
  return sameRef(c.receiver, receiver) ? T.trueTerm : T.eq(receiver, c.receiver);
}

/** The amount held at `receiver` by `chunks` (the chunks of one field that may be it). */
export function heldAt(T: TermStore, receiver: Term, chunks: readonly FieldChunk[]): Term {
  const zero = realLit(T, ZERO);
  return chunks.reduce<Term>((sum, c) => T.add(sum, T.ite(at(T, receiver, c), amountTerm(T, c.amount), zero)), zero);
}

/** The value at `receiver`: the first chunk that is it and holds some of it. */
export function valueAt(T: TermStore, receiver: Term, chunks: readonly FieldChunk[], otherwise: SymValue): SymValue {
  let value = otherwise;
  for (let i = chunks.length - 1; i >= 0; i--) {
    const c = chunks[i];
    value = iteValue(T, T.and(at(T, receiver, c), holdsSome(T, c)), c.value, value);
  }
  return value;
}

/**
 * The consolidation fact "what is held at `receiver` is at most write", with each wildcard part
 * counted as a fresh positive amount (Silicon's wildcard: some w > 0). Counting it as nothing
 * (heldAt) is sound but loses that `acc(y.f, wildcard) && acc(y.f, write)` is inconsistent, which
 * the constant route knows: the two routes must give one verdict (fractions-symbolic-property).
 */
export function atMostWrite(T: TermStore, receiver: Term, chunks: readonly FieldChunk[]): Term {
  const zero = realLit(T, ZERO);
  const parts: Term[] = [];
  let sum: Term = zero;
  for (const c of chunks) {
    let own = amountTerm(T, c.amount);
    if (c.amount?.above) {
      const w = freshAmount(T, 'the positive part a wildcard holds');
      parts.push(T.lt(zero, w));
      own = T.add(own, w);
    }
    sum = T.add(sum, T.ite(at(T, receiver, c), own, zero));
  }
  return T.and(...parts, T.le(sum, realLit(T, ONE)));
}

/** The condition that `need` (undefined: write; 'some': a read) is held at `receiver`. */
export function heldEnough(
  T: TermStore,
  receiver: Term,
  chunks: readonly FieldChunk[],
  need: Amount | undefined | 'some',
): Term {
  const held = heldAt(T, receiver, chunks);
  if (need === 'some') return T.lt(realLit(T, ZERO), held);
  if (need?.above && !need.sym) return T.lt(amountTerm(T, need), held);
  return T.le(amountTerm(T, need), held);
}

/** The fact that two chunks of one field that are one location, both held, hold one value. */
export function oneValueWhenHeld(T: TermStore, a: FieldChunk, b: FieldChunk): Term | undefined {
  if (isSymArray(a.value) || isSymArray(b.value)) return undefined;
  return T.implies(T.and(T.eq(a.receiver, b.receiver), holdsSome(T, a), holdsSome(T, b)), T.eq(a.value, b.value));
}

/** A fresh real: the unknown amount a wildcard takes, or a wildcard chunk's part in perm(). */
export function freshAmount(T: TermStore, why: string): Term {
  return T.symbol(REAL_SORT, 'wildcard', why);
}

/**
 * An amount held, as perm() reads it: a wildcard's unknown part is a fresh amount (`why` names it),
 * positive wherever it occurs (a lemma: `exhale acc(x.f, wildcard); assert perm(x.f) > none` holds,
 * as in Viper), and nothing more: each read makes another, so perm() decides nothing that depends
 * on which positive amount the wildcard is.
 */
export function heldAmount(T: TermStore, a: Amount | undefined, why: string): Term {
  if (!a?.above || a.sym) return amountTerm(T, a);
  const w = freshAmount(T, why);
  T.keyed.addLemma(w, T.lt(realLit(T, ZERO), w));
  return T.add(amountTerm(T, a), w);
}
