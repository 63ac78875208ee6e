// What a call needs besides its contract (rules/calls.ts) and the well-formedness pass reads
// too: the environment a contract is read in, pushing the callee's frame (bounded recursion),
// the outputs a modular call leaves unknown, and delivering results to the call's targets.

import type { FieldRead, Proc } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import {
  isSymArray,
  pushAll,
  topFrame,
  type CallSite,
  type Frame,
  type State,
  type Store,
  type SymValue,
} from '../state/state';
import type { Term } from '../terms/term';
import { sortOfType } from '../state/sorts';
import { defaultSymValue } from '../state/arrays';
import { STEP, type EngineContext, type Successor } from './context';
import { assignName, envFrom, returnInstr, stmtInstrs, withKont } from './frames';
import { freshAtSite, havoc } from './havoc';
import { globalsModifiedBy } from './modifies';
import { evalPlace, storeAt, targetLevels, withElementAt, type ElementTarget } from './elements';
import { isFieldElement } from './fieldElements';
import { readChecked, writeChecked } from './objects';

/** The environment of a contract: parameters (and results) plus the current globals. */
export function contractEnv(ctx: EngineContext, s: State, store: Store, entry: Store) {
  return envFrom(
    ctx,
    (n) => store.get(n) ?? s.globals.get(n),
    (n) => entry.get(n) ?? s.globals.get(n),
  );
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
    labels: undefined,
  };
  return [{ state: { ...s, frames: [...s.frames, frame] }, label: STEP }];
}

/** What a modular call leaves unknown: fresh results, and fresh values of the globals the callee may assign. */
export function havocCallOutputs(
  ctx: EngineContext,
  s: State,
  callee: Proc,
  span: Span,
): { state: State; results: Map<string, SymValue>; globalsBefore: Store } {
  let cur = s;
  const results = new Map<string, SymValue>();
  for (const r of callee.returns) {
    const fresh = freshAtSite(
      ctx,
      cur,
      `${callee.name}.${r.name}@${span.line}`,
      r.type,
      `result ${r.name} of ${callee.name} at line ${span.line}`,
      span,
    );
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

export async function assignResults(
  ctx: EngineContext,
  s: State,
  callee: Proc,
  results: ReadonlyMap<string, SymValue>,
  site: CallSite | undefined,
): Promise<Successor[]> {
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
      return then(
        await readChecked(ctx, cur, field, receiver, site!.span, async (s1, arr) => {
          if (!isSymArray(arr)) throw new Error(`internal: ${printExpr(field)} is not an array`);
          return writeChecked(
            ctx,
            s1,
            field,
            receiver,
            withElementAt(ctx, arr, printExpr(field), indices, value),
            site!.span,
          );
        }),
      );
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
  ctx: EngineContext,
  s: State,
  target: ElementTarget,
  value: SymValue,
  evaluated?: readonly Term[],
): Promise<{ leaves: Successor[]; next?: State }> {
  // The statement evaluated the indices before the call (left to right); callers without them evaluate now.
  const place = evaluated ? { leaves: [], next: s, indices: evaluated } : await evalPlace(ctx, s, target);
  if (!place.next) return place;
  return { leaves: place.leaves, next: storeAt(ctx, place.next, target, place.indices, value) };
}
