// The symbolic heap (design B.4): the field permissions a path holds, one chunk per held
// location with its current value. A heap is an immutable array; every change makes a new one.
// Two chunks of one field never have receivers that can be equal: producing a chunk assumes
// its receiver differs from the others (or finds the path infeasible).

import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import type { SymValue } from '../state';

export interface FieldChunk {
  readonly kind: 'field';
  readonly receiver: Term;
  readonly field: string;
  readonly value: SymValue;
  /** Why the path holds it: "new at line 27", "requires of reset", … (for the debugger). */
  readonly origin: { readonly span?: Span; readonly reason: string };
}

export type Heap = readonly FieldChunk[];

export const EMPTY_HEAP: Heap = [];

export function fieldChunks(h: Heap, field: string): FieldChunk[] {
  return h.filter((c) => c.field === field);
}

export function withChunk(h: Heap, c: FieldChunk): Heap {
  return [...h, c];
}

export function withoutChunk(h: Heap, c: FieldChunk): Heap {
  return h.filter((x) => x !== c);
}

export function replaceChunk(h: Heap, old: FieldChunk, c: FieldChunk): Heap {
  return h.map((x) => (x === old ? c : x));
}

/** `c.x` for a chunk (receiver printed by the caller's printer). */
export function chunkLabel(receiver: string, field: string): string {
  return `acc(${receiver}.${field})`;
}
