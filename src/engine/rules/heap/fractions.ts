// Fractions of a field chunk (docs/design.md "Permission amounts"): the amount an `acc` names,
// taking a part of a chunk (what is left stays in the heap, what is taken goes where the
// consume puts it) and adding a part to a chunk of the same location. A whole permission
// (`acc(e.f)`, `write`) is `undefined` everywhere, so whole chunks are kept as they are.

import type { Acc, Expr } from '../../../lang/ast';
import { permAmount } from '../../../lang/permAmount';
import {
  addAmounts,
  covers,
  exactly,
  held,
  isNone,
  isSymbolic,
  isWrite,
  minus,
  symbolic,
  WILDCARD,
  type Amount,
} from '../../state/amounts';
import { realConstant } from '../../terms/reals';
import type { Term } from '../../terms/term';
import { replaceChunk, withChunk, type FieldChunk, type Heap } from '../../state/chunks';

/** Whether an amount is a perm expression the checker does not fold (a variable, `perm(…)`, `k / 2`). */
export function symbolicAmount(e: Expr | undefined): e is Expr {
  return e !== undefined && !permAmount(e).ok;
}

/** Whether `acc`'s amount is a constant the checker folds (else it is a perm expression, evaluated). */
export function constantAmount(acc: Acc): boolean {
  return !acc.amount || permAmount(acc.amount).ok;
}

/** Whether `acc` names less than write, or an amount known only when evaluated. */
export function namesFraction(acc: Acc): boolean {
  return !constantAmount(acc) || accAmount(acc) !== undefined;
}

/**
 * The amount `acc(e.f, p)` names: undefined for `write` (and for no amount). A symbolic p is
 * passed evaluated, as `value` (a real term; a constant one is folded back).
 */
export function accAmount(acc: Acc, value?: Term): Amount | undefined {
  if (!acc.amount) return undefined;
  const p = permAmount(acc.amount);
  if (!p.ok && value) {
    const q = realConstant(value);
    if (!q) return symbolic(value);
    const a = exactly(q);
    return isWrite(a) ? undefined : a;
  }
  if (!p.ok) throw new Error(`internal: an amount the checker refused: ${p.message}`);
  const a = p.wildcard ? WILDCARD : exactly(p.q);
  return isWrite(a) ? undefined : a;
}

/** Whether `acc` names no permission at all (`acc(e.f, none)`, `acc(e.f, 0)`): nothing is added or taken. */
export function namesNone(acc: Acc): boolean {
  if (!constantAmount(acc)) return false;
  const a = accAmount(acc);
  return a !== undefined && isNone(a);
}

/** `undefined` for write, so a chunk that is whole again looks as one that was never split. */
export function normal(a: Amount): Amount | undefined {
  return isWrite(a) ? undefined : a;
}

export type Taking =
  | { readonly ok: true; readonly part: FieldChunk; readonly left?: FieldChunk }
  | { readonly ok: false; readonly holds: Amount };

/** Takes `need` (undefined: write) out of `chunk`: the part taken and what is left (none: absent). */
export function takePart(chunk: FieldChunk, need: Amount | undefined): Taking {
  if (need === undefined && chunk.amount === undefined) return { ok: true, part: chunk };
  const have = held(chunk.amount);
  const want = held(need);
  if (!covers(have, want)) return { ok: false, holds: have };
  const left = minus(have, want);
  return {
    ok: true,
    part: { ...chunk, amount: normal(want) },
    ...(isNone(left) ? {} : { left: { ...chunk, amount: normal(left) } }),
  };
}

/** `chunk` with `more` added (the same location produced again). */
export function withMore(chunk: FieldChunk, more: Amount | undefined): FieldChunk {
  return { ...chunk, amount: normal(addAmounts(held(chunk.amount), held(more))) };
}

/**
 * `frame` and `back` as one heap: the chunks a call or a loop body gives back next to those its
 * caller kept. A fraction given back for a location the frame holds a part of (the same
 * receiver term) is added to the frame's chunk; everything else is appended. Receivers that are
 * different terms are left apart: at worst an amount is split over two chunks of one location,
 * which can only make a later check fail, never pass.
 */
export function mergeBack(frame: Heap, back: Heap): Heap {
  if (back.every((c) => c.kind !== 'field' || c.amount === undefined)) return [...frame, ...back];
  let heap = frame;
  for (const c of back) {
    const same =
      c.kind === 'field'
        ? heap.find((o) => o.kind === 'field' && o.field === c.field && o.receiver === c.receiver)
        : undefined;
    heap =
      same && same.kind === 'field' && c.kind === 'field' && !isSymbolic(same.amount) && !isSymbolic(c.amount)
        ? replaceChunk(heap, same, withMore(same, c.amount))
        : withChunk(heap, c);
  }
  return heap;
}
