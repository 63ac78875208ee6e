// `break` (no Sym syntax; Viper's gotos out of a loop lower to it): the path leaves the
// innermost loop of its frame where it stands, without checking the loop's invariant, as
// Viper's control flow graph leaves a loop by an out-edge. The continuation says which loop:
// explore mode's `loop` instruction (the next test) or modular mode's `loopPreserve` (the end
// of the arbitrary iteration), whose exit puts the loop's frame back (rules/loopExit.ts).

import type { Break } from '../../lang/ast';
import { topFrame, type Kont, type State } from '../state/state';
import { STEP, type EngineContext, type Successor } from './context';
import { withKont } from './frames';
import { leaveLoop } from './loopExit';

export function breakLoop(ctx: EngineContext, s: State, st: Break): Successor[] {
  let k: Kont | null = topFrame(s).kont;
  while (k !== null && k.head.kind !== 'loop' && k.head.kind !== 'loopPreserve') k = k.tail;
  if (k === null) throw new Error(`internal: 'break' outside a loop at line ${st.span.line}`);
  const head = k.head;
  const state = head.kind === 'loopPreserve' ? leaveLoop(ctx, s, head.loop, head.exit) : withKont(s, k.tail);
  return [{ state, label: STEP }];
}
