// The terms of the grammars that a path condition still allows (REPL `:synth all`,
// docs/design.md C.11 "Debugger"): a model gives one candidate; a blocking clause (not all of its chosen
// selectors and constant values) asks for another, up to a cap. A count at the cap means
// "more"; a solver unknown (e.g. the request's budget) stops the count as "at least".

import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { chosenLiterals, describeFunction, type SynthesizedFunction } from './readback';

export interface CandidateCount {
  /** Candidates found (each a function per synth declaration). */
  readonly found: readonly Readonly<Record<string, SynthesizedFunction>>[];
  /** 'all': found is every candidate; 'cap': there are more; 'unknown': the solver stopped the count. */
  readonly complete: 'all' | 'cap' | 'unknown';
  readonly reason?: string;
}

export async function countCandidates(
  checked: CheckedProgram,
  T: TermStore,
  solver: Solver,
  pc: readonly Term[],
  cap: number,
): Promise<CandidateCount> {
  const decls = [...checked.synths.values()];
  const found: Record<string, SynthesizedFunction>[] = [];
  const blocks: Term[] = [];
  for (;;) {
    const constraints = [...pc, ...blocks];
    const r = await solver.model([...constraints, ...T.keyed.factsFor(constraints)]);
    if (r.status === 'unknown') return { found, complete: 'unknown', reason: r.reason };
    if (r.status === 'unsat' || !r.model) return { found, complete: 'all' };
    if (found.length === cap) return { found, complete: 'cap' };
    const model = r.model;
    found.push(Object.fromEntries(decls.map((d) => [d.name, describeFunction(T, d, model, checked.exprTypes)])));
    const chosen = decls.flatMap((d) => chosenLiterals(T, d, model, checked.exprTypes));
    // No application on the path fixes any choice: the caller says "every function" instead.
    if (chosen.length === 0) return { found, complete: 'all' };
    blocks.push(T.not(T.and(...chosen)));
  }
}
