// Reading and writing a field through the heap (docs/design.md B.5). The chunks that may be the
// receiver's are found by identity first, then by the cheap distinctness rules of alias.ts;
// what is left is decided by the solver through the returned `held` condition: the access
// needs the receiver to be one of those chunks' receivers. When several chunks may match, the
// value is an `ite` over the candidates instead of a fork: the same meaning, with one path.

import type { TermStore } from '../../terms/store';
import type { Sort, Term } from '../../terms/term';
import { arrayOf, iteValue } from '../../state/arrays';
import type { SymValue } from '../../state/state';
import { fieldChunks, replaceChunk, type FieldChunk, type Heap } from '../../state/chunks';
import { distinctRefs, sameRef } from './alias';

export interface Candidates {
  /** The chunk whose receiver is the same term, when there is one. */
  readonly exact?: FieldChunk;
  /** Otherwise: the chunks whose receiver may be the same object. */
  readonly maybe: readonly FieldChunk[];
}

export function candidates(h: Heap, receiver: Term, field: string): Candidates {
  const chunks = fieldChunks(h, field);
  const exact = chunks.find((c) => sameRef(c.receiver, receiver));
  if (exact) return { exact, maybe: [exact] };
  return { maybe: chunks.filter((c) => !distinctRefs(c.receiver, receiver)) };
}

/** The condition under which the receiver is one of the candidates (the permission is held). */
export function heldCondition(T: TermStore, receiver: Term, c: Candidates): Term {
  if (c.exact) return T.trueTerm;
  return T.or(...c.maybe.map((x) => T.eq(receiver, x.receiver)));
}

/** A value of `sort` for a read that has no permission (the path fails there; the value is never used). */
export function placeholder(T: TermStore, sort: Sort): SymValue {
  return sort.kind === 'array' ? arrayOf(T, sort, []) : T.constOf(sort.kind === 'bool' ? false : 0n, sort);
}

export interface Read {
  readonly value: SymValue;
  readonly held: Term;
}

export function readField(T: TermStore, h: Heap, receiver: Term, field: string, sort: Sort): Read {
  const c = candidates(h, receiver, field);
  if (c.maybe.length === 0) return { value: placeholder(T, sort), held: T.falseTerm };
  const last = c.maybe[c.maybe.length - 1];
  let value = last.value;
  for (let i = c.maybe.length - 2; i >= 0; i--)
    value = iteValue(T, T.eq(receiver, c.maybe[i].receiver), c.maybe[i].value, value);
  return { value, held: heldCondition(T, receiver, c) };
}

export interface Write {
  readonly heap: Heap;
  readonly held: Term;
}

export function writeField(T: TermStore, h: Heap, receiver: Term, field: string, v: SymValue): Write {
  const c = candidates(h, receiver, field);
  if (c.exact) return { heap: replaceChunk(h, c.exact, { ...c.exact, value: v }), held: T.trueTerm };
  let heap = h;
  for (const x of c.maybe)
    heap = replaceChunk(heap, x, { ...x, value: iteValue(T, T.eq(receiver, x.receiver), v, x.value) });
  return { heap, held: heldCondition(T, receiver, c) };
}
