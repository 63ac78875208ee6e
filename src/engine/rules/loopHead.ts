// The head of an arbitrary iteration of a loop in modular mode (plain and heap loops alike):
// the condition splits the state into one more iteration, which ends by re-checking the
// invariant (`loopPreserve`), and the exit, which goes on with the rest of the procedure.

import { exprText } from './exprText';
import type { While } from '../../lang/ast';
import { push, pushAll, type LoopExit, type State } from '../state/state';
import type { Term } from '../terms/term';
import { sideLabel, split } from './checks';
import type { EngineContext, Successor } from './context';
import { withValue } from './evalChecked';
import { stmtInstrs, withKont } from './frames';
import { leaveLoop } from './loopExit';

/** `exit` rebuilds the state the loop leaves in, by its test or a `break` (the frame put back, rules/loopExit.ts). */
export function arbitraryIteration(ctx: EngineContext, s: State, loop: While, exit: LoopExit): Promise<Successor[]> {
  return withValue(ctx, s, loop.cond, async (s1, v) => {
    const cond = v as Term;
    const sides = await split(ctx, s1, cond, loop.cond.span, `while (${exprText(loop.cond)})`);
    const succ: Successor[] = [...sides.leaves];
    if (sides.then) {
      const kont = pushAll(stmtInstrs(loop.body.stmts), push({ kind: 'loopPreserve', loop, exit }, null));
      succ.push({ state: withKont(sides.then, kont), label: sideLabel(ctx, sides, 'then', cond, loop.cond.span) });
    }
    if (sides.else)
      succ.push({
        state: leaveLoop(ctx, sides.else, loop, exit),
        label: sideLabel(ctx, sides, 'else', cond, loop.cond.span),
      });
    return succ;
  });
}
