// Loop invariants, consumed and produced (docs/design.md B.5, seed 001 Fig. 8), in every
// program: pure conjuncts are checked and assumed by the same consume and produce as
// permissions. Modular mode: the invariant is consumed on entry; what is left is the frame,
// kept aside. One arbitrary iteration starts from the invariant produced into a fresh heap
// (with fresh values `c.x@L`) and ends by consuming it again; the path after the loop has the
// frame, the invariant produced and the negated condition. Explore mode unrolls the loop and
// only checks the invariant at every arrival at the head, by consuming it on a copy of the heap.

import type { Expr, While } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { topFrame, type State } from '../state/state';
import { EMPTY_HEAP, heapAfter } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { consume, type ConsumeHow, type Consumed } from './consume';
import { envOf, withHeaps } from './frames';
import { freshAtSite } from './havoc';
import { produce } from './produce';
import { arbitraryIteration } from './loopHead';

/** How a consume of the invariants reports: pure parts as `invariant`, missing permissions as `permission` at the loop. */
function invariantHow(ctx: EngineContext, s: State, loop: While, what: string): ConsumeHow {
  const line = loop.span.line;
  const missing = (x: Expr) => ({
    kind: 'permission' as const,
    span: loop.span,
    message: `the invariant of the loop at line ${line} holds ${printExpr(x)} (line ${x.span.line}), which ${what === 'may not hold on entry' ? 'is not held on entry' : 'is not held at the end of the body'}`,
  });
  return {
    env: envOf(ctx, s),
    pureSite: (e) => ({ kind: 'invariant', span: e.span, message: `invariant ${printExpr(e)} ${what}` }),
    accSite: missing,
    predSite: missing,
    reason: `invariant of the loop at line ${line}`,
  };
}

/** Explore mode: the invariants checked at the loop head on a copy of the heap (they take nothing). */
export async function checkInvariants(
  ctx: EngineContext,
  s: State,
  loop: While,
  what: string,
): Promise<{ leaves: Successor[]; nexts: State[] }> {
  const out = await consume(ctx, s, loop.invariants, invariantHow(ctx, s, loop, what));
  return { leaves: out.leaves, nexts: out.outs.map((o) => ({ ...o.state, heap: s.heap })) };
}

/** Modular mode: consume on entry, then one arbitrary iteration and the path after the loop (`havoc` havocs what the body assigns). */
export async function modularLoop(
  ctx: EngineContext,
  s: State,
  loop: While,
  havoc: (s: State) => State,
): Promise<Successor[]> {
  const entry = await consume(ctx, s, loop.invariants, invariantHow(ctx, s, loop, 'may not hold on entry'));
  const out: Successor[] = [...entry.leaves];
  for (const c of entry.outs) out.push(...(await iterate(ctx, c, loop, havoc)));
  return out;
}

async function iterate(ctx: EngineContext, c: Consumed, loop: While, havoc: (s: State) => State): Promise<Successor[]> {
  const line = loop.span.line;
  const whole = c.state.heap ?? EMPTY_HEAP;
  // A quantified chunk of the frame is set apart: the invariant's are produced as chunks of
  // their own, which the body runs on, and merged back at the exit (B.10).
  const frameHeap = whole.filter((ch) => ch.kind !== 'qfield');
  const start = { ...havoc(c.state), heap: heapAfter(c.state.heap, frameHeap) };
  // Produced beside the frame (so its receivers are known distinct from the frame's), but read
  // only in the invariant's own chunks: the invariant frames itself.
  const produced = await produce(ctx, start, loop.invariants, {
    consume,
    envAt: (st) => withHeaps(envOf(ctx, st), (st.heap ?? EMPTY_HEAP).slice(frameHeap.length), topFrame(st).entryHeap),
    naming: (st, display, type) =>
      freshAtSite(
        ctx,
        st,
        `${display}@${line}`,
        type,
        `${display} at an arbitrary iteration of the loop at line ${line}`,
        loop.span,
      ),
    checkObligations: false,
    reason: `invariant of the loop at line ${line}`,
    beside: true,
  });
  const out: Successor[] = [...produced.leaves];
  for (const next of produced.nexts) {
    const after: State = { ...next, model: undefined };
    const own = heapAfter(after.heap, (after.heap ?? EMPTY_HEAP).slice(frameHeap.length));
    const exit = { frame: whole, before: c.state.heap, rest: topFrame(c.state).kont };
    out.push(...(await arbitraryIteration(ctx, { ...after, heap: own }, loop, exit)));
  }
  return out;
}

/** Modular mode: the end of one arbitrary iteration consumes the invariant; what the body still holds is dropped. */
export async function preserveInvariant(ctx: EngineContext, s: State, loop: While): Promise<Successor[]> {
  const out = await consume(ctx, s, loop.invariants, invariantHow(ctx, s, loop, 'may not be preserved'));
  const note = `the body of the loop at line ${loop.span.line} preserves its invariant`;
  return [
    ...out.leaves,
    ...out.outs.map((o) => ({ state: { ...o.state, status: 'done' as const, note }, label: STEP })),
  ];
}
