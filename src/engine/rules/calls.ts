// Calls and returns. Explore mode inlines the callee (a new frame, bounded recursion) and
// still checks its contract; modular mode checks `requires`, then havocs the results and the
// globals the callee may assign and assumes `ensures`.

import type { Call, Expr, LValue, Proc } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import { extendTrace, topFrame, type CallSite, type State, type Store } from '../state/state';
import type { Term } from '../terms/term';
import { evalExpr, type Obligation } from './eval';
import { assumeConjunct, assumedClause, ask, checkAll, evalClause, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { ensuresEnv, envOf } from './frames';
import { checkObligations } from './evalChecked';
import { assignResults, contractEnv, havocCallOutputs, pushFrame } from './callFrames';
import { callWithHeap, entryWithHeap, leaveWithHeap, usesHeap } from './heapCalls';

export async function callInto(
  ctx: EngineContext, s: State, call: Call, targets: readonly LValue[], span: Span, indices?: readonly (readonly Term[] | undefined)[],
): Promise<Successor[]> {
  if (usesHeap(ctx)) return callWithHeap(ctx, s, call, targets, span, indices);
  const callee = ctx.checked.procs.get(call.callee);
  if (!callee) throw new Error(`internal: unknown procedure ${call.callee}`);
  const obligations: Obligation[] = [];
  const env = envOf(ctx, s);
  const args = call.args.map((a) => evalExpr(a, env, obligations));
  const argsChecked = await checkObligations(ctx, s, obligations);
  if (!argsChecked.next) return argsChecked.leaves;
  const params: Store = new Map(callee.params.map((p, i) => [p.name, args[i]]));
  const pre = await checkAll(ctx, argsChecked.next, callee.requires.map((r) => ({
    ...evalClause(r, contractEnv(ctx, argsChecked.next!, params, params)),
    site: { kind: 'precondition' as const, span, message: `${callee.name} requires ${printExpr(r)}` },
    reason: `precondition of ${callee.name}`,
  })));
  const leaves = [...argsChecked.leaves, ...pre.leaves];
  if (!pre.next) return leaves;
  const rest = ctx.options.mode === 'modular'
    ? await applyContract(ctx, pre.next, callee, params, { call, span, targets, indices })
    : pushFrame(ctx, pre.next, callee, params, { call, span, targets, indices });
  return [...leaves, ...rest];
}

/**
 * The runtime checks of the global initialisers, then the entry's `requires` clauses that
 * have runtime checks (and those after them), in order:
 * an operation that fails is a failure of its kind, as in a concrete run; then the clause is
 * assumed. The clause's line is on the path's trace, so that a failure there has a path.
 */
export async function entryRequires(ctx: EngineContext, s: State, globals: readonly Obligation[], clauses: readonly Expr[]): Promise<Successor[]> {
  if (usesHeap(ctx)) return entryWithHeap(ctx, s, globals, clauses);
  const proc = topFrame(s).proc;
  const traced = globals.length > 0 ? { ...s, trace: extendTrace(s.trace, globals[0].span.line) } : s;
  const initialised = await checkObligations(ctx, traced, globals);
  const leaves: Successor[] = [...initialised.leaves];
  if (!initialised.next) return leaves;
  let cur = initialised.next;
  for (const r of clauses) {
    cur = { ...cur, trace: extendTrace(cur.trace, r.span.line) };
    const c = evalClause(r, envOf(ctx, cur));
    const checked = await checkObligations(ctx, cur, c.obligations);
    leaves.push(...checked.leaves);
    if (!checked.next) return leaves;
    const ok = await ask(ctx, checked.next, c.cond);
    if (ok.status === 'unknown') return [...leaves, unknownLeaf(checked.next, ok, `the precondition of ${proc.name}`)];
    if (ok.status === 'unsat') return [...leaves, { state: { ...checked.next, status: 'infeasible', note: `the precondition of ${proc.name} is unsatisfiable` }, label: STEP }];
    cur = assumeConjunct(checked.next, c.cond, r.span, `requires of ${proc.name}`, ok);
  }
  return [...leaves, { state: cur, label: STEP }];
}

async function applyContract(ctx: EngineContext, s: State, callee: Proc, params: Store, site: CallSite): Promise<Successor[]> {
  const span = site.span;
  const outputs = havocCallOutputs(ctx, s, callee, span);
  const { results, globalsBefore } = outputs;
  let cur = outputs.state;
  const post = new Map([...params, ...results]);
  const env = { ...contractEnv(ctx, cur, post, params), lookupOld: (n: string) => params.get(n) ?? globalsBefore.get(n) };
  for (const e of callee.ensures) {
    // Proved, with its runtime checks, when the callee was verified against its contract.
    const cond = assumedClause(ctx, evalClause(e, env));
    const r = await ask(ctx, cur, cond);
    if (r.status === 'unknown') return [unknownLeaf(cur, r, `the postcondition of ${callee.name}`)];
    if (r.status === 'unsat') return [{ state: { ...cur, status: 'infeasible', note: `${callee.name} ensures ${printExpr(e)} contradicts the path condition` }, label: STEP }];
    cur = assumeConjunct(cur, cond, e.span, `${callee.name} ensures (line ${span.line})`, r);
  }
  return assignResults(ctx, cur, callee, results, site);
}

/** Leaving a procedure at its end or at `return`: check `ensures`, pop, deliver results. */
export async function leaveFrame(ctx: EngineContext, s: State): Promise<Successor[]> {
  if (usesHeap(ctx)) return leaveWithHeap(ctx, s);
  const frame = topFrame(s);
  const proc = frame.proc;
  const env = ensuresEnv(ctx, s, frame);
  const post = await checkAll(ctx, s, proc.ensures.map((e) => ({
    ...evalClause(e, env),
    site: { kind: 'postcondition' as const, span: e.span, message: `${proc.name} ensures ${printExpr(e)}` },
    reason: `postcondition of ${proc.name}`,
  })));
  if (!post.next) return post.leaves;
  const after = post.next;
  if (after.frames.length === 1) return [...post.leaves, { state: { ...after, status: 'done' }, label: STEP }];
  const results = new Map(proc.returns.map((r) => [r.name, topFrame(after).store.get(r.name)!]));
  const popped: State = { ...after, frames: after.frames.slice(0, -1) };
  return [...post.leaves, ...(await assignResults(ctx, popped, proc, results, frame.callSite))];
}
