// `unfolding acc(q(ē), p) in e` with p a perm expression (docs/design.md "Fractions of predicate
// instances", issue 24), as Silicon evaluates it: p must be positive and held, and e is
// evaluated with p of the instance taken and unfolded, the rest still held. The evaluator is
// synchronous: the checks are obligations (`permission`) and each candidate instance is one way,
// guarded by its arguments being ē and holding at least p. A candidate's fragment is rescaled
// to p exactly (symInstances.ts); one kept as a snapshot is refused before the run
// (symInstanceGuard.ts).

import { ZERO } from '../../../lang/rational';
import type { Heap, PredChunk } from '../../state/chunks';
import { replaceChunk, withoutChunk } from '../../state/chunks';
import { NONE } from '../../state/amounts';
import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';
import { realLit } from '../../terms/reals';
import { amountTerm } from './symAmounts';
import { instancePart, termAmount } from './symInstances';
import { sameArgs, type PredCandidates } from './predicates';

/** p > 0: Viper's unfolding needs a positive amount. */
export function positivePart(T: TermStore, p: Term): Term {
  return T.lt(realLit(T, ZERO), p);
}

/** Whether the candidate `c` is the instance `args` and holds at least p of it. */
export function holdsPart(T: TermStore, args: readonly Term[], c: PredChunk, p: Term): Term {
  return T.and(sameArgs(T, args, c), T.le(p, amountTerm(T, c.amount)));
}

/** Whether one of the candidates is the instance `args` and holds at least p of it (a function's `requires acc(q(ē), p)`). */
export function heldAtLeast(T: TermStore, args: readonly Term[], c: PredCandidates, p: Term): Term {
  return T.or(...c.maybe.map((x) => holdsPart(T, args, x, p)));
}

/** `heap` with p taken out of `c`: the rest stays (dropped when certainly none), `part` is what was taken. */
export function takeSymbolicPart(T: TermStore, heap: Heap, c: PredChunk, p: Term): { heap: Heap; part: PredChunk } {
  const left = termAmount(T.sub(amountTerm(T, c.amount), p));
  const taken = termAmount(p);
  const rest = left === 'none' ? withoutChunk(heap, c) : replaceChunk(heap, c, instancePart(T, c, left));
  return { heap: rest, part: instancePart(T, c, taken === 'none' ? NONE : taken) };
}
