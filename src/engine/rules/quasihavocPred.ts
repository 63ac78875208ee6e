// Viper's `quasihavoc [c ==>] P(ē)` (docs/viper.md "assume, asserting and quasihavoc of
// predicates"): where c holds, what a held instance P(ē) stands for becomes arbitrary; without
// the instance nothing changes, and no permission is needed. As Silicon's rule does for a
// predicate, every held instance of P whose arguments may be ē gets `c && args == ē ? fresh :
// its snapshot`, so the path does not split and an instance certainly another one keeps its
// contents; other instances held beside it (a part held outside, `acc(P(x), 1/2)`) are left
// alone. Here an instance holds a snapshot (a recursive predicate) or a fragment of chunks (the
// others): a snapshot becomes the conditional fresh one, and every value in a fragment (nested
// instances' too) becomes a conditional fresh value. The body's pure facts are assumed of a
// fragment's fresh values (quasihavocFacts.ts; Silicon assumes them when the instance is next
// unfolded), not of a fresh snapshot: there the path knows less than Viper's, never more.

import type { Call, Quasihavoc } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State, type SymValue } from '../state/state';
import { iteValue } from '../state/arrays';
import { EMPTY_HEAP, predChunks, replaceChunk, type Chunk, type PredChunk } from '../state/chunks';
import type { Term } from '../terms/term';
import type { TermStore } from '../terms/store';
import { STEP, type EngineContext, type Successor } from './context';
import { withValue } from './evalChecked';
import { sameArgs } from './heap/predicates';
import { assumeConjunct } from './checks';
import { havocFacts } from './quasihavocFacts';

export function quasihavocPredicate(ctx: EngineContext, s: State, st: Quasihavoc, call: Call): Promise<Successor[]> {
  const withArgs = (s1: State, i: number, args: Term[], cond: Term): Promise<Successor[]> =>
    i === call.args.length
      ? Promise.resolve(havocInstances(ctx, s1, call, (c) => ctx.T.and(cond, sameArgs(ctx.T, args, c)), st))
      : withValue(ctx, s1, call.args[i], (s2, v) => withArgs(s2, i + 1, [...args, asTerm(v)], cond));
  if (!st.cond) return withArgs(s, 0, [], ctx.T.trueTerm);
  return withValue(ctx, s, st.cond, (s1, c) => withArgs(s1, 0, [], asTerm(c)));
}

function asTerm(v: SymValue): Term {
  if (isSymArray(v)) throw new Error('internal: an array where a value was expected');
  return v;
}

/**
 * Every held instance of the predicate `call` names, havocked where `hitOf` it holds (quasihavoc:
 * the condition and the same arguments; quasihavocall: an instance its binders select).
 */
export function havocInstances(
  ctx: EngineContext,
  s: State,
  call: Call,
  hitOf: (c: PredChunk) => Term,
  st: Quasihavoc,
): Successor[] {
  const T = ctx.T;
  const heap = s.heap ?? EMPTY_HEAP;
  const what = `${st.vars ? 'quasihavocall' : 'quasihavoc'} of ${printExpr(call)} at line ${st.span.line}`;
  let next = heap;
  const facts: Term[] = [];
  for (const c of predChunks(heap, call.callee)) {
    const hit = hitOf(c);
    if (hit === T.falseTerm) continue;
    const havocked = havocInstance(T, c, hit, what);
    next = replaceChunk(next, c, havocked);
    facts.push(...havocFacts(ctx, s, ctx.checked.predicates.get(call.callee)!, havocked, hit));
  }
  const after = facts.reduce((s1, f) => assumeConjunct(s1, f, st.span, `${what}: the body's facts`), s);
  return [{ state: { ...after, heap: next }, label: STEP }];
}

/** The instance with its snapshot or every value of its fragment `hit ? fresh : as before`. */
function havocInstance(T: TermStore, c: PredChunk, hit: Term, what: string): PredChunk {
  const fresh = (v: Term, name: string): Term => T.ite(hit, T.symbol(v.sort, name, what), v);
  return {
    ...c,
    ...(c.snapshot !== undefined ? { snapshot: fresh(c.snapshot, `${c.name}⟨snapshot⟩`) } : {}),
    ...(c.fragment !== undefined ? { fragment: c.fragment.map((x) => havocChunk(T, x, hit, what)) } : {}),
  };
}

function havocChunk(T: TermStore, x: Chunk, hit: Term, what: string): Chunk {
  if (x.kind === 'pred') return havocInstance(T, x, hit, what);
  if (x.kind === 'qfield') throw new Error(`internal: a quantified chunk inside a predicate instance (${what})`);
  if (isSymArray(x.value)) throw new Error(`internal: an array value inside a predicate instance (${what})`);
  const value = iteValue(T, hit, T.symbol(x.value.sort, `${x.field}⟨quasihavoc⟩`, what), x.value);
  return { ...x, value };
}
