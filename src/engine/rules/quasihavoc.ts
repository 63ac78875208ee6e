// Viper's `quasihavoc [c ==>] e.f` (docs/viper.md "quasihavoc"): the value of location e.f
// becomes arbitrary where c holds and some permission to it is held; without a permission
// nothing changes, and no permission is needed. As Silicon's rule does, every held chunk of f
// whose receiver may be e gets `c && receiver == e ? fresh : its value`, so the path does not
// split and a chunk certainly another object's keeps its value. A field held through quantified
// permissions is havocked in its quantified chunk at e (quasihavocQuant.ts).

import type { FieldRead, Quasihavoc } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State, type SymValue } from '../state/state';
import { iteValue } from '../state/arrays';
import { EMPTY_HEAP, heapAfter, replaceChunk } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import type { Term } from '../terms/term';
import { STEP, type EngineContext, type Successor } from './context';
import { withValue } from './evalChecked';
import { freshAtSite } from './havoc';
import { candidates } from './heap/access';
import { quasihavocPredicate } from './quasihavocPred';
import { quasihavocAll } from './quasihavocAll';
import { havocQuantified } from './quasihavocQuant';

function asTerm(v: SymValue): Term {
  if (isSymArray(v)) throw new Error('internal: an array where a reference or a bool was expected');
  return v;
}

export function quasihavoc(ctx: EngineContext, s: State, st: Quasihavoc): Promise<Successor[]> {
  if (st.vars) return quasihavocAll(ctx, s, st);
  if (st.target.kind === 'call') return quasihavocPredicate(ctx, s, st, st.target);
  const target = st.target;
  const onReceiver = (s1: State, c: Term): Promise<Successor[]> =>
    withValue(ctx, s1, target.object, (s2, r) => havocHeld(ctx, s2, st, target, c, asTerm(r)));
  if (!st.cond) return onReceiver(s, ctx.T.trueTerm);
  return withValue(ctx, s, st.cond, (s1, c) => onReceiver(s1, asTerm(c)));
}

function havocHeld(
  ctx: EngineContext,
  s: State,
  st: Quasihavoc,
  target: FieldRead,
  cond: Term,
  receiver: Term,
): Successor[] {
  const T = ctx.T;
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for the quasihavoc target');
  const what = `quasihavoc of ${printExpr(target)} at line ${st.span.line}`;
  const hitAt = (r: Term): Term => T.and(cond, T.eq(r, receiver));
  const heap = havocQuantified(T, s.heap ?? EMPTY_HEAP, target.field, sortOfType(type), hitAt, what);
  const found = candidates(heap, receiver, target.field);
  if (found.maybe.length === 0 || cond === T.falseTerm)
    return [{ state: { ...s, heap: heapAfter(s.heap, heap) }, label: STEP }];
  const site = `${printExpr(target)}@${st.span.line}`;
  const fresh = freshAtSite(ctx, s, site, type, what);
  let next = heap;
  for (const c of found.maybe) {
    const hit = found.exact === c ? cond : T.and(cond, T.eq(receiver, c.receiver));
    const value = hit === T.trueTerm ? fresh.value : iteValue(T, hit, fresh.value, c.value);
    next = replaceChunk(next, c, { ...c, value });
  }
  return [{ state: { ...fresh.state, heap: next }, label: STEP }];
}
