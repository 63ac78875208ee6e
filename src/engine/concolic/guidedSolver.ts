// The "solver" of a concolic run. A concolic run does not decide feasibility: it follows the
// path its concrete inputs take. So every question is answered "sat" (each side of a branch,
// each way a check can go, is kept as a successor) with a model built from the inputs, and
// the concolic driver (concolicRun.ts) keeps only the successor whose new path-condition
// conjuncts are true under those inputs. The engine thereby records the full symbolic path
// condition of the concrete run without a single Z3 call.

import type { CheckSatOptions, Model, SatResult, Solver, SolverStats } from '../solver/solver';
import { zeroSolverStats } from '../solver/stats';
import { isFalse, type Term } from '../terms/term';
import { freeSymbols } from '../terms/symbols';
import { inputValue, type ConcreteInputs } from './assignment';
import { defaultValue, type Value } from '../terms/values';

export class GuidedSolver implements Solver {
  private queries = 0;
  constructor(private readonly inputs: ConcreteInputs) {}

  async checkSat(pc: readonly Term[], query: Term, opts?: CheckSatOptions): Promise<SatResult> {
    this.queries++;
    // A question that is false as written has no model under any inputs. Answering it "sat" would
    // let a rule that retries on its sat side (healing a permission failure) retry forever.
    if (isFalse(query) || pc.some(isFalse)) return { status: 'unsat' };
    return { status: 'sat', model: this.extend(opts?.hint, [query]) };
  }

  async model(pc: readonly Term[], hint?: Model): Promise<SatResult> {
    this.queries++;
    return { status: 'sat', model: this.extend(hint, pc) };
  }

  /** The hint (the path's model so far) with the symbols of `terms` added. */
  private extend(hint: Model | undefined, terms: readonly Term[]): Model {
    const out = new Map<number, Value>(hint ?? []);
    for (const t of terms) {
      for (const s of freeSymbols(t))
        if (!out.has(s.id)) out.set(s.id, inputValue(this.inputs, s) ?? defaultValue(s.sort));
    }
    return out;
  }

  stats(): SolverStats {
    return { ...zeroSolverStats(), queries: this.queries };
  }

  dispose(): void {
    /* nothing to free */
  }
}
