// Loops. Explore mode unrolls: each test of the loop condition is a branch, invariants are
// checked (consumed on a copy of the heap) at every arrival at the head, and a path that wants
// one iteration more than the loop bound ends as 'bounded'. Modular mode with invariants
// consumes them on entry, havocs what the body assigns, produces them, runs one arbitrary
// iteration that ends by consuming them again, and continues after the loop with ¬test
// (rules/invariants.ts).

import { exprText } from './exprText';
import type { While } from '../../lang/ast';
import { push, pushAll, topFrame, type State } from '../state/state';
import type { Term } from '../terms/term';
import { sideLabel, split } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { assignName, stmtInstrs, withKont } from './frames';
import { havoc } from './havoc';
import { assignedIn, declaredTypes, globalsModifiedBy } from './modifies';
import { withValue } from './evalChecked';
import { checkInvariants, modularLoop } from './invariants';

export async function enterLoop(ctx: EngineContext, s: State, loop: While): Promise<Successor[]> {
  // The body may write fields: it runs on the invariant's permissions only (rules/invariants.ts).
  if (ctx.options.mode === 'modular' && loop.invariants.length > 0)
    return modularLoop(ctx, s, loop, (st) => havocAssigned(ctx, st, loop));
  return loopTest(ctx, s, loop, 0);
}

/** Explore mode: arrival at the loop head after `iteration` completed iterations. */
export async function loopTest(ctx: EngineContext, s: State, loop: While, iteration: number): Promise<Successor[]> {
  const what = iteration === 0 ? 'may not hold on entry' : 'may not be preserved';
  const checked = loop.invariants.length > 0 ? await checkInvariants(ctx, s, loop, what) : { leaves: [], nexts: [s] };
  const out: Successor[] = [...checked.leaves];
  for (const next of checked.nexts) out.push(...(await testLoop(ctx, next, loop, iteration)));
  return out;
}

/** Explore mode: the loop condition tested, the invariants having been checked. */
async function testLoop(ctx: EngineContext, s: State, loop: While, iteration: number): Promise<Successor[]> {
  const rest = topFrame(s).kont;
  return withValue(ctx, s, loop.cond, async (s1, c) => {
    const cond = c as Term;
    const out = await split(ctx, s1, cond, loop.cond.span, `while (${exprText(loop.cond)})`);
    const succ: Successor[] = [...out.leaves];
    if (out.then) {
      if (iteration >= ctx.options.loopBound) {
        const note = `loop at line ${loop.span.line} reached the bound of ${ctx.options.loopBound} iterations`;
        succ.push({ state: { ...out.then, status: 'bounded', note }, label: STEP });
      } else {
        const kont = pushAll(stmtInstrs(loop.body.stmts), push({ kind: 'loop', loop, iteration: iteration + 1 }, rest));
        succ.push({ state: withKont(out.then, kont), label: sideLabel(ctx, out, 'then', cond, loop.cond.span) });
      }
    }
    if (out.else)
      succ.push({ state: withKont(out.else, rest), label: sideLabel(ctx, out, 'else', cond, loop.cond.span) });
    return succ;
  });
}

/** Variables (and globals, also through calls) the loop body may assign get fresh values. */
function havocAssigned(ctx: EngineContext, s: State, loop: While): State {
  const { names, callees } = assignedIn(loop.body.stmts);
  for (const c of callees) {
    const callee = ctx.checked.procs.get(c);
    if (callee) for (const g of globalsModifiedBy(ctx.checked, callee)) names.add(g);
  }
  const frame = topFrame(s);
  const types = declaredTypes(ctx.checked, frame.proc);
  let cur = s;
  for (const name of names) {
    const type = types.get(name);
    if (!type || !(frame.store.has(name) || s.globals.has(name))) continue;
    const fresh = havoc(ctx, cur, name, type, loop.span, 'loop iteration');
    cur = assignName(fresh.state, name, fresh.value);
  }
  return cur;
}
