// Copies of states and frames with a few fields replaced, for the stepper's hot path.
// Written out field by field on purpose: V8 (Node 20) copies an object literal of known fields
// about ten times faster than a spread of a 12-field object, and a step makes several copies.
// `AllFields` makes each literal list every field, so a field added to State or Frame later
// is a compile error here rather than silently dropped. Every copy has the field order of
// rules/initial.ts's EMPTY_STATE, so all states keep one object shape.

import type { Model } from '../solver/solver';
import type { PathCondition } from './pathCondition';
import type { Frame, Kont, State, Store, TraceEntry } from './state';

/** Every key of T present (optional ones possibly undefined). */
type AllFields<T> = { [K in keyof Required<T>]: T[K] };

/** `s` with its frames, globals, path condition, model and trace replaced (other fields kept). */
export function copyState(
  s: State,
  frames: readonly Frame[],
  globals: Store,
  pc: PathCondition,
  model: Model | undefined,
  trace: TraceEntry | null,
): State {
  const out: AllFields<State> = {
    frames,
    globals,
    pc,
    status: s.status,
    model,
    havocCounts: s.havocCounts,
    failure: s.failure,
    note: s.note,
    trace,
    waitingAt: s.waitingAt,
    inputs: s.inputs,
    heap: s.heap,
    joinTaken: s.joinTaken,
    lastJoin: s.lastJoin,
  };
  return out;
}

/** `f` with its store and continuation replaced. */
export function copyFrame(f: Frame, store: Store, kont: Kont | null): Frame {
  const out: AllFields<Frame> = {
    proc: f.proc,
    activation: f.activation,
    store,
    entry: f.entry,
    globalsOnEntry: f.globalsOnEntry,
    kont,
    callSite: f.callSite,
    entryHeap: f.entryHeap,
    callerHeap: f.callerHeap,
    labels: f.labels,
  };
  return out;
}
