// The root state a lane replays a subtree's decisions from: rules/initial.ts's root state,
// rebuilt in the one object shape every stepped state has. A lane replays a root for every
// subtree it explores, each time through the stepper V8 has optimised by then for that shape.

import type { Proc } from '../../lang/ast';
import type { EngineContext } from '../rules/context';
import { rootState } from '../rules/initial';
import type { State } from '../state/state';

/** The root state of `proc` for a replay (see sameShape). */
export async function replayRoot(ctx: EngineContext, proc: Proc): Promise<State> {
  return sameShape(await rootState(ctx, proc));
}

/** `s` as an object of the one shape every stepped state has: the fields in the order of
 *  stateCopy.ts's literals. The root state is built another way (spreads, rules/initial.ts).
 *  A one-job run steps it once, before V8 has optimised anything; a lane replays a root for
 *  every subtree, and each such state reaching the optimised stepper deoptimised it ("wrong
 *  map" in step, withKont, copyState: 11 bailouts against 5 on 18 ifs, one lane; `node
 *  --trace-deopt`), so a split run compiled the stepper's hot functions again, per thread.
 *  Written out here, not with copyState: that hot function, handed the root's shape,
 *  deoptimised in its turn (docs/performance.md, perf7). */
function sameShape(s: State): State {
  const out: { [K in keyof Required<State>]: State[K] } = {
    frames: s.frames,
    globals: s.globals,
    pc: s.pc,
    status: s.status,
    model: s.model,
    havocCounts: s.havocCounts,
    failure: s.failure,
    note: s.note,
    trace: s.trace,
    waitingAt: s.waitingAt,
    inputs: s.inputs,
    heap: s.heap,
    joinTaken: s.joinTaken,
    lastJoin: s.lastJoin,
  };
  return out;
}
