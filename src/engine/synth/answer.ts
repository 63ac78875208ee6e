// The answer of a run with synth functions (docs/design.md C.11 semantics 3): a function for which
// the disjunction of the failure-free complete paths' conditions is satisfiable, found by
// iterative deepening (depth 1, 2, … up to the declared depth; the first sat depth wins).

import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { depthLimit } from './encode';
import { describeFunction, type SynthesizedFunction } from './readback';

export type SynthAnswer =
  | { readonly status: 'found'; readonly functions: Readonly<Record<string, SynthesizedFunction>> }
  | { readonly status: 'none' }
  | { readonly status: 'unknown'; readonly reason: string };

/** okPaths: the path conditions (conjunct lists) of the complete paths with no failure. */
export async function findFunctions(
  checked: CheckedProgram,
  T: TermStore,
  solver: Solver,
  okPaths: readonly (readonly Term[])[],
): Promise<SynthAnswer> {
  if (okPaths.length === 0) return { status: 'none' };
  const pi = T.or(...okPaths.map((pc) => T.and(...pc)));
  const facts = T.keyed.factsFor([pi]);
  const decls = [...checked.synths.values()];
  const maxDepth = Math.max(...decls.map((d) => d.depth));
  let unknown: string | undefined;
  for (let k = 1; k <= maxDepth; k++) {
    const limit = T.and(...decls.map((d) => depthLimit(T, d, Math.min(k, d.depth))));
    const r = await solver.checkSat(facts, T.and(pi, limit), { wantModel: true });
    if (r.status === 'unknown') {
      unknown = r.reason;
      continue;
    }
    if (r.status === 'unsat' || !r.model) continue;
    const model = r.model;
    const functions = Object.fromEntries(decls.map((d) => [d.name, describeFunction(T, d, model, checked.exprTypes)]));
    return { status: 'found', functions };
  }
  return unknown === undefined ? { status: 'none' } : { status: 'unknown', reason: unknown };
}
