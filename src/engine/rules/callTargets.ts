// The targets of a procedure call's results, evaluated before the call, left to right (as a
// concrete run and Java do): `a[i]` its indices (bounds-checked), `c.f` its receiver c,
// `l.items[i]` the receiver l, then l.items read (it needs acc(l.items)) to bounds-check i.
// The results are stored after the call (calls.ts, assignResults).

import type { FieldRead, LValue } from '../../lang/ast';
import { isSymArray, type State } from '../state/state';
import type { Term } from '../terms/term';
import type { Successor } from './context';
import type { EngineContext } from './context';
import { evalPlace, evalPlaceIn, targetLevels } from './elements';
import { withValue } from './evalChecked';
import { isFieldElement } from './fieldElements';

/** Per target: undefined (a variable), the indices, or [receiver, …indices] of a field target. */
export type Prepared = readonly (readonly Term[] | undefined)[];

export async function prepareTargets(
  ctx: EngineContext,
  s: State,
  targets: readonly LValue[],
  k: (s: State, prepared: Prepared) => Promise<Successor[]>,
): Promise<Successor[]> {
  const go = async (cur: State, i: number, done: Prepared): Promise<Successor[]> => {
    if (i === targets.length) return k(cur, done);
    const target = targets[i];
    if (target.kind === 'var') return go(cur, i + 1, [...done, undefined]);
    if (target.kind === 'field')
      return withValue(ctx, cur, target.object, (s1, recv) => go(s1, i + 1, [...done, [recv as Term]]));
    if (isFieldElement(target)) {
      const field = targetLevels(target).root as FieldRead;
      return withValue(ctx, cur, field.object, (s1, recv) =>
        withValue(ctx, s1, field, async (s2, arr) => {
          if (!isSymArray(arr)) throw new Error('internal: an element target of a field that is not an array');
          const place = await evalPlaceIn(ctx, s2, target, () => arr);
          return place.next
            ? [...place.leaves, ...(await go(place.next, i + 1, [...done, [recv as Term, ...place.indices]]))]
            : place.leaves;
        }),
      );
    }
    const place = await evalPlace(ctx, cur, target);
    return place.next ? [...place.leaves, ...(await go(place.next, i + 1, [...done, place.indices]))] : place.leaves;
  };
  return go(s, 0, []);
}
