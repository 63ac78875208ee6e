// Labels and labelled old states (docs/language.md "Labels and old[l]", docs/viper.md): `label l`
// records the path's state at that point in the frame (its heap, the frame's variables and the
// globals; a second visit, in a loop, replaces the first: the latest visit counts, as in Viper);
// `old[l](e)` evaluates e against that record. Viper's `old` (heapOnly) swaps only the heap:
// variables keep their current values, as Silicon evaluates it. The records are immutable
// values in the frame, so every path keeps its own.

import type { Label, Old } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { sortOfType } from '../state/sorts';
import type { Term } from '../terms/term';
import { topFrame, type Frame, type State, type SymValue } from '../state/state';
import { EMPTY_HEAP } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { EvalError, type EvalCore, type EvalEnv } from './evalEnv';

/** `label l`: the state here, recorded in the frame under l. */
export function recordLabel(_ctx: EngineContext, s: State, st: Label): Promise<Successor[]> {
  const frame = topFrame(s);
  const labels = new Map(frame.labels ?? []);
  labels.set(st.name, { heap: s.heap, store: frame.store, globals: s.globals });
  const frames = [...s.frames.slice(0, -1), { ...frame, labels }];
  return Promise.resolve([{ state: { ...s, frames }, label: STEP }]);
}

/** The labels merged paths recorded alike (one record): a path's own record is not the others' state. */
export function commonLabels(states: readonly State[]): Frame['labels'] {
  const first = topFrame(states[0]).labels;
  if (!first) return undefined;
  const kept = [...first].filter(([l, at]) => states.every((s) => topFrame(s).labels?.get(l) === at));
  return kept.length === first.size ? first : new Map(kept);
}

/** `old(e)` or `old[l](e)`, in the environment of the evaluator `ev`. */
export function oldValue(ev: EvalCore, e: Old, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymValue {
  if (e.label === undefined && !e.heapOnly) return ev.value(e.expr, guard, bound, true);
  const env = ev.env;
  const at = e.label === undefined ? undefined : env.labelled?.(e.label);
  if (e.label !== undefined && at === undefined) return notReached(ev, e, e.label, guard);
  const heap = at ? (at.heap ?? EMPTY_HEAP) : env.oldHeap;
  const now = old && env.lookupOld ? env.lookupOld : env.lookup;
  const lookup: EvalEnv['lookup'] =
    at === undefined || e.heapOnly ? now : (n) => at.store.get(n) ?? at.globals.get(n) ?? now(n);
  return ev
    .inEnv({ ...env, heap: heap ?? EMPTY_HEAP, oldHeap: heap ?? EMPTY_HEAP, lookup, lookupOld: lookup })
    .value(e.expr, guard, bound, false);
}

/**
 * `old[l](e)` on a path that has not reached `label l` (Viper's rule: a label is its method's,
 * lang/checker.ts `methodLabels`; Sym's checker lets no such read through): a failure here
 * (Silicon's labelled.state.not.reached), and the path goes on, as after any failed check, with
 * what failed assumed, so nothing after it is reported on this path. The value is fresh.
 */
function notReached(ev: EvalCore, e: Old, label: string, guard: Term): SymValue {
  const T = ev.T;
  ev.oblige(
    'assert',
    T.falseTerm,
    guard,
    e.span,
    `${printExpr(e, 60)} reads label ${label}, which this path has not reached`,
  );
  const type = ev.env.types.get(e);
  if (!type || type.kind === 'array')
    throw new EvalError(`old[${label}](…) is evaluated where label ${label} was not reached`);
  return T.symbol(sortOfType(type), `old[${label}]`, `old[${label}](…) where label ${label} was not reached`);
}
