// Viper domain axioms (docs/viper.md, Domains) in the root state of every run: each is a closed
// formula over uninterpreted functions, assumed as a conjunct of the path condition before the
// precondition, so every query of the program has it (the solver sends such queries to Z3 whole,
// solver/pipeline.ts). Viper assumes axioms without checking them (an inconsistent set makes
// everything verify, there as here).

import type { State } from '../state/state';
import type { EngineContext } from './context';
import type { EvalEnv } from './evalEnv';
import { assumeConjunct, evalClause } from './checks';

export function assumeAxioms(ctx: EngineContext, s: State, env: EvalEnv): State {
  let cur = s;
  for (const a of ctx.checked.axioms ?? []) {
    // Definedness obligations (a division by zero in an axiom) are not checked: Viper does not.
    const c = evalClause(a.body, env);
    cur = assumeConjunct(cur, c.cond, a.span, `axiom ${a.name}`);
  }
  return cur;
}
