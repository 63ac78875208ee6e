// Calls, returns and the entry's `requires` (docs/design.md B.5 "Calls"), one route for every
// program, as in Silicon: a call consumes the callee's `requires` from the caller's heap
// (missing chunks are `permission` failures at the call, pure conjuncts `precondition`
// failures) and keeps the rest as the frame R. Explore mode runs the callee on exactly the
// transferred chunks and, at its return, consumes its `ensures` and gives those chunks back;
// modular mode produces the callee's `ensures` with fresh values. Chunks a callee keeps and
// does not give back are lost. A program without objects is one whose heap stays empty: the
// same consume and produce check and assume its pure conjuncts, one conjunct at a time.

import { mergeQuantChunks } from '../state/quantifiedChunks';
import type { Call, Expr, LValue, Proc } from '../../lang/ast';
import { joinParts } from './instanceParts';
import { mergeBack } from './heap/fractions';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import { extendTrace, topFrame, type CallSite, type State, type Store } from '../state/state';
import { evalExpr, type Obligation } from './eval';
import type { Term } from '../terms/term';
import { EMPTY_HEAP, everyFieldChunk, heapAfter, type FieldChunk, type Heap } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { ensuresEnv, envOf, withHeaps, withTop } from './frames';
import { freshAtSite, freshValue } from './havoc';
import { checkObligations } from './evalChecked';
import { assignResults, contractEnv, havocCallOutputs, pushFrame } from './callFrames';
import { checkHealing } from './heal';
import { consume, type ConsumeHow } from './consume';
import { produce, type Naming, type ProduceHow, type ProduceOutcome } from './produce';
import { ask, unknownLeaf } from './checks';
import { hasInhaleExhale, hasPermission } from './heap/assertions';
import type { EvalEnv } from './evalEnv';
import { inhaleReads } from './inhaleReads';
import { packageWand } from './packageWand';

export async function callInto(
  ctx: EngineContext,
  s: State,
  call: Call,
  targets: readonly LValue[],
  span: Span,
  indices?: readonly (readonly Term[] | undefined)[],
): Promise<Successor[]> {
  const callee = ctx.checked.procs.get(call.callee);
  if (!callee) throw new Error(`internal: unknown procedure ${call.callee}`);
  const obligations: Obligation[] = [];
  const env = envOf(ctx, s);
  const args = call.args.map((a) => evalExpr(a, env, obligations));
  const argsChecked = await checkHealing(ctx, s, obligations, (h) => callInto(ctx, h, call, targets, span, indices));
  if (!argsChecked.next) return argsChecked.leaves;
  const st = argsChecked.next;
  const params: Store = new Map(callee.params.map((p, i) => [p.name, args[i]]));
  // Viper's package (lang/viper/lowerWandStmt.ts): not a call, a rule of its own.
  if (callee.wand === 'package') return [...argsChecked.leaves, ...(await packageWand(ctx, st, callee, params, span))];
  const preHeap = st.heap ?? EMPTY_HEAP;
  // A Viper exhale's or inhale's helper (contract-only): its old(e) and old[l](e) are the caller's (lang/viper/helpers.ts).
  const oldHeap = callee.contractOnly ? (topFrame(st).entryHeap ?? EMPTY_HEAP) : preHeap;
  const labelled = callee.contractOnly ? callerLabels(st) : undefined;
  const who = shownName(callee);
  const how: ConsumeHow = {
    env: { ...withHeaps(contractEnv(ctx, st, params, params), preHeap, oldHeap), labelled },
    pureSite: (e) => ({ kind: 'precondition', span, message: `${who} requires ${printExpr(e)}` }),
    accSite: (a) => ({
      kind: 'permission',
      span,
      message: `${who} requires ${printExpr(a)} (line ${a.span.line}), which is not held`,
    }),
    predSite: (c) => ({
      kind: 'permission',
      span,
      message: `${who} requires ${printExpr(c)} (line ${c.span.line}), which is not held`,
    }),
    reason: `precondition of ${who}`,
  };
  const consumed = await consume(ctx, st, callee.requires, how);
  const out: Successor[] = [...argsChecked.leaves, ...consumed.leaves];
  const site: CallSite = { call, span, targets, indices };
  for (const c of consumed.outs) {
    if (ctx.options.mode === 'modular') {
      out.push(...(await applyContract(ctx, c.state, callee, params, site, { preHeap: oldHeap, labelled }, c.removed)));
      continue;
    }
    // The callee runs on the chunks taken (no heap while no chunk was ever held); the caller's heap is its frame R.
    const taken: Heap = c.removed;
    for (const succ of pushFrame(ctx, { ...c.state, heap: heapAfter(st.heap, taken) }, callee, params, site)) {
      const pushed = succ.state.frames.length > c.state.frames.length;
      const state = pushed
        ? withTop(succ.state, { ...topFrame(succ.state), entryHeap: taken, callerHeap: c.state.heap ?? EMPTY_HEAP })
        : { ...succ.state, heap: c.state.heap };
      out.push({ ...succ, state });
    }
  }
  return out;
}

