// Calls, returns and the entry's `requires` in programs with objects (docs/design.md B.5 "Calls"):
// a call consumes the callee's `requires` from the caller's heap (missing chunks are
// `permission` failures at the call, pure parts `precondition` failures) and keeps the rest
// as the frame R. Explore mode runs the callee on exactly the transferred chunks and, at its
// return, consumes its `ensures` and gives those chunks back; modular mode produces the
// callee's `ensures` with fresh values. Chunks a callee keeps and does not give back are lost.

import type { Call, Expr, LValue, Proc } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import { extendTrace, topFrame, type CallSite, type State, type Store } from '../state/state';
import { evalExpr, type Obligation } from './eval';
import type { Term } from '../terms/term';
import { EMPTY_HEAP, everyFieldChunk, type FieldChunk, type Heap } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { ensuresEnv, envOf, withHeaps, withTop } from './frames';
import { freshAtSite, freshValue } from './havoc';
import { checkObligations } from './evalChecked';
import { assignResults, contractEnv, havocCallOutputs, pushFrame } from './callFrames';
import { checkHealing } from './heal';
import { consume, type ConsumeHow } from './consume';
import { produce, type Naming } from './produce';

/** Programs with classes run with a heap (every state's `heap`, contracts produced and consumed). */
export function usesHeap(ctx: EngineContext): boolean {
  return ctx.checked.classes.size > 0;
}

export async function callWithHeap(
  ctx: EngineContext, s: State, call: Call, targets: readonly LValue[], span: Span, indices?: readonly (readonly Term[] | undefined)[],
): Promise<Successor[]> {
  const callee = ctx.checked.procs.get(call.callee);
  if (!callee) throw new Error(`internal: unknown procedure ${call.callee}`);
  const obligations: Obligation[] = [];
  const env = envOf(ctx, s);
  const args = call.args.map((a) => evalExpr(a, env, obligations));
  const argsChecked = await checkHealing(ctx, s, obligations, (h) => callWithHeap(ctx, h, call, targets, span, indices));
  if (!argsChecked.next) return argsChecked.leaves;
  const st = argsChecked.next;
  const params: Store = new Map(callee.params.map((p, i) => [p.name, args[i]]));
  const preHeap = st.heap ?? EMPTY_HEAP;
  const how: ConsumeHow = {
    env: withHeaps(contractEnv(ctx, st, params, params), preHeap, preHeap),
    pureSite: (e) => ({ kind: 'precondition', span, message: `${callee.name} requires ${printExpr(e)}` }),
    accSite: (a) => ({ kind: 'permission', span, message: `${callee.name} requires ${printExpr(a)} (line ${a.span.line}), which is not held` }),
    predSite: (c) => ({ kind: 'permission', span, message: `${callee.name} requires ${printExpr(c)} (line ${c.span.line}), which is not held` }),
    reason: `precondition of ${callee.name}`,
  };
  const consumed = await consume(ctx, st, callee.requires, how);
  const out: Successor[] = [...argsChecked.leaves, ...consumed.leaves];
  const site: CallSite = { call, span, targets, indices };
  for (const c of consumed.outs) {
    if (ctx.options.mode === 'modular') { out.push(...(await contractWithHeap(ctx, c.state, callee, params, site, preHeap, c.removed))); continue; }
    const taken: Heap = c.removed;
    for (const succ of pushFrame(ctx, { ...c.state, heap: taken }, callee, params, site)) {
      const pushed = succ.state.frames.length > c.state.frames.length;
      const state = pushed ? withTop(succ.state, { ...topFrame(succ.state), entryHeap: taken, callerHeap: c.state.heap ?? EMPTY_HEAP }) : { ...succ.state, heap: c.state.heap };
      out.push({ ...succ, state });
    }
  }
  return out;
}

