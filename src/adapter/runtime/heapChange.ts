// The heap change of a `fold`/`unfold` step as one line (docs/design.md B.7), printed as an output event
// while stepping: `unfold valid(c) (line 12): −valid(c), +acc(c.x) ↦ 5`. Chunks are compared by
// identity: a step that does not touch a chunk keeps the same object.

import { printExpr } from '../../lang/printer';
import type { Chunk, Heap } from '../../engine/state/chunks';
import { topFrame, type State } from '../../engine/state/state';
import { chunkName, refNames, valueText, type RefNames } from './heapView';

/** The line for the step `before` → `after`, or undefined when it was not a fold/unfold that went on. */
export function heapChangeLine(before: State, after: State): string | undefined {
  const head = topFrame(before)?.kont?.head;
  if (head?.kind !== 'stmt' || (head.stmt.kind !== 'fold' && head.stmt.kind !== 'unfold')) return undefined;
  if (after.status === 'failed' || after.status === 'infeasible' || after.status === 'unknown') return undefined;
  if (after.frames.length !== before.frames.length) return undefined;
  const names = refNames({ state: before, frameIndex: 0 });
  const old: Heap = before.heap ?? [];
  const now: Heap = after.heap ?? [];
  const removed = old.filter((c) => !now.includes(c)).map((c) => `−${chunkText(c, names)}`);
  const added = now.filter((c) => !old.includes(c)).map((c) => `+${chunkText(c, names)}`);
  const change = [...removed, ...added];
  const st = head.stmt;
  return `${st.kind} ${printExpr(st.pred, 60)} (line ${st.span.line}): ${change.length === 0 ? 'no change' : change.join(', ')}`;
}

function chunkText(c: Chunk, names: RefNames): string {
  return c.kind === 'field' ? `${chunkName(c, names)} ↦ ${valueText(c.value, names, 40)}` : chunkName(c, names);
}
