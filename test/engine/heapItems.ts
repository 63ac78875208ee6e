// The generator's array field `items: int[]` (heapProgramGenerator.ts): only allocated objects
// hold it (main's requires and the helpers never ask for it, so inputs carry no arrays), which
// gives the property test array literals stored in fields, element reads and `.length` in
// expressions, and element writes `o.items[i] := e` whose value may be a call's result
// (`o.items[i] := h(…)`: the index is checked before the call). Indices are mostly in range,
// sometimes any int expression, or an object whose items were never stored (length 0): an
// out-of-bounds failure.

import type { Rng } from '../support/programGen';

export const ITEMS = 'items';

/** `[e1, e2]`: two or three elements. */
export function itemsLiteral(rng: Rng, elem: () => string): string {
  return `[${Array.from({ length: rng.int(2, 3) }, elem).join(', ')}]`;
}

/** An index: 0 or 1 usually (in range once a literal was stored), otherwise an int expression of the program. */
export function itemsIndex(rng: Rng, int: () => string): string {
  return rng.chance(0.9) ? String(rng.int(0, 1)) : int();
}

/** `o.items[i]` or `o.items.length`. */
export function itemsRead(rng: Rng, owner: string, int: () => string): string {
  return rng.chance(0.3) ? `${owner}.${ITEMS}.length` : `${owner}.${ITEMS}[${itemsIndex(rng, int)}]`;
}
