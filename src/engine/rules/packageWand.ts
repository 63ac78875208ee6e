// Packaging a magic wand `A --* B` (Viper's package without a proof script; docs/design.md
// "Magic wands"), as Silicon does: A is produced into an empty heap (a hypothetical state that
// assumes A), then B is consumed from that heap first and from the current heap after it. What
// B takes from the current heap is the wand's footprint and is gone; what is left of A is
// dropped, and so is every fact the hypothetical state learnt: the path goes on with its own
// path condition. The caller then inhales the wand's instance (lang/viper/lowerWandStmt.ts).
//
// Soundness, where this departs from a plain consume:
// - no fact relates A's chunks to the current heap's (A holds only what the wand's user will
//   give back, which need not be compatible with all the current state holds: Silicon's way);
// - a chunk left whose origin is not the current heap's is dropped, so a current chunk a
//   consume rebuilt is dropped too (losing a permission never makes a failure pass);
// - a consume that goes on on several paths (an object of B that may be one of several chunks')
//   took different footprints under conditions that do not outlive the hypothetical state: an
//   unknown leaf, never a verdict;
// - where A contradicts the path (`false --* B`, `x == 1 --* B` where x is 0) the wand holds
//   without taking anything.

import type { Proc } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import { EMPTY_HEAP, heapAfter, type Heap } from '../state/chunks';
import type { State, Store } from '../state/state';
import { contractEnv } from './callFrames';
import { ask, unknownLeaf } from './checks';
import { consume, type ConsumeHow } from './consume';
import { STEP, type EngineContext, type Successor } from './context';
import { withHeaps } from './frames';
import { freshAtSite } from './havoc';
import { produce } from './produce';
import { footprint, MERGED, mergeLeft } from './packageMerge';

/** The origin of the chunks of the hypothetical state (and of any chunk its consume rebuilt). */
const HYPOTHETICAL = 'the left side of a magic wand being packaged';

export async function packageWand(
  ctx: EngineContext,
  s: State,
  helper: Proc,
  params: Store,
  span: Span,
): Promise<Successor[]> {
  const env = (st: State) => withHeaps(contractEnv(ctx, st, params, params), st.heap, st.heap);
  const produced = await produce(ctx, { ...s, heap: EMPTY_HEAP }, helper.requires, {
    consume,
    envAt: env,
    // Fresh symbols of their own (an input's symbol is one per display name: terms/store.ts).
    naming: (st, display, type) =>
      freshAtSite(ctx, st, `${display}@lhs${span.line}`, type, `${display} (${HYPOTHETICAL})`, span),
    // A's reads are framed by A (the wand's well-formedness, lang/viper/lowerWand.ts).
    checkObligations: false,
    reason: HYPOTHETICAL,
  });
  const ended = produced.leaves.filter((l) => l.state.status !== 'infeasible');
  if (ended.length > 0) return ended;
  // A contradicts the path: the wand holds vacuously.
  if (produced.nexts.length === 0) return [{ state: s, label: STEP }];
  if (produced.nexts.length > 1) return [unknownLeaf(s, unknownWhy, `a wand whose left side branches`)];
  const hyp = produced.nexts[0];
  const feasible = await ask(ctx, hyp, ctx.T.trueTerm);
  if (feasible.status === 'unsat') return [{ state: s, label: STEP }];
  if (feasible.status === 'unknown') return [unknownLeaf(s, feasible, 'whether the wand’s left side can hold')];
  const current = s.heap ?? EMPTY_HEAP;
  const how = (st: State) => consumeHow(env(st), span);
  const combined: State = { ...hyp, heap: [...(hyp.heap ?? EMPTY_HEAP), ...current] };
  const plain = await consume(ctx, combined, helper.ensures, how(combined));
  const failed = plain.leaves.some((l) => l.state.status === 'failed');
  const merged = failed ? mergeLeft(ctx.T, hyp, current, span) : undefined;
  if (merged !== undefined && merged.merges.length > 0) {
    const second = await consume(ctx, merged.state, helper.ensures, how(merged.state));
    const kept =
      second.outs.length === 1 ? footprint(second.outs[0].state.heap ?? EMPTY_HEAP, merged.merges) : undefined;
    if (kept !== undefined && !second.leaves.some((l) => l.state.status !== 'infeasible'))
      return [goOn(s, second.outs[0].state, kept)];
  }
  if (plain.outs.length > 1)
    return [...plain.leaves, unknownLeaf(s, unknownWhy, 'which chunks the packaged wand takes')];
  const out: Successor[] = [...plain.leaves];
  // No path on and no failure (a consume that found no way): never read as the wand holding.
  if (plain.outs.length === 0 && !failed) out.push(unknownLeaf(s, unknownWhy, 'whether the wand can be packaged'));
  for (const c of plain.outs) out.push(goOn(s, c.state, c.state.heap ?? EMPTY_HEAP));
  return out;
}

/** The path after the package: the heap the consume left without the left side's chunks, the path condition as before. */
function goOn(s: State, after: State, heap: Heap): Successor {
  const kept = heap.filter((chunk) => chunk.origin.reason !== HYPOTHETICAL && chunk.origin.reason !== MERGED);
  return { state: { ...after, heap: heapAfter(s.heap, kept), pc: s.pc, model: s.model }, label: STEP };
}

const unknownWhy = { status: 'unknown' as const, reason: 'not supported when packaging a magic wand' };

function consumeHow(env: ConsumeHow['env'], span: Span): ConsumeHow {
  const held = (e: { span: Span }, text: string) => ({
    kind: 'permission' as const,
    span,
    message: `package needs ${text} (line ${e.span.line}), which is not held`,
  });
  return {
    env,
    pureSite: (e) => ({ kind: 'assert', span, message: `the packaged wand's right side ${printExpr(e)} may not hold` }),
    accSite: (a) => held(a, printExpr(a)),
    predSite: (c) => held(c, printExpr(c)),
    reason: HYPOTHETICAL,
  };
}
