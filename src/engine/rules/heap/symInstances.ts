// Symbolic amounts of predicate instances (docs/design.md "Fractions of predicate instances",
// issue 24): `acc(q(ē), p)`, `fold`/`unfold acc(q(ē), p)` with p a perm expression the solver
// decides, as Silicon does. An instance chunk holds p as a real term; its fragment holds the
// body at that part, each field chunk at `a·p` (a symbolic amount rules/heap/symAmounts.ts
// decides). Taking or joining parts rescales a fragment by `to / from`: exact, since a
// fragment is what was taken at `from` (a_i·from each); where `from` is 0 so is every chunk
// of the fragment, and the product is 0 whatever the quotient: never more than is held.
// The body of a predicate taken at a symbolic part is written with names (`⟨part·1/2⟩`) the
// fold's or produce's environment binds to `1/2 · p` (partValue), so consume and produce read
// the scaled amounts as any symbolic amount; so is a symbolic amount e in a body at any part
// (`e * ⟨part·1⟩`).

import { cmpQ, ONE, rational, ZERO, type Rational } from '../../../lang/rational';
import { exactly, isSymbolic, symbolic, type Amount } from '../../state/amounts';
import type { Chunk, PredChunk } from '../../state/chunks';
import { instanceAt, scaleChunks } from '../../state/instanceAmounts';
import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';
import { realConstant, realLit } from '../../terms/reals';
import { amountTerm, freshAmount } from './symAmounts';

const PART = '⟨part·';

/** The name a body's constant amount `a` is written with when the body is taken at a symbolic part. */
export function partName(a: Rational): string {
  return `${PART}${a.n}/${a.d}⟩`;
}

const WILD = '⟨wildcard·';

/** The name the `i`-th wildcard of a body produced at a symbolic part is written with (heap/scaleAssertion.ts). */
export function wildcardPartName(i: number): string {
  return `${WILD}${i}⟩`;
}

/**
 * The values of a produce's wildcard names at the symbolic part `p`: each w·p with a fresh
 * w > 0 of its own (the same w for every read of one name), `positive` told each w > 0.
 */
export function wildcardParts(
  T: TermStore,
  p: Amount | undefined,
  positive: (fact: Term) => void,
): (name: string) => Term | undefined {
  const named = new Map<string, Term>();
  return (name) => {
    if (!p?.sym || !name.startsWith(WILD)) return undefined;
    let v = named.get(name);
    if (v === undefined) {
      const w = freshAmount(T, 'the positive part a wildcard in a predicate body holds');
      positive(T.lt(realLit(T, ZERO), w));
      v = T.mul(w, p.sym);
      named.set(name, v);
    }
    return v;
  };
}

/** The value of a part name under the part `p` (undefined: write, a wildcard part, or not a part name). A
 *  constant part names only the factor of a symbolic amount (heap/scaleAssertion.ts scaledAmount). */
export function partValue(T: TermStore, name: string, p: Amount | undefined): Term | undefined {
  if (!p || (p.above && !p.sym) || !name.startsWith(PART)) return undefined;
  const [n, d] = name.slice(PART.length, -1).split('/');
  return T.mul(realLit(T, rational(BigInt(n), BigInt(d))), amountTerm(T, p));
}

/** `text` (a scaled body, printed) with each part name written as the product it names, the
 *  part printed as `part` (`acc(x.val, ⟨part·1/2⟩)` at k: `acc(x.val, 1/2 * k)`). */
export function showParts(text: string, part: string): string {
  const k = /^[\w$.]+$/.test(part) ? part : `(${part})`;
  return text.replace(/⟨part·(-?\d+)\/(\d+)⟩/g, (_m, n: string, d: string) =>
    n === d ? k : `${d === '1' ? n : `${n}/${d}`} * ${k}`,
  );
}

/** The amount a real term stands for: constant ones folded (undefined: write; 'none': certainly 0). */
export function termAmount(t: Term): Amount | undefined | 'none' {
  const q = realConstant(t);
  if (!q) return symbolic(t);
  if (cmpQ(q, ZERO) === 0) return 'none';
  return cmpQ(q, ONE) === 0 ? undefined : exactly(q);
}

/** `chunks` (a fragment) times the real `r`; a chunk certainly emptied is dropped. */
function scaleFragment(T: TermStore, chunks: readonly Chunk[], r: Term): Chunk[] {
  const out: Chunk[] = [];
  for (const c of chunks) {
    if (c.kind === 'qfield') {
      out.push({ ...c, perm: T.mul(c.perm, r) });
      continue;
    }
    const a = termAmount(T.mul(amountTerm(T, c.amount), r));
    if (a === 'none') continue;
    if (c.kind === 'pred') out.push(instancePart(T, c, a));
    else out.push(a === undefined ? (({ amount: _a, ...rest }) => rest)(c) : { ...c, amount: a });
  }
  return out;
}

/**
 * The instance `c` as held at `a` (amount and fragment), for any amounts: the constant route
 * (state/instanceAmounts.ts) where both are constant, else the fragment times `a / c.amount`.
 */
export function instancePart(T: TermStore, c: PredChunk, a: Amount | undefined): PredChunk {
  if (!isSymbolic(a) && !isSymbolic(c.amount)) return instanceAt(T, c, a ?? exactly(ONE));
  const { amount: _old, ...rest } = c;
  const to = a === undefined ? rest : { ...rest, amount: a };
  if (!c.fragment) return to;
  return { ...to, fragment: scaleFragment(T, c.fragment, T.div(amountTerm(T, a), amountTerm(T, c.amount))) };
}

/** `a + b` for amounts one of which is symbolic (two parts of one instance joined). */
export function addSymbolic(T: TermStore, a: Amount | undefined, b: Amount | undefined): Amount | undefined {
  const sum = termAmount(T.add(amountTerm(T, a), amountTerm(T, b)));
  return sum === 'none' ? exactly(ZERO) : sum;
}

/** A snapshot body's chunks (at its own amounts) at the part `p` of the instance: a constant part
 *  scales them exactly (state/instanceAmounts.ts), a symbolic one multiplies each amount by it. */
export function chunksAtPart(T: TermStore, chunks: readonly Chunk[], p: Amount | undefined): Chunk[] {
  return p?.sym ? scaleFragment(T, chunks, p.sym) : scaleChunks(T, chunks, p);
}
