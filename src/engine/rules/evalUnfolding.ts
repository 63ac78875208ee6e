// `unfolding q(ē) in e` (Viper; Sym alike): e evaluated over the heap with the instance's
// fragment in place of the instance, the heap itself unchanged. Its own file because it is the
// evaluator's largest case: the part taken (constant, wildcard or symbolic: heap/symUnfolding.ts),
// the ways the body unfolds, and a predicate's own unfoldings cut inside its body (unfoldingCycles.ts).

import type { Expr, Unfolding } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { iteValue } from '../state/arrays';
import { withoutChunk, type Heap } from '../state/chunks';
import { isNone } from '../state/amounts';
import { splitInstance } from '../state/instanceAmounts';
import { mergeQuantChunks } from '../state/quantifiedChunks';
import { sortOfType } from '../state/sorts';
import type { SymValue } from '../state/state';
import { BOOL_SORT as BOOL, isTrue, type Sort, type Term } from '../terms/term';
import { placeholder as placeholderOf } from './heap/access';
import { partCandidates, predCandidates, predHeld, sameArgs } from './heap/predicates';
import { amountOf } from './heap/scaleAssertion';
import { unfoldInstance } from './heap/snapshots';
import { heldAtLeast, holdsPart, positivePart, takeSymbolicPart } from './heap/symUnfolding';
import { symbolicAmount } from './heap/fractions';
import { chunksAtPart } from './heap/symInstances';
import type { EvalCore, Site } from './evalEnv';
import { cutUnfolding, cutValue, unfoldingBody } from './unfoldingCycles';

/** `unfolding q(ē) in e`: e over the heap with the instance's fragment in place of the instance; the heap itself is unchanged. */
export function unfoldingValue(
  ev: EvalCore,
  u: Unfolding,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
  site?: Site,
): SymValue {
  const T = ev.T;
  const sortOfU = (): Sort => {
    const t = ev.env.types.get(u);
    return t ? sortOfType(t) : BOOL;
  };
  // Only an `unfolding` expression is cut: a function's requires read through here (a site) is always checked.
  if (!site && cutUnfolding(ev.env, u.pred.callee)) return cutValue(T, sortOfU(), u.pred.callee);
  const heap = ev.heapFor(old);
  const args = u.pred.args.map((a) => ev.term(a, guard, bound, old));
  const instance = `${u.pred.callee}(${u.pred.args.map((a) => printExpr(a, 60)).join(', ')})`;
  // A perm expression as the amount (symUnfolding.ts): positive, and held by the candidate taken.
  const sym = symbolicAmount(u.amount) ? ev.term(u.amount, guard, bound, old) : undefined;
  const need = sym ? undefined : amountOf(u.amount);
  // Viper's unfolding needs a positive amount (permission.not.positive); a function's requires read as one does not.
  const notPositive = `the permission amount ${u.amount ? printExpr(u.amount) : 'write'} may not be positive`;
  if (sym && !site) ev.oblige('permission', positivePart(T, sym), guard, u.amount!.span, notPositive);
  if (!site && need && isNone(need)) {
    ev.oblige('permission', T.bool(false), guard, u.amount!.span, notPositive);
    return placeholderOf(T, sortOfU());
  }
  const found = sym
    ? predCandidates(heap, u.pred.callee, args)
    : partCandidates(predCandidates(heap, u.pred.callee, args), need);
  const held = sym ? heldAtLeast(T, args, found, sym) : predHeld(T, args, found);
  if (!isTrue(held))
    ev.oblige(
      'permission',
      held,
      guard,
      site?.span ?? u.span,
      site?.message ?? `${instance} is not held for unfolding`,
    );
  const type = ev.env.types.get(u);
  if (found.maybe.length === 0) return placeholderOf(T, type ? sortOfType(type) : BOOL);
  const decl = ev.env.decls!.predicates.get(u.pred.callee)!;
  const ways: { cond: Term; value: SymValue }[] = [];
  // The body is put in place with this predicate's own unfoldings cut (unfoldingCycles.ts).
  const bodyEval = ev.inEnv(unfoldingBody(ev.env, u.pred.callee));
  for (const c of found.maybe) {
    const params = new Map(decl.params.map((p, i) => [p.name, c.args[i]]));
    const evalIn = (h: Heap, e: Expr, known: Term): SymValue =>
      bodyEval.over(h, (n) => params.get(n)).value(e, T.and(guard, known), new Map(), false);
    const isPred = (n: string): boolean => ev.env.decls!.predicates.has(n);
    // Viper's unfolding takes only the part named: the rest stays held inside. A wildcard's rest is
    // not kept (nothing more is held: a recursive function would unroll over it without end).
    const split = sym
      ? takeSymbolicPart(T, heap, c, sym)
      : need?.above
        ? { heap: withoutChunk(heap, c), part: c }
        : splitInstance(T, heap, c, need);
    for (const way of unfoldInstance({ T, types: ev.env.types, isPred, evalIn, origin: c.origin }, decl, split.part)) {
      const cond = T.and(sym ? holdsPart(T, args, c, sym) : sameArgs(T, args, c), way.cond);
      // A quantified field's part joins its field's chunk (a read sees that field's one chunk): where
      // both hold some of a location, the heap's value is read (the two agree; nothing here assumes so).
      const body = split.part.fragment ? way.chunks : chunksAtPart(T, way.chunks, split.part.amount);
      const unfolded = mergeQuantChunks(T, [...split.heap, ...body], true);
      // Under a current-state unfolding, old(…) in the body still reads the old heap (issues/carbon/0053.vpr).
      const inner = old ? ev.over(unfolded) : ev.inEnv({ ...ev.env, heap: unfolded });
      // The body's pure facts hold wherever the instance is held: the body's obligations may rest on them.
      ways.push({ cond, value: inner.value(u.body, T.and(guard, cond, ...way.facts), bound, false) });
    }
  }
  if (ways.length === 0) return placeholderOf(T, type ? sortOfType(type) : BOOL);
  let v = ways[ways.length - 1].value;
  for (let i = ways.length - 2; i >= 0; i--) v = iteValue(T, ways[i].cond, ways[i].value, v);
  return v;
}