/** Modular mode: fresh results, the callee's globals havocked, its `ensures` produced (old reads `preHeap`, the pre-call heap or a helper's caller's old heap). */
async function applyContract(
  ctx: EngineContext,
  s: State,
  callee: Proc,
  params: Store,
  site: CallSite,
  before: { readonly preHeap: Heap; readonly labelled: EvalEnv['labelled'] },
  taken: Heap,
): Promise<Successor[]> {
  const span = site.span;
  const { preHeap, labelled } = before;
  const { state: cur, results, globalsBefore } = havocCallOutputs(ctx, s, callee, span);
  const post = new Map([...params, ...results]);
  const naming: Naming = (st, display, type) =>
    freshAtSite(
      ctx,
      st,
      `${display}@${span.line}`,
      type,
      `${display} after the call of ${callee.name} at line ${span.line}`,
      span,
    );
  const produced = await produceEach(
    ctx,
    cur,
    callee.ensures,
    {
      consume,
      envAt: (st) =>
        withHeaps(
          {
            ...contractEnv(ctx, st, post, params),
            lookupOld: (n: string) => params.get(n) ?? globalsBefore.get(n),
            labelled,
          },
          st.heap,
          preHeap,
        ),
      naming,
      // An inhale's reads and definedness are checked here, in the caller's state (Viper's
      // inhale.failed); a method's ensures was checked once by the well-formedness pass.
      checkObligations: callee.statementHelper === true && !callee.ensures.some(hasInhaleExhale),
      reason: `${callee.name} ensures (call at line ${span.line})`,
      // The well-formedness pass checked a method's; an inhale's is checked here (inhale.failed),
      // its injectivity too. Where the line above checks every obligation, inhaleReads.ts's
      // selfFraming is not read: it checks the reads of an `[A, B]` inhale only.
      ...(callee.statementHelper ? {} : { injectivity: 'assume' as const }),
      ...inhaleReads(callee),
      knownApart: apartBeforeCall(taken, s.heap ?? EMPTY_HEAP),
    },
    {
      what: `the postcondition of ${callee.name}`,
      contradiction: (e) => `${callee.name} ensures ${printExpr(e)} contradicts the path condition`,
    },
  );
  const out: Successor[] = [...produced.leaves];
  for (const next of produced.nexts) out.push(...(await assignResults(ctx, next, callee, results, site)));
  return out;
}

