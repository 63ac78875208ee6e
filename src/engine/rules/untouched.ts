// `untouched(A)` in an `ensures` (docs/design.md E.2). Checking it (leaving a procedure): A is consumed
// non-destructively from the heap as it was when the consume started and from the frame's
// old heap, and the two snapshots must be equal (else a `postcondition` failure). Assuming it
// (producing the `ensures` at a call site in modular mode): the snapshot of A in the heap
// produced so far equals its snapshot in the heap before the call.

import type { Expr, Untouched } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { EMPTY_HEAP, type Heap } from '../state/chunks';
import { sameSnapshot } from './heap/untouched';
import type { EvalEnv } from './eval';
import { checkAll } from './checks';
import type { EngineContext, Successor } from './context';
import type { Consume, ConsumeHow } from './judgements';

export function isUntouched(e: Expr): e is Untouched {
  return e.kind === 'untouched';
}

/** The states going on after checking `u` in `s` (their heap is `s`'s); failures go to `leaves`. */
export async function checkUntouched(
  consume: Consume,
  ctx: EngineContext,
  s: State,
  u: Untouched,
  how: ConsumeHow,
  leaves: Successor[],
): Promise<State[]> {
  const now = await consume(ctx, { ...s, heap: how.env.heap ?? EMPTY_HEAP }, [u.body], how);
  leaves.push(...now.leaves);
  const out: State[] = [];
  for (const a of now.outs) {
    const before = await consume(ctx, { ...a.state, heap: how.env.oldHeap ?? EMPTY_HEAP }, [u.body], how);
    leaves.push(...before.leaves);
    for (const b of before.outs) {
      const checked = await checkAll(ctx, b.state, [
        {
          cond: sameSnapshot(ctx.T, a.removed, b.removed),
          obligations: [],
          site: { ...how.pureSite(u), message: `${how.pureSite(u).message}: ${printExpr(u.body)} changed` },
          reason: how.reason,
        },
      ]);
      leaves.push(...checked.leaves);
      if (checked.next) out.push({ ...checked.next, heap: s.heap });
    }
  }
  return out;
}

/** The fact `untouched(A)` gives between `heap` and `oldHeap`; undefined when A's chunks are not found unambiguously in both. */
export async function untouchedFact(
  consume: Consume,
  ctx: EngineContext,
  s: State,
  u: Untouched,
  env: EvalEnv,
  heap: Heap,
  oldHeap: Heap,
): Promise<Term | undefined> {
  const how: ConsumeHow = {
    env,
    pureSite: (e) => ({ kind: 'postcondition', span: e.span, message: printExpr(e) }),
    accSite: (a) => ({ kind: 'permission', span: a.span, message: printExpr(a) }),
    predSite: (c) => ({ kind: 'permission', span: c.span, message: printExpr(c) }),
    reason: `untouched at line ${u.span.line}`,
  };
  const now = await consume(ctx, { ...s, heap }, [u.body], how);
  const before = await consume(ctx, { ...s, heap: oldHeap }, [u.body], how);
  if (now.outs.length !== 1 || before.outs.length !== 1 || now.leaves.length > 0 || before.leaves.length > 0)
    return undefined;
  return sameSnapshot(ctx.T, now.outs[0].removed, before.outs[0].removed);
}
