// Queries Z3 cannot even take in: Z3 flattens nested sums and products when a formula is
// asserted, so a term DAG that doubles at each level (`x := x * x` forty times is 40 nodes)
// becomes a product of 2^40 factors. That happens in Z3's assert, which no timeout or
// cancellation reaches: the process just grows until the WebAssembly heap aborts. Such a
// query is answered unknown, with the reason, before it reaches the backend.

import type { Term } from '../terms/term';
import { foldTerm } from '../terms/traverse';

/** Most operands of one flattened sum or product that is handed to Z3 (2^16: ~0.3 s to assert). */
export const MAX_FLAT_OPERANDS = 65_536;

const FLATTENED = new Set(['add', 'mul', 'and', 'or']);

/** Why the constraints are beyond the solver, or undefined when they are fine. */
export function blowupReason(constraints: readonly Term[], limit = MAX_FLAT_OPERANDS): string | undefined {
  // Operand count of each term once nested operators of the same kind are flattened into it.
  const memo = new Map<number, number>();
  let worst: { op: string; count: number } | undefined;
  for (const c of constraints) {
    foldTerm<number>(
      c,
      (t, counts) => {
        if (!FLATTENED.has(t.op)) return 1;
        // Capped: counts double per level and would overflow to Infinity after ~1000 levels.
        const n = Math.min(
          Number.MAX_SAFE_INTEGER,
          t.args.reduce((sum, a, i) => sum + (a.op === t.op ? counts[i] : 1), 0),
        );
        if (n > limit && (worst === undefined || n > worst.count)) worst = { op: t.op, count: n };
        return n;
      },
      memo,
    );
  }
  if (worst === undefined) return undefined;
  const what =
    worst.op === 'mul' ? 'product' : worst.op === 'add' ? 'sum' : worst.op === 'and' ? 'conjunction' : 'disjunction';
  return `the query expands to a ${what} of ${describe(worst.count)} operands (the solver's limit is ${limit.toLocaleString('en-US')})`;
}

function describe(n: number): string {
  const log = Math.log2(n);
  return Number.isInteger(log) && n > 1e6
    ? `2^${log}`
    : n >= Number.MAX_SAFE_INTEGER
      ? 'more than 2^53'
      : n.toLocaleString('en-US');
}