/** The labels the caller's frame recorded: a contract-only helper's old[l](e) reads them (the checker checked l is visible at the call). */
function callerLabels(s: State): EvalEnv['labelled'] {
  const labels = topFrame(s).labels;
  return (l) => labels?.get(l);
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

/** Leaving a procedure at its end or at `return`: consume its `ensures`, give the consumed chunks back to the caller's frame R, deliver results. */
export async function leaveFrame(ctx: EngineContext, s: State): Promise<Successor[]> {
  const frame = topFrame(s);
  const proc = frame.proc;
  const consumed = await consume(ctx, s, proc.ensures, {
    // Parameters denote their values on entry (ensuresEnv): the caller produces this ensures
    // with the arguments it passed.
    env: withHeaps(ensuresEnv(ctx, s, frame), s.heap, frame.entryHeap),
    pureSite: (e) => ({ kind: 'postcondition', span: e.span, message: `${proc.name} ensures ${printExpr(e)}` }),
    accSite: (a) => ({
      kind: 'permission',
      span: a.span,
      message: `${proc.name} ensures ${printExpr(a)}, which is not held`,
    }),
    predSite: (c) => ({
      kind: 'permission',
      span: c.span,
      message: `${proc.name} ensures ${printExpr(c)} (line ${c.span.line}), which is not held`,
    }),
    reason: `postcondition of ${proc.name}`,
  });
  const out: Successor[] = [...consumed.leaves];
  for (const c of consumed.outs) {
    const after = c.state;
    if (after.frames.length === 1) {
      out.push({ state: { ...after, status: 'done' }, label: STEP });
      continue;
    }
    const results = new Map(proc.returns.map((r) => [r.name, topFrame(after).store.get(r.name)!]));
    const heap = heapAfter(s.heap, mergeQuantChunks(ctx.T, mergeBack(frame.callerHeap ?? EMPTY_HEAP, c.removed)));
    const popped: State = joinParts(
      ctx,
      { ...after, frames: after.frames.slice(0, -1), heap },
      frame.callSite?.span ?? proc.span,
      `return of ${proc.name}`,
    );
    out.push(...(await assignResults(ctx, popped, proc, results, frame.callSite)));
  }
  return out;
}

/**
 * The entry's first step: the runtime checks of the global initialisers, then its `requires`
 * produced (inputs as values, `c.x` for acc(c.x)), that heap being the old heap. A runtime
 * check that fails is a failure of its kind, as in a concrete run. Each clause's line is on
 * the path's trace as its produce begins, so that a failure there has a path.
 */
export async function entryRequires(
  ctx: EngineContext,
  s: State,
  globals: readonly Obligation[],
  clauses: readonly Expr[],
): Promise<Successor[]> {
  const proc = topFrame(s).proc;
  const traced = globals.length > 0 ? { ...s, trace: extendTrace(s.trace, globals[0].span.line) } : s;
  const initialised = await checkObligations(ctx, traced, globals);
  if (!initialised.next) return initialised.leaves;
  const produced = await produceEach(
    ctx,
    initialised.next,
    clauses,
    {
      consume,
      envAt: (x) => envOf(ctx, x),
      naming: (x, display, type) => freshValue(ctx, x, display, type, `field ${display} on entry to ${proc.name}`),
      checkObligations: true,
      reason: `requires of ${proc.name}`,
      injectivity: 'assume',
      amountsAssumed: true,
    },
    {
      what: `the precondition of ${proc.name}`,
      contradiction: () => `the precondition of ${proc.name} is unsatisfiable`,
      before: (x, e) => ({ ...x, trace: extendTrace(x.trace, e.span.line) }),
    },
  );
  const entered = produced.nexts.map((next) =>
    withTop(next, { ...topFrame(next), entryHeap: next.heap ?? EMPTY_HEAP }),
  );
  return [...initialised.leaves, ...produced.leaves, ...entered.map((state) => ({ state, label: STEP }))];
}

/** How produceEach asks, and what it says of a clause that ends the path. */
interface EachHow {
  /** `the precondition of p`: what the solver could not decide. */
  readonly what: string;
  readonly contradiction: (e: Expr) => string;
  /** The state a clause's produce starts from (the entry puts the clause's line on the trace). */
  readonly before?: (s: State, e: Expr) => State;
}

/**
 * Produces `clauses` one at a time. After a pure clause the path must still be feasible, asked
 * as a branch would be: a contract that contradicts the path ends it there as infeasible,
 * rather than leaving a path no run takes to end as completed. A clause holding permissions is
 * not asked about (docs/design.md B.9: Z3 calls must not grow with the number of objects); the
 * next branch or check finds such a path infeasible.
 */
async function produceEach(
  ctx: EngineContext,
  s: State,
  clauses: readonly Expr[],
  how: ProduceHow,
  each: EachHow,
): Promise<ProduceOutcome> {
  const leaves: Successor[] = [];
  let states: State[] = [s];
  const isPredicate = (n: string): boolean => ctx.checked.predicates.has(n);
  for (const e of clauses) {
    const next: State[] = [];
    for (const st of states) {
      const produced = await produce(ctx, each.before ? each.before(st, e) : st, [e], how);
      leaves.push(...produced.leaves);
      if (hasPermission(e, isPredicate)) {
        next.push(...produced.nexts);
        continue;
      }
      for (const p of produced.nexts) {
        const r = await ask(ctx, p, ctx.T.trueTerm);
        if (r.status === 'unknown') leaves.push(unknownLeaf(p, r, each.what));
        else if (r.status === 'unsat')
          leaves.push({ state: { ...p, status: 'infeasible', note: each.contradiction(e) }, label: STEP });
        else next.push(r.model ? { ...p, model: r.model } : p);
      }
    }
    states = next;
  }
  return { leaves, nexts: states };
}

/** The callee as a message names it: a Viper statement's helper (`exhale@12:3#1`) by its statement's word. */
function shownName(callee: Proc): string {
  const at = callee.name.indexOf('@');
  return callee.statementHelper && at > 0 ? callee.name.slice(0, at) : callee.name;
}
