// Reading and writing a field through the heap (docs/design.md B.5). The chunks that may be the
// receiver's are found by identity first, then by the cheap distinctness rules of alias.ts;
// what is left is decided by the solver through the returned `held` condition: the access
// needs the receiver to be one of those chunks' receivers. When several chunks may match, the
// value is an `ite` over the candidates instead of a fork: the same meaning, with one path.

import { defaultTerm } from '../../state/sorts';
import type { TermStore } from '../../terms/store';
import type { Sort, Term } from '../../terms/term';
import { arrayOf, iteValue } from '../../state/arrays';
import type { SymValue } from '../../state/state';
import { fieldChunks, replaceChunk, type FieldChunk, type Heap } from '../../state/chunks';
import { distinctRefs, sameRef } from './alias';
import { covers, held, type Amount } from '../../state/amounts';
import { anySymbolic, heldEnough, valueAt } from './symAmounts';

export interface Candidates {
  /** The chunk whose receiver is the same term, when there is one. */
  readonly exact?: FieldChunk;
  /** Otherwise: the chunks whose receiver may be the same object. */
  readonly maybe: readonly FieldChunk[];
}

export function candidates(h: Heap, receiver: Term, field: string): Candidates {
  const chunks = fieldChunks(h, field);
  const exact = chunks.find((c) => sameRef(c.receiver, receiver));
  // A chunk of a symbolic amount may hold none: the others that may be the receiver count too.
  if (exact && !anySymbolic(chunks)) return { exact, maybe: [exact] };
  return { maybe: chunks.filter((c) => !distinctRefs(c.receiver, receiver)) };
}

/**
 * The candidates that certainly hold `need` (undefined: write) of their location: a write
 * needs all of it, a function's `requires acc(e.f, p)` needs p. Any chunk holds some (a read).
 */
export function holding(c: Candidates, need: Amount | undefined): Candidates {
  const enough = (x: FieldChunk): boolean =>
    (need === undefined && x.amount === undefined) || covers(held(x.amount), held(need));
  if (c.maybe.every(enough)) return c;
  if (c.exact) return { maybe: [] };
  return { maybe: c.maybe.filter(enough) };
}

/** The condition under which the receiver is one of the candidates (the permission is held). */
export function heldCondition(T: TermStore, receiver: Term, c: Candidates): Term {
  if (c.exact) return T.trueTerm;
  return T.or(...c.maybe.map((x) => T.eq(receiver, x.receiver)));
}

/** A value of `sort` for a read that has no permission (the path fails there; the value is never used). */
export function placeholder(T: TermStore, sort: Sort): SymValue {
  if (sort.kind === 'set' || sort.kind === 'seq') return defaultTerm(T, sort);
  return sort.kind === 'array' ? arrayOf(T, sort, []) : T.constOf(sort.kind === 'bool' ? false : 0n, sort);
}

export interface Read {
  readonly value: SymValue;
  readonly held: Term;
}

/** `need`: the amount the read must find held ('some' for a plain read). */
export function readField(
  T: TermStore,
  h: Heap,
  receiver: Term,
  field: string,
  sort: Sort,
  need: Amount | undefined | 'some' = 'some',
): Read {
  const c = candidates(h, receiver, field);
  if (c.maybe.length === 0) return { value: placeholder(T, sort), held: T.falseTerm };
  if (anySymbolic(c.maybe, need === 'some' ? undefined : need))
    return {
      value: valueAt(T, receiver, c.maybe, placeholder(T, sort)),
      held: heldEnough(T, receiver, c.maybe, need),
    };
  const last = c.maybe[c.maybe.length - 1];
  let value = last.value;
  for (let i = c.maybe.length - 2; i >= 0; i--)
    value = iteValue(T, T.eq(receiver, c.maybe[i].receiver), c.maybe[i].value, value);
  const enough = need === 'some' ? c : holding(c, need);
  return { value, held: enough.maybe.length === 0 ? T.falseTerm : heldCondition(T, receiver, enough) };
}

export interface Write {
  readonly heap: Heap;
  readonly held: Term;
}

/** A write needs all of the location (`held` says when it is); it updates every chunk that may be it. */
export function writeField(T: TermStore, h: Heap, receiver: Term, field: string, v: SymValue): Write {
  const c = candidates(h, receiver, field);
  if (anySymbolic(c.maybe)) {
    let heap = h;
    for (const x of c.maybe)
      heap = replaceChunk(heap, x, { ...x, value: iteValue(T, T.eq(receiver, x.receiver), v, x.value) });
    return { heap, held: heldEnough(T, receiver, c.maybe, undefined) };
  }
  const whole = holding(c, undefined);
  if (c.exact && whole.exact) return { heap: replaceChunk(h, c.exact, { ...c.exact, value: v }), held: T.trueTerm };
  let heap = h;
  for (const x of c.maybe)
    heap = replaceChunk(heap, x, { ...x, value: iteValue(T, T.eq(receiver, x.receiver), v, x.value) });
  return { heap, held: whole.maybe.length === 0 ? T.falseTerm : heldCondition(T, receiver, whole) };
}
