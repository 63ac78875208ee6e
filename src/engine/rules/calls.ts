// Calls and returns. Explore mode inlines the callee (a new frame, bounded recursion) and
// still checks its contract; modular mode checks `requires`, then havocs the results and the
// globals the callee may assign and assumes `ensures`.

import type { Call, Expr, FieldRead, LValue, Proc } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import { extendTrace, isSymArray, pushAll, topFrame, type CallSite, type Frame, type State, type Store, type SymValue } from '../state/state';
import type { Term } from '../terms/term';
import { evalExpr, type Obligation } from './eval';
import { sortOfType } from '../state/sorts';
import { defaultSymValue } from '../state/arrays';
import { assumeConjunct, assumedClause, ask, checkAll, evalClause, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { assignName, ensuresEnv, envFrom, envOf, returnInstr, stmtInstrs, withKont } from './frames';
import { freshAtSite, havoc } from './havoc';
import { globalsModifiedBy } from './modifies';
import { checkObligations } from './evalChecked';
import { evalPlace, storeAt, targetLevels, withElementAt, type ElementTarget } from './elements';
import { isFieldElement } from './fieldElements';
import { readChecked, writeChecked } from './objects';
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

/** The environment of a contract: parameters (and results) plus the current globals. */
export function contractEnv(ctx: EngineContext, s: State, store: Store, entry: Store) {
  return envFrom(ctx, (n) => store.get(n) ?? s.globals.get(n), (n) => entry.get(n) ?? s.globals.get(n));
}

export function pushFrame(ctx: EngineContext, s: State, callee: Proc, params: Store, callSite: CallSite): Successor[] {
  const depth = s.frames.filter((f) => f.proc === callee).length;
  if (depth >= ctx.options.recursionBound) {
    const note = `recursion of ${callee.name} reached the bound of ${ctx.options.recursionBound} nested calls`;
    return [{ state: { ...s, status: 'bounded', note }, label: STEP }];
  }
  const store = new Map(params);
  for (const r of callee.returns) store.set(r.name, defaultSymValue(ctx.T, sortOfType(r.type)));
  const frame: Frame = {
    proc: callee,
    activation: ctx.nextActivation(),
    store,
    entry: params,
    globalsOnEntry: s.globals,
    kont: pushAll([...stmtInstrs(callee.body.stmts), returnInstr(callee)], null),
    callSite,
    // Present even when unset: one shape for every frame (see rules/initial.ts, EMPTY_STATE).
    entryHeap: undefined,
    callerHeap: undefined,
  };
  return [{ state: { ...s, frames: [...s.frames, frame] }, label: STEP }];
}

/** What a modular call leaves unknown: fresh results, and fresh values of the globals the callee may assign. */
export function havocCallOutputs(
  ctx: EngineContext, s: State, callee: Proc, span: Span,
): { state: State; results: Map<string, SymValue>; globalsBefore: Store } {
  let cur = s;
  const results = new Map<string, SymValue>();
  for (const r of callee.returns) {
    const fresh = freshAtSite(ctx, cur, `${callee.name}.${r.name}@${span.line}`, r.type, `result ${r.name} of ${callee.name} at line ${span.line}`, span);
    results.set(r.name, fresh.value);
    cur = fresh.state;
  }
  const globalsBefore = cur.globals;
  for (const g of globalsModifiedBy(ctx.checked, callee)) {
    const decl = ctx.checked.globals.find((d) => d.name === g)!;
    const fresh = havoc(ctx, cur, g, ctx.checked.declTypes.get(decl)!, span, `call of ${callee.name} may change`);
    cur = assignName(fresh.state, g, fresh.value);
  }
  return { state: cur, results, globalsBefore };
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

export async function assignResults(ctx: EngineContext, s: State, callee: Proc, results: ReadonlyMap<string, SymValue>, site: CallSite | undefined): Promise<Successor[]> {
  const targets = site?.targets ?? [];
  // Left to right; a field write may heal a missing permission, so each target continues the successors of the last.
  const deliver = async (cur: State, i: number): Promise<Successor[]> => {
    if (i === targets.length) return [{ state: withKont(cur, topFrame(cur).kont), label: STEP }];
    const value = results.get(callee.returns[i].name)!;
    const target = targets[i];
    if (target.kind === 'var') return deliver(assignName(cur, target.name, value), i + 1);
    const then = async (out: Successor[]): Promise<Successor[]> =>
      (await Promise.all(out.map((w) => (w.state.status === 'running' ? deliver(w.state, i + 1) : [w])))).flat();
    if (target.kind === 'field') {
      // `c.f := p()`: the receiver was evaluated before the call (execute.ts); the write needs acc(c.f).
      return then(await writeChecked(ctx, cur, target, fieldReceiver(site, i), value, site!.span));
    }
    if (isFieldElement(target)) {
      // `l.items[i] := p()`: l and i were evaluated (and i bounds-checked) before the call; the array is read again after it.
      const field = targetLevels(target).root as FieldRead;
      const [receiver, ...indices] = site!.indices![i]!;
      return then(await readChecked(ctx, cur, field, receiver, site!.span, async (s1, arr) => {
        if (!isSymArray(arr)) throw new Error(`internal: ${printExpr(field)} is not an array`);
        return writeChecked(ctx, s1, field, receiver, withElementAt(ctx, arr, printExpr(field), indices, value), site!.span);
      }));
    }
    const stored = await storeElement(ctx, cur, target, value, site?.indices?.[i]);
    return stored.next ? [...stored.leaves, ...(await deliver(stored.next, i + 1))] : stored.leaves;
  };
  return deliver(s, 0);
}

function fieldReceiver(site: CallSite | undefined, i: number): Term {
  const receiver = site?.indices?.[i]?.[0];
  if (!receiver) throw new Error('internal: a field target without its receiver');
  return receiver;
}

async function storeElement(
  ctx: EngineContext, s: State, target: ElementTarget, value: SymValue, evaluated?: readonly Term[],
): Promise<{ leaves: Successor[]; next?: State }> {
  // The statement evaluated the indices before the call (left to right); callers without them evaluate now.
  const place = evaluated ? { leaves: [], next: s, indices: evaluated } : await evalPlace(ctx, s, target);
  if (!place.next) return place;
  return { leaves: place.leaves, next: storeAt(ctx, place.next, target, place.indices, value) };
}
