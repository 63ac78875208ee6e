// Loops. Explore mode unrolls: each test of the loop condition is a branch, invariants are
// checked at every arrival at the head, and a path that wants one iteration more than the
// loop bound ends as 'bounded'. Modular mode with invariants checks them on entry, havocs
// what the body assigns, assumes the invariants, runs one arbitrary iteration to check
// preservation (that path then ends) and continues after the loop with ¬test.

import { exprText } from './exprText';
import type { While } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { push, pushAll, topFrame, type State } from '../state/state';
import type { Term } from '../terms/term';
import { assumeConjunct, assumedClause, checkAll, evalClause, sideLabel, split } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { assignName, envOf, stmtInstrs, withKont } from './frames';
import { havoc } from './havoc';
import { assignedIn, declaredTypes, globalsModifiedBy } from './modifies';
import { withValue } from './evalChecked';
import { checkHeapInvariants, heapInvariants, modularHeapLoop, preserveHeapInvariant } from './heapLoops';
import { usesHeap } from './heapCalls';
import { arbitraryIteration } from './loopHead';

export async function enterLoop(ctx: EngineContext, s: State, loop: While): Promise<Successor[]> {
  if (ctx.options.mode === 'modular' && loop.invariants.length > 0) {
    // With objects the body may write fields: it runs on the invariant's permissions only.
    if (usesHeap(ctx)) return modularHeapLoop(ctx, s, loop, (st) => havocAssigned(ctx, st, loop));
    return modularLoop(ctx, s, loop);
  }
  return loopTest(ctx, s, loop, 0);
}

function invariantChecks(ctx: EngineContext, s: State, loop: While, what: string) {
  return loop.invariants.map((inv) => ({
    ...evalClause(inv, envOf(ctx, s)),
    site: { kind: 'invariant' as const, span: inv.span, message: `invariant ${printExpr(inv)} ${what}` },
    reason: `invariant of the loop at line ${loop.span.line}`,
  }));
}

/** Explore mode: arrival at the loop head after `iteration` completed iterations. */
export async function loopTest(ctx: EngineContext, s: State, loop: While, iteration: number): Promise<Successor[]> {
  const what = iteration === 0 ? 'may not hold on entry' : 'may not be preserved';
  if (heapInvariants(ctx, loop)) {
    const checked = await checkHeapInvariants(ctx, s, loop, what);
    const out: Successor[] = [...checked.leaves];
    for (const next of checked.nexts) out.push(...(await testLoop(ctx, next, loop, iteration)));
    return out;
  }
  const inv = await checkAll(ctx, s, invariantChecks(ctx, s, loop, what));
  if (!inv.next) return inv.leaves;
  return [...inv.leaves, ...(await testLoop(ctx, inv.next, loop, iteration))];
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
    if (out.else) succ.push({ state: withKont(out.else, rest), label: sideLabel(ctx, out, 'else', cond, loop.cond.span) });
    return succ;
  });
}

async function modularLoop(ctx: EngineContext, s: State, loop: While): Promise<Successor[]> {
  const onEntry = await checkAll(ctx, s, invariantChecks(ctx, s, loop, 'may not hold on entry'));
  if (!onEntry.next) return onEntry.leaves;
  let cur = havocAssigned(ctx, onEntry.next, loop);
  // By induction (checked on entry and preserved) every invariant holds and is defined here.
  for (const inv of loop.invariants) {
    const assumed = assumedClause(ctx, evalClause(inv, envOf(ctx, cur)));
    cur = assumeConjunct(cur, assumed, inv.span, `invariant of the loop at line ${loop.span.line}`);
  }
  cur = { ...cur, model: undefined };
  const rest = topFrame(s).kont;
  const tested = await arbitraryIteration(ctx, cur, loop, rest);
  return [...onEntry.leaves, ...tested];
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

/** Modular mode: the end of one arbitrary iteration; the invariant must hold again. */
export async function preserveInvariant(ctx: EngineContext, s: State, loop: While): Promise<Successor[]> {
  if (usesHeap(ctx)) return preserveHeapInvariant(ctx, s, loop);
  const out = await checkAll(ctx, s, invariantChecks(ctx, s, loop, 'may not be preserved'));
  if (!out.next) return out.leaves;
  return [...out.leaves, { state: { ...out.next, status: 'done', note: `the body of the loop at line ${loop.span.line} preserves its invariant` }, label: STEP }];
}
