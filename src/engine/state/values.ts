// The values a symbolic store holds: a term, or an array as (length, contents). Their own
// file, below state.ts, so that the heap (chunks.ts) and the join record can name them
// without importing the state that holds both.

import type { Term } from '../terms/term';

/**
 * Arrays are (length, contents): contents is an int-indexed SMT array. An array of arrays
 * also has the lengths of its inner arrays, level by level (see arrays.ts).
 */
export interface SymArray {
  readonly kind: 'symArray';
  readonly length: Term;
  readonly contents: Term;
  /** For arrays of arrays: lengths[0][i] = a[i].length, lengths[1][i][j] = a[i][j].length, … */
  readonly lengths?: readonly Term[];
}
export type SymValue = Term | SymArray;

export function isSymArray(v: SymValue): v is SymArray {
  return (v as SymArray).kind === 'symArray';
}