/** Modular mode: fresh results, the callee's globals havocked, its `ensures` produced (old reads the pre-call heap). */
async function contractWithHeap(ctx: EngineContext, s: State, callee: Proc, params: Store, site: CallSite, preHeap: Heap, taken: Heap): Promise<Successor[]> {
  const span = site.span;
  const { state: cur, results, globalsBefore } = havocCallOutputs(ctx, s, callee, span);
  const post = new Map([...params, ...results]);
  const naming: Naming = (st, display, type) =>
    freshAtSite(ctx, st, `${display}@${span.line}`, type, `${display} after the call of ${callee.name} at line ${span.line}`, span);
  const produced = await produce(ctx, cur, callee.ensures, {
    consume,
    envAt: (st) => withHeaps({ ...contractEnv(ctx, st, post, params), lookupOld: (n: string) => params.get(n) ?? globalsBefore.get(n) }, st.heap, preHeap),
    naming, checkObligations: false, reason: `${callee.name} ensures (call at line ${span.line})`,
    knownApart: apartBeforeCall(taken, s.heap ?? EMPTY_HEAP),
  });
  const out: Successor[] = [...produced.leaves];
  for (const next of produced.nexts) out.push(...(await assignResults(ctx, next, callee, results, site)));
  return out;
}

/**
 * A chunk the call took and a chunk of the frame it left were held together before the call,
 * so their receivers differ already (chunks of one field never share one): giving the first
 * back needs no new distinctness fact against the second. This keeps n calls on n objects
 * from adding n² facts (n-cells, docs/design.md B.9).
 */
function apartBeforeCall(taken: Heap, frame: Heap): (receiver: Term, field: string, other: FieldChunk) => boolean {
  const before = new Set(everyFieldChunk(taken).map((c) => `${c.receiver.id}.${c.field}`));
  const kept = new Set(everyFieldChunk(frame));
  return (receiver, field, other) => kept.has(other) && before.has(`${receiver.id}.${field}`);
}

/** Leaving a procedure: consume its `ensures`, give the consumed chunks back to the caller's frame R, deliver results. */
export async function leaveWithHeap(ctx: EngineContext, s: State): Promise<Successor[]> {
  const frame = topFrame(s);
  const proc = frame.proc;
  const consumed = await consume(ctx, s, proc.ensures, {
    // Parameters denote their values on entry, as without a heap (ensuresEnv): the caller
    // produces this ensures with the arguments it passed.
    env: withHeaps(ensuresEnv(ctx, s, frame), s.heap, frame.entryHeap),
    pureSite: (e) => ({ kind: 'postcondition', span: e.span, message: `${proc.name} ensures ${printExpr(e)}` }),
    accSite: (a) => ({ kind: 'permission', span: a.span, message: `${proc.name} ensures ${printExpr(a)}, which is not held` }),
    predSite: (c) => ({ kind: 'permission', span: c.span, message: `${proc.name} ensures ${printExpr(c)} (line ${c.span.line}), which is not held` }),
    reason: `postcondition of ${proc.name}`,
  });
  const out: Successor[] = [...consumed.leaves];
  for (const c of consumed.outs) {
    const after = c.state;
    if (after.frames.length === 1) { out.push({ state: { ...after, status: 'done' }, label: STEP }); continue; }
    const results = new Map(proc.returns.map((r) => [r.name, topFrame(after).store.get(r.name)!]));
    const popped: State = { ...after, frames: after.frames.slice(0, -1), heap: [...(frame.callerHeap ?? EMPTY_HEAP), ...c.removed] };
    out.push(...(await assignResults(ctx, popped, proc, results, frame.callSite)));
  }
  return out;
}

/**
 * The entry's first step in a program with objects: the global initialisers' checks, then
 * its `requires` produced with inputs as values (`c.x` for acc(c.x)); that heap is the old heap.
 */
export async function entryWithHeap(ctx: EngineContext, s: State, globals: readonly Obligation[], clauses: readonly Expr[]): Promise<Successor[]> {
  const proc = topFrame(s).proc;
  const traced = globals.length > 0 ? { ...s, trace: extendTrace(s.trace, globals[0].span.line) } : s;
  const initialised = await checkObligations(ctx, traced, globals);
  if (!initialised.next) return initialised.leaves;
  const start = clauses.length > 0 ? { ...initialised.next, trace: extendTrace(initialised.next.trace, clauses[0].span.line) } : initialised.next;
  const produced = await produce(ctx, start, clauses, {
    consume,
    envAt: (st) => envOf(ctx, st),
    naming: (st, display, type) => freshValue(ctx, st, display, type, `field ${display} on entry to ${proc.name}`),
    checkObligations: true, reason: `requires of ${proc.name}`,
  });
  const states = produced.nexts.map((next) => withTop(next, { ...topFrame(next), entryHeap: next.heap ?? EMPTY_HEAP }));
  return [...initialised.leaves, ...produced.leaves, ...states.map((state) => ({ state, label: STEP }))];
}
