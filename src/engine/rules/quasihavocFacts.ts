// The pure facts of a predicate instance whose fragment `quasihavoc` made fresh (quasihavocPred.ts):
// a held instance always stands for its body, so where the havoc hit, the fresh values satisfy
// the body's pure conjuncts again (Silicon assumes them when the instance is next unfolded; a
// fragment's unfold assumes nothing, its facts having been assumed at its fold). Each alternative
// of the body gives `hit && its conditions ==> its pure conjuncts`, evaluated over the fragment;
// an alternative whose evaluation needs anything the fragment does not hold gives nothing (fewer
// facts: the path knows less, never more).

import type { PredicateDecl } from '../../lang/ast';
import type { State } from '../state/state';
import type { PredChunk } from '../state/chunks';
import type { Term } from '../terms/term';
import type { Obligation } from '../state/obligation';
import type { EngineContext } from './context';
import { contractEnv } from './callFrames';
import { withHeaps } from './frames';
import { evalTerm } from './eval';
import { bodyShape } from './heap/snapshots';

export function havocFacts(ctx: EngineContext, s: State, decl: PredicateDecl, c: PredChunk, hit: Term): Term[] {
  const T = ctx.T;
  if (c.fragment === undefined) return [];
  const params = new Map(decl.params.map((p, i) => [p.name, c.args[i]]));
  const env = withHeaps(contractEnv(ctx, s, params, params), c.fragment, c.fragment);
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  const out: Term[] = [];
  for (const alt of bodyShape(decl, isPred).alternatives) {
    const obligations: Obligation[] = [];
    const conds: Term[] = [];
    const facts: Term[] = [];
    for (const item of alt) {
      if (item.kind === 'cond') {
        const t = evalTerm(item.expr, env, obligations);
        conds.push(item.positive ? t : T.not(t));
      } else if (item.kind === 'pure') facts.push(evalTerm(item.expr, env, obligations));
    }
    if (obligations.length === 0 && facts.length > 0) out.push(T.implies(T.and(hit, ...conds), T.and(...facts)));
  }
  return out;
}
