// The symbolic heap (docs/design.md B.4): the field permissions a path holds, one chunk per held
// location with its current value and the amount held (absent: all of it, `write`). A heap is
// an immutable array; every change makes a new one. Two chunks of one field at the top of a
// heap never have receivers that can be equal: producing a chunk assumes its receiver differs
// from the others, or, when a fraction is produced and the two may be one object, the path
// splits into "the same object" (the amounts are added in one chunk) and "different objects".

import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import type { SymValue } from './values';
import { printAmount, isWrite, type Amount } from './amounts';
import type { QuantChunk } from './quantifiedChunks';

export interface FieldChunk {
  readonly kind: 'field';
  readonly receiver: Term;
  readonly field: string;
  readonly value: SymValue;
  /** The part of the location held: absent is all of it (`write`); never certainly none. */
  readonly amount?: Amount;
  /** Why the path holds it: "new at line 27", "requires of reset", … (for the debugger). */
  readonly origin: { readonly span?: Span; readonly reason: string };
}

/**
 * A folded predicate instance q(args). An instance of a non-recursive predicate carries its
 * `fragment`: the chunks its body holds, with the values folded in; unfolding gives back
 * exactly those chunks, so fold after unfold with unchanged values is the same instance. An
 * instance of a recursive predicate carries a `snapshot` term instead, and unfolding derives
 * the body's chunks from it (rules/heap/snapshots.ts), so a folded list never unfolds by itself.
 */
export interface PredChunk {
  readonly kind: 'pred';
  readonly name: string;
  readonly args: readonly Term[];
  readonly fragment?: Heap;
  readonly snapshot?: Term;
  /** The part of the instance held (`acc(q(x), 1/2)`): absent is all of it; a fragment holds its body at this part. */
  readonly amount?: Amount;
  readonly origin: { readonly span?: Span; readonly reason: string };
}

export type Chunk = FieldChunk | PredChunk | QuantChunk;

export type Heap = readonly Chunk[];

export const EMPTY_HEAP: Heap = [];

/**
 * The heap a rule leaves, `after`, kept absent while no chunk was ever held (`before` absent and
 * nothing to hold): a program without objects runs the same rules as one with them, and its
 * states stay the states of a program with no heap (joins and prunes treat them as such).
 */
export function heapAfter(before: Heap | undefined, after: Heap): Heap | undefined {
  return before === undefined && after.length === 0 ? undefined : after;
}

export function fieldChunks(h: Heap, field: string): FieldChunk[] {
  return h.filter((c): c is FieldChunk => c.kind === 'field' && c.field === field);
}

/** The field chunks of `field`, including those folded inside fragments (all are disjoint); a snapshot's are not known. */
export function allFieldChunks(h: Heap, field: string, out: FieldChunk[] = []): FieldChunk[] {
  // A loop, not flatMap: every produce asks this of the whole heap (n-cells, docs/design.md B.9).
  for (const c of h) {
    if (c.kind === 'field') {
      if (c.field === field) out.push(c);
    } else if (c.kind === 'pred' && c.fragment) allFieldChunks(c.fragment, field, out);
  }
  return out;
}

/** Every field chunk of `h`, of any field, including those folded inside fragments. */
export function everyFieldChunk(h: Heap, out: FieldChunk[] = []): FieldChunk[] {
  for (const c of h) {
    if (c.kind === 'field') out.push(c);
    else if (c.kind === 'pred' && c.fragment) everyFieldChunk(c.fragment, out);
  }
  return out;
}

export function predChunks(h: Heap, name: string): PredChunk[] {
  return h.filter((c): c is PredChunk => c.kind === 'pred' && c.name === name);
}

export function withChunk(h: Heap, c: Chunk): Heap {
  return [...h, c];
}

export function withoutChunk(h: Heap, c: Chunk): Heap {
  return h.filter((x) => x !== c);
}

export function replaceChunk(h: Heap, old: Chunk, c: Chunk): Heap {
  return h.map((x) => (x === old ? c : x));
}

/** `c.x` for a chunk (receiver printed by the caller's printer). */
export function chunkLabel(receiver: string, field: string, amount?: Amount): string {
  return isWrite(amount) ? `acc(${receiver}.${field})` : `acc(${receiver}.${field}, ${printAmount(amount)})`;
}

/** `valid(l)` for a whole instance, `acc(valid(l), 1/2)` for a part of it. */
export function instanceLabel(instance: string, amount?: Amount): string {
  return isWrite(amount) ? instance : `acc(${instance}, ${printAmount(amount)})`;
}
