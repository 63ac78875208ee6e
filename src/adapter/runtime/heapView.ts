// The symbolic heap as the debugger shows it (docs/design.md B.7): the heap of a selected frame, its
// chunks named in that frame's terms (a receiver is printed by the local that holds it, the
// term otherwise), aliases, origins, and the one-chunk-per-line text of the REPL's `:heap`.

import type { Chunk, FieldChunk, Heap } from '../../engine/state/chunks';
import { chunkLabel, instanceLabel } from '../../engine/state/chunks';
import { quantChunkLabel, quantChunkValue } from '../../engine/state/quantifiedChunks';
import { isSymArray, type SymValue } from '../../engine/state/state';
import { printTerm } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import { frameOf, type StateFrame } from './stateFrame';

const MAX_RECEIVER = 60;
const MAX_VALUE = 120;

/**
 * The heap the selected frame holds: the state's heap for the innermost frame; for a caller,
 * what it kept across the call (the callee frame's `callerHeap`, the frame R of docs/design.md B.5).
 */
export function heapOfFrame(sf: StateFrame): Heap {
  const fs = sf.state.frames;
  if (sf.frameIndex === 0) return sf.state.heap ?? [];
  return fs[fs.length - sf.frameIndex]?.callerHeap ?? sf.state.heap ?? [];
}

/** The frame's heap on entry, when it is known and differs from the heap now. */
export function oldHeapOfFrame(sf: StateFrame): Heap | undefined {
  const old = frameOf(sf)?.entryHeap;
  if (!old) return undefined;
  return sameHeap(old, heapOfFrame(sf)) ? undefined : old;
}

function sameHeap(a: Heap, b: Heap): boolean {
  return a === b || (a.length === b.length && a.every((c, i) => c === b[i]));
}

/** Term id → the names (locals, then globals) the frame gives to that reference. */
export type RefNames = ReadonlyMap<number, readonly string[]>;

export function refNames(sf: StateFrame): RefNames {
  const out = new Map<number, string[]>();
  const add = (name: string, v: SymValue): void => {
    if (isSymArray(v) || v.sort.kind !== 'ref') return;
    const list = out.get(v.id) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(v.id, list);
  };
  const frame = frameOf(sf);
  frame?.store.forEach((v, name) => add(name, v));
  sf.state.globals.forEach((v, name) => add(name, v));
  return out;
}

export function receiverText(t: Term, names: RefNames): string {
  return names.get(t.id)?.[0] ?? printTerm(t, { maxLength: MAX_RECEIVER });
}

/** `acc(c.x)` or `valid(c)`. */
export function chunkName(c: Chunk, names: RefNames): string {
  if (c.kind === 'field') return chunkLabel(receiverText(c.receiver, names), c.field, c.amount);
  if (c.kind === 'qfield') return quantChunkLabel(c);
  return instanceLabel(`${c.name}(${c.args.map((a) => receiverText(a, names)).join(', ')})`, c.amount);
}

/** ` (also d.x)` when other names of the frame hold the same receiver. */
export function aliasNote(c: FieldChunk, names: RefNames): string {
  const others = (names.get(c.receiver.id) ?? []).slice(1);
  return others.length === 0 ? '' : ` (also ${others.map((n) => `${n}.${c.field}`).join(', ')})`;
}

/** `c.x` when the frame names the receiver (so Add to Watch can evaluate it). */
export function fieldEvaluateName(c: FieldChunk, names: RefNames): string | undefined {
  const n = names.get(c.receiver.id)?.[0];
  return n === undefined ? undefined : `${n}.${c.field}`;
}

/** Why the path holds the chunk, with its line when the reason does not say it already. */
export function originText(c: Chunk): string {
  const line = c.origin.span?.line;
  if (line === undefined || c.origin.reason.includes(`line ${line}`)) return c.origin.reason;
  return `${c.origin.reason} (line ${line})`;
}

/** A chunk's value; a reference the frame names is printed by that name (`acc(i.list) ↦ l`). */
export function valueText(v: SymValue, names: RefNames, maxLength = MAX_VALUE): string {
  if (isSymArray(v)) return `array(length ${printTerm(v.length, { maxLength: 40 })})`;
  return (v.sort.kind === 'ref' ? names.get(v.id)?.[0] : undefined) ?? printTerm(v, { maxLength });
}

/** `acc(c.x) ↦ 5, acc(c.y) ↦ 2`: a predicate's fragment on one line. */
export function fragmentText(h: Heap, names: RefNames): string {
  if (h.length === 0) return '(no field permissions)';
  return h
    .map((c) =>
      c.kind === 'field' ? `${chunkName(c, names)} ↦ ${valueText(c.value, names, 40)}` : chunkName(c, names),
    )
    .join(',  ');
}

/** The REPL's `:heap`: one chunk per line, folded fragments indented under their predicate. */
export function heapLines(h: Heap, names: RefNames, indent = ''): string[] {
  return h.flatMap((c) => {
    if (c.kind === 'field')
      return [
        `${indent}${chunkName(c, names)} ↦ ${valueText(c.value, names)}${aliasNote(c, names)}  — ${originText(c)}`,
      ];
    if (c.kind === 'qfield') return [`${indent}${chunkName(c, names)}  — ${originText(c)}`];
    return [
      `${indent}${chunkName(c, names)} folded  — ${originText(c)}`,
      ...heapLines(c.fragment ?? [], names, `${indent}    `),
    ];
  });
}

/** The whole `:heap` answer for a frame: its heap, then the old heap when it differs. */
export function heapText(sf: StateFrame): string {
  const names = refNames(sf);
  const now = heapOfFrame(sf);
  const lines = now.length === 0 ? ['(no permissions held)'] : heapLines(now, names);
  const old = oldHeapOfFrame(sf);
  if (old)
    lines.push(
      `old heap (on entry to ${frameOf(sf)?.proc.name ?? 'the procedure'}): ${old.length} chunk(s)`,
      ...heapLines(old, names, '    '),
    );
  return lines.join('\n');
}

/** One chunk as plain data (the Heap scope's row without its DAP handles), for `symdap/tree`. */
export interface HeapRowData {
  readonly name: string;
  readonly value: string;
  readonly origin: string;
  /** A folded predicate: what it holds, on one line. */
  readonly unfolded?: string;
}

export function heapRowData(h: Heap, names: RefNames): HeapRowData[] {
  return h.map((c) =>
    c.kind === 'qfield'
      ? { name: chunkName(c, names), value: quantChunkValue(c), origin: originText(c) }
      : c.kind === 'field'
        ? {
            name: chunkName(c, names),
            value: `${valueText(c.value, names)}${aliasNote(c, names)}`,
            origin: originText(c),
          }
        : {
            name: chunkName(c, names),
            value: 'folded predicate',
            origin: originText(c),
            unfolded: c.fragment
              ? fragmentText(c.fragment, names)
              : 'a recursive instance (unfold it to see its chunks)',
          },
  );
}

export { quantChunkValue };
