// The head of an arbitrary iteration of a loop in modular mode (plain and heap loops alike):
// the condition splits the state into one more iteration, which ends by re-checking the
// invariant (`loopPreserve`), and the exit, which goes on with the rest of the procedure.
// The condition is read in the iteration's own state (the invariant's chunks): where that read
// fails (a Viper loop without invariants reading a field: `while.failed`), the exit is still
// taken, its test read where the loop leaves (the frame put back beside the invariant), as
// Silicon reads a loop's exit edge, so that the code after the loop is verified too.

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
export async function arbitraryIteration(
  ctx: EngineContext,
  s: State,
  loop: While,
  exit: LoopExit,
): Promise<Successor[]> {
  let read = false;
  const succ = await withValue(ctx, s, loop.cond, async (s1, v) => {
    // A read that failed goes on healed (heal.ts), with a chunk the loop does not hold: its
    // iteration is explored for further failures, but it is no exit.
    const healed = (s1.heap?.length ?? 0) > (s.heap?.length ?? 0);
    read ||= !healed;
    const cond = v as Term;
    const sides = await split(ctx, s1, cond, loop.cond.span, `while (${exprText(loop.cond)})`);
    const out: Successor[] = [...sides.leaves];
    if (sides.then) {
      const kont = pushAll(stmtInstrs(loop.body.stmts), push({ kind: 'loopPreserve', loop, exit }, null));
      out.push({ state: withKont(sides.then, kont), label: sideLabel(ctx, sides, 'then', cond, loop.cond.span) });
    }
    if (sides.else && !healed)
      out.push({
        state: leaveLoop(ctx, sides.else, loop, exit),
        label: sideLabel(ctx, sides, 'else', cond, loop.cond.span),
      });
    return out;
  });
  return read ? succ : [...succ, ...(await exitOnly(ctx, s, loop, exit))];
}

/** The exit alone, its test read in the state the loop leaves in (`s` with the frame put back). */
function exitOnly(ctx: EngineContext, s: State, loop: While, exit: LoopExit): Promise<Successor[]> {
  const left = leaveLoop(ctx, s, loop, exit);
  return withValue(ctx, left, loop.cond, async (s1, v) => {
    const cond = v as Term;
    const sides = await split(ctx, s1, cond, loop.cond.span, `while (${exprText(loop.cond)})`);
    const out: Successor[] = [...sides.leaves];
    if (sides.else) out.push({ state: sides.else, label: sideLabel(ctx, sides, 'else', cond, loop.cond.span) });
    return out;
  });
}
