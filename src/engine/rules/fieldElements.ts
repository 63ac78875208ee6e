// Element writes through a field: `l.items[i] := e`, `l.m[i][j] := *`. Arrays are values in
// Sym, so the write replaces the field's array: it reads l.items (needs its permission), then
// evaluates and bounds-checks the indices, then the right-hand side, and writes the new array
// back to l.items (a field write, so the same permission). Left to right, as a concrete run.

import type { Assign, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State, type SymValue } from '../state/state';
import type { Term } from '../terms/term';
import type { EngineContext, Successor } from './context';
import { targetLevels, evalPlaceIn, withElementAt, type ElementTarget } from './elements';
import { withValue } from './evalChecked';
import { havoc } from './havoc';
import { writeChecked } from './objects';

/** Whether an element target's array is a field's (`l.items[i]`) rather than a variable's. */
export function isFieldElement(target: ElementTarget): boolean {
  return targetLevels(target).root.kind === 'field';
}

export async function assignFieldElement(
  ctx: EngineContext,
  s: State,
  target: ElementTarget,
  value: Assign['value'],
  st: Assign,
): Promise<Successor[]> {
  const field = targetLevels(target).root as FieldRead;
  const name = printExpr(field);
  return withValue(ctx, s, field.object, (s1, recv) =>
    withValue(ctx, s1, field, async (s2, arr) => {
      if (!isSymArray(arr)) throw new Error(`internal: ${name} is not an array`);
      const place = await evalPlaceIn(ctx, s2, target, () => arr);
      if (!place.next) return place.leaves;
      const write = (s3: State, v: SymValue): Promise<Successor[]> =>
        writeChecked(ctx, s3, field, recv as Term, withElementAt(ctx, arr, name, place.indices, v), st.span);
      if (value.kind === 'havoc') {
        const elemType = ctx.checked.exprTypes.get(target);
        if (!elemType) throw new Error('internal: no type for an element target');
        const fresh = havoc(ctx, place.next, printExpr(target), elemType, st.span, 'havoc of an element');
        return [...place.leaves, ...(await write(fresh.state, fresh.value))];
      }
      return [...place.leaves, ...(await withValue(ctx, place.next, value, write))];
    }),
  );
}
