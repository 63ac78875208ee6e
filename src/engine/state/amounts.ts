// Permission amounts (docs/design.md "Permission amounts"): what part of a location a chunk
// holds. A constant amount is an exact rational folded here, so halves, thirds and `write`
// never reach the solver. A `wildcard` is an unknown positive amount: an amount is known as
// exactly q, or as strictly more than q (q plus unknown positive parts). Every decision made
// from an amount ("holds at least p", "the two sum over 1") uses what is certain, so a
// wildcard is never taken for more than Viper would prove. A chunk without an amount holds all
// of its location (`write`): whole permissions keep their chunks and their speed unchanged.
// A symbolic amount (a Perm variable, `perm(x.f)`, `b ? write : none`) is a real term, `sym`:
// nothing here is certain of it (every predicate below answers false), and the rules that meet
// one ask the solver instead (rules/heap/symAmounts.ts); its chunks are never merged.

import { addQ, cmpQ, ONE, printRational, subQ, ZERO, type Rational } from '../../lang/rational';
import type { Term } from '../terms/term';
import { printTerm } from '../terms/print';

export type { Rational } from '../../lang/rational';

/** Exactly q, or ("above") strictly more than q by unknown positive parts (wildcards). */
export interface Amount {
  readonly q: Rational;
  readonly above: boolean;
  /** A symbolic amount: this real term, q and above unused (rules/heap/symAmounts.ts). */
  readonly sym?: Term;
}

/** The amount the real term `t` stands for. */
export const symbolic = (t: Term): Amount => ({ q: ZERO, above: false, sym: t });

export function isSymbolic(a: Amount | undefined): boolean {
  return a?.sym !== undefined;
}

export const exactly = (q: Rational): Amount => ({ q, above: false });
export const WRITE: Amount = exactly(ONE);
export const NONE: Amount = exactly(ZERO);
/** A wildcard: some positive amount, unknown. */
export const WILDCARD: Amount = { q: ZERO, above: true };

/** The amount a chunk holds: absent is `write`. */
export function held(a: Amount | undefined): Amount {
  return a ?? WRITE;
}

export function isWrite(a: Amount | undefined): boolean {
  return a === undefined || (!a.sym && !a.above && cmpQ(a.q, ONE) === 0);
}

export function addAmounts(a: Amount, b: Amount): Amount {
  if (a.sym || b.sym) throw new Error('internal: symbolic amounts are never added in one chunk');
  return { q: addQ(a.q, b.q), above: a.above || b.above };
}

/**
 * Whether holding `a` certainly covers taking `p`: `a >= p` for a constant p; for p with a
 * wildcard part, `a` strictly more than p's constant part (the wildcard is then chosen below the
 * difference, as Viper chooses it).
 */
export function covers(a: Amount, p: Amount): boolean {
  if (a.sym || p.sym) return false;
  const c = cmpQ(a.q, p.q);
  return p.above ? c > 0 || (c === 0 && a.above) : c >= 0;
}

/** Certainly `a > 0`. */
export function positive(a: Amount): boolean {
  if (a.sym) return false;
  const c = cmpQ(a.q, ZERO);
  return c > 0 || (c === 0 && a.above);
}

/** Certainly `a == 0` (a chunk holding it is dropped). */
export function isNone(a: Amount): boolean {
  return !a.sym && !a.above && cmpQ(a.q, ZERO) === 0;
}

/** Certainly `a + b > 1`: two chunks of one field holding them name different objects. */
export function sumOverOne(a: Amount | undefined, b: Amount | undefined): boolean {
  if (a?.sym || b?.sym) return false;
  const s = addAmounts(held(a), held(b));
  const c = cmpQ(s.q, ONE);
  return c > 0 || (c === 0 && s.above);
}

/**
 * What is left of `a` after taking `p` (certainly `a >= p` when p is constant, `a > 0` for a
 * wildcard). Taking a wildcard leaves some positive amount: Viper's wildcard is strictly less
 * than what is held where it is taken from.
 */
export function minus(a: Amount, p: Amount): Amount {
  if (a.sym || p.sym) throw new Error('internal: a symbolic amount is taken by rules/heap/symAmounts.ts');
  if (p.above) return WILDCARD;
  if (isWrite(a) && isWrite(p)) return NONE;
  return { q: subQ(a.q, p.q), above: a.above };
}

/** `1/2`, `write`, `none`, `wildcard`, `1/2 + wildcard`: as the amount is written in an `acc`. */
export function printAmount(a: Amount | undefined): string {
  const x = held(a);
  if (x.sym) return printTerm(x.sym);
  if (isWrite(x)) return 'write';
  if (x.above) return cmpQ(x.q, ZERO) === 0 ? 'wildcard' : `${printRational(x.q)} + wildcard`;
  return cmpQ(x.q, ZERO) === 0 ? 'none' : printRational(x.q);
}

/** A key equal for equal amounts (joins compare heap shapes). */
export function amountKey(a: Amount | undefined): string {
  if (a?.sym) return `@t${a.sym.id}`;
  return a === undefined || isWrite(a) ? '' : `@${printAmount(a)}`;
}
