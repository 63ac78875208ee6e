// Checks under assumptions for the WASM backend (docs/design.md C.7: the selector encoding is
// "incremental, shared by all queries of a run"). Each distinct assertion is asserted once,
// at the base level, as `g ⇒ a` with a fresh guard literal g; a query is a check under the
// guards of its assertions. Nothing is ever popped, so the lemmas Z3 learns about the
// grammar's selectors (which shapes give which values) serve every later query, where
// push/pop would discard them with the scope that made them. Used for runs with synth
// functions, whose queries share one large encoding and differ by a few path conjuncts.

import type { Z3_ast, Z3_context, Z3_solver, Z3Core } from 'z3-solver';
import type { Term } from '../terms/term';
import type { Z3Translator } from './z3translate';

/** The raw synchronous exports this needs (the wrapper's check_assumptions is async). */
export interface AssumptionExports {
  _Z3_solver_check_assumptions(ctx: Z3_context, s: Z3_solver, n: number, ptr: number): number;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  readonly HEAPU32: Uint32Array;
}

/** Guard literals by assertion term id (each holds a reference in the context). */
export class GuardedAssertions {
  private readonly guards = new Map<number, { readonly term: Term; readonly guard: Z3_ast }>();

  constructor(
    private readonly z3: Z3Core,
    private readonly em: AssumptionExports,
    private readonly ctx: Z3_context,
    private readonly solver: Z3_solver,
    private readonly translator: Z3Translator,
    private readonly onError: () => void,
  ) {}

  /** The guards of `assertions`, asserting `g ⇒ a` for each assertion met for the first time. */
  guardsFor(assertions: readonly Term[]): Z3_ast[] {
    return assertions.map((a) => this.guardOf(a));
  }

  /** Z3's answer (1 sat, -1 unsat, 0 unknown) for the conjunction of the guarded assertions. */
  check(guards: readonly Z3_ast[]): number {
    const ptr = this.em._malloc(Math.max(1, guards.length) * 4);
    try {
      this.em.HEAPU32.set(guards as unknown as number[], ptr / 4);
      const r = this.em._Z3_solver_check_assumptions(this.ctx, this.solver, guards.length, ptr);
      this.onError();
      return r;
    } finally {
      this.em._free(ptr);
    }
  }

  dispose(): void {
    for (const g of this.guards.values()) this.z3.dec_ref(this.ctx, g.guard);
    this.guards.clear();
  }

  private guardOf(a: Term): Z3_ast {
    const hit = this.guards.get(a.id);
    if (hit !== undefined && hit.term === a) return hit.guard;
    const { z3, ctx } = this;
    const guard = z3.mk_fresh_const(ctx, 'g', this.translator.sort({ kind: 'bool' }));
    z3.inc_ref(ctx, guard);
    this.guards.set(a.id, { term: a, guard });
    const ast = this.translator.translate(a);
    z3.solver_assert(ctx, this.solver, z3.mk_implies(ctx, guard, ast));
    this.onError();
    return guard;
  }
}
