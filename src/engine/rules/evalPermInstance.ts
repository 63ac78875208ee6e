// `perm(q(ē))` (docs/viper.md "perm of a predicate instance", issue 24): the amount of the
// instance q(ē) the heap read holds, as a real term, as Silicon sums it for a field: over the
// instances of q at the top of the heap that may be q(ē), `ē == c.args ? c.amount : 0` each
// (an instance with the very argument terms adds its amount, one with provably different
// arguments adds nothing). Instances folded inside another instance are not held on their
// own, so they count for nothing, as in Viper. A wildcard's part is a fresh positive amount.

import type { Call } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { ZERO } from '../../lang/rational';
import { predChunks, type PredChunk } from '../state/chunks';
import { realLit } from '../terms/reals';
import type { Term } from '../terms/term';
import { EvalError, type EvalCore } from './evalEnv';
import { distinctArgs, sameArgs } from './heap/predicates';
import { heldAmount } from './heap/symAmounts';

export function permOfInstance(
  ev: EvalCore,
  c: Call,
  instance: Call,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): Term {
  const T = ev.T;
  const args = instance.args.map((a) => ev.term(a, guard, bound, old));
  // Inside a consume, what it has left so far (as for a field, evalPerm.ts).
  const heap = old ? ev.env.oldHeap : (ev.env.partialHeap ?? ev.env.heap);
  if (!heap) throw new EvalError(`${printExpr(c)} reads the heap where there is none`);
  const zero = realLit(T, ZERO);
  const at = (x: PredChunk): Term => (x.args.every((a, i) => a === args[i]) ? T.trueTerm : sameArgs(T, args, x));
  return predChunks(heap, instance.callee)
    .filter((x) => !distinctArgs(x.args, args))
    .reduce<Term>(
      (sum, x) => T.add(sum, T.ite(at(x), heldAmount(T, x.amount, `the wildcard amount in ${printExpr(c)}`), zero)),
      zero,
    );
}
