// How a path leaves a loop in modular mode, by its test or by a `break` (rules/breakLoop.ts):
// the frame set aside when the invariant was consumed on entry is merged back with what the
// iteration holds, and the procedure goes on after the loop. Plain data in the continuation
// (`LoopExit`), so that a `break` deep in the body finds it there.

import type { LoopExit, State } from '../state/state';
import { EMPTY_HEAP, heapAfter } from '../state/chunks';
import type { While } from '../../lang/ast';
import type { EngineContext } from './context';
import { joinParts } from './instanceParts';
import { mergeBack } from './heap/fractions';
import { mergeQuantChunks } from '../state/quantifiedChunks';
import { withKont } from './frames';

/** The state `o` (at the loop's test or at a `break`) as it goes on after the loop. */
export function leaveLoop(ctx: EngineContext, o: State, loop: While, exit: LoopExit): State {
  const merged = mergeQuantChunks(ctx.T, mergeBack(exit.frame, o.heap ?? EMPTY_HEAP));
  const left = joinParts(
    ctx,
    { ...o, heap: heapAfter(exit.before ?? o.heap, merged) },
    loop.span,
    `exit of the loop at line ${loop.span.line}`,
  );
  return withKont(left, exit.rest);
}
