// Two paths side by side (issue 25): where they parted (the last decision both took), then for
// each side the branch conditions it took after that, the locals of its top frame whose values
// differ, and the heap chunks one holds and the other does not or holds with another value.
// Plain rows of text, for the REPL's `:diff #a #b` and the `symdap/diffPaths` request.

import type { State } from '../state/state';
import { topFrame } from '../state/state';
import { conjuncts, type Conjunct } from '../state/pathCondition';
import { everyFieldChunk } from '../state/chunks';
import { printTerm } from '../terms/print';
import type { Term } from '../terms/term';
import { isSymArray, type SymValue } from '../state/values';

export interface DiffRow {
  readonly line?: number;
  readonly text: string;
}

export interface SideDiff {
  /** Branch conditions and other facts this side added after the paths parted. */
  readonly conditions: readonly DiffRow[];
  /** Locals (top frame) whose value differs from the other side's, or that only this side has. */
  readonly locals: readonly { readonly name: string; readonly value: string }[];
  /** Field chunks (`receiver.field ↦ value`) this side holds and the other does not hold so. */
  readonly chunks: readonly string[];
}

export interface PathDiff {
  /** Facts both paths share, from the start. */
  readonly shared: number;
  /** The last shared fact (the last decision both took), if any. */
  readonly lastCommon?: DiffRow;
  readonly a: SideDiff;
  readonly b: SideDiff;
}

const show = (t: Term): string => printTerm(t, { maxLength: 160 });

export function diffPaths(a: State, b: State): PathDiff {
  const ca = conjuncts(a.pc);
  const cb = conjuncts(b.pc);
  let shared = 0;
  while (shared < ca.length && shared < cb.length && ca[shared].term === cb[shared].term) shared++;
  const row = (c: Conjunct): DiffRow => ({ ...(c.span ? { line: c.span.line } : {}), text: show(c.term) });
  return {
    shared,
    ...(shared > 0 ? { lastCommon: row(ca[shared - 1]) } : {}),
    a: side(a, b, ca.slice(shared).map(row)),
    b: side(b, a, cb.slice(shared).map(row)),
  };
}

function side(self: State, other: State, conditions: DiffRow[]): SideDiff {
  return { conditions, locals: differingLocals(self, other), chunks: differingChunks(self, other) };
}

function differingLocals(self: State, other: State): SideDiff['locals'] {
  if (self.frames.length === 0) return [];
  const mine = topFrame(self).store;
  const theirs = other.frames.length > 0 ? topFrame(other).store : new Map();
  const out: { name: string; value: string }[] = [];
  for (const [name, v] of mine) {
    const w = theirs.get(name);
    if (w === v) continue;
    out.push({ name, value: valueText(v) });
  }
  return out;
}

function differingChunks(self: State, other: State): string[] {
  const text = (s: State): Set<string> =>
    new Set(everyFieldChunk(s.heap ?? []).map((c) => `${show(c.receiver)}.${c.field} ↦ ${valueText(c.value)}`));
  const theirs = text(other);
  return [...text(self)].filter((c) => !theirs.has(c));
}

function valueText(v: SymValue): string {
  return isSymArray(v) ? `array of length ${show(v.length)}` : show(v);
}
