// The solver layer's contract: what the engine asks (is pc ∧ query satisfiable? a model of
// pc?) and what a backend does (check a list of assertions in one incremental context).
// Results and models are immutable plain data; `unknown` always carries a reason.

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import type { SolverStats } from './stats';

export type { SolverStats } from './stats';

/** Values of symbols, keyed by the symbol term's id. */
export type Model = ReadonlyMap<number, Value>;

export type SatResult =
  | { readonly status: 'sat'; readonly model?: Model }
  | { readonly status: 'unsat' }
  | { readonly status: 'unknown'; readonly reason: string };

export interface CheckOptions {
  readonly wantModel: boolean;
  readonly timeoutMs?: number;
  /** Z3 resource units the query may spend (counted, so the same on a loaded machine as on a
   *  quiet one); past them it is unknown. A backend that cannot count them keeps to a time
   *  limit instead (z3native.ts). `timeoutMs` stays a backstop. */
  readonly rlimit?: number;
}

/** One context, one incremental solver, push/pop. Never throws from `check`. */
export interface SolverBackend {
  readonly name: string; // 'z3-wasm' | 'z3-native'
  /** With wantModel, a sat answer carries a value for every free symbol of the assertions. */
  check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult>;
  dispose(): void;
}

export interface CheckSatOptions {
  readonly wantModel?: boolean;
  /** A model of pc (e.g. the parent path's): tried first, and used to complete slice models. */
  readonly hint?: Model;
  readonly timeoutMs?: number;
}

export interface Solver {
  /** Is pc ∧ query satisfiable? PRECONDITION: pc alone is satisfiable (the engine guarantees it
   *  for live paths). With wantModel, the model satisfies all of pc ∧ query, not only the slice. */
  checkSat(pc: readonly Term[], query: Term, opts?: CheckSatOptions): Promise<SatResult>;
  /** Model of pc alone (for the debugger's Model scope and for test inputs). */
  model(pc: readonly Term[], hint?: Model): Promise<SatResult>;
  stats(): SolverStats;
  dispose(): void;
}

export type BackendName = 'z3-wasm' | 'z3-native';
/** What a user may ask for: a backend, or `auto` (native when a z3 binary is installed). */
export type BackendChoice = BackendName | 'auto';

export interface SolverOptions {
  readonly backend: BackendName;
  /** Default per-query timeout; a query may override it. */
  readonly timeoutMs?: number;
  /** Z3's memory limit in MB (z3-wasm: below its fixed 2 GB heap); a query above it is unknown. */
  readonly memoryLimitMb?: number;
  /** Fault injection for tests (z3-wasm): abort the WebAssembly instance at the n-th backend check. */
  readonly abortAtCheck?: number;
  /** Keep what the backend learns across queries (checks under assumptions, z3guards.ts; z3-wasm
   *  only): for runs with synth functions, whose queries all share the selector encoding. */
  readonly keepLemmas?: boolean;
}

/** Z3's memory limit unless one is given: the WebAssembly heap of z3-solver is fixed at 2 GB,
 *  and Z3 must stay well below it (the native backend uses the same limit, to answer alike). */
export const DEFAULT_Z3_MEMORY_LIMIT_MB = 1024;

/** Rounds of Z3's model-based quantifier instantiation per check (Z3's default: 1,000). A
 *  query over quantified axioms that is satisfiable but has no finite model Z3 can find (an
 *  injective function, a quantified permission's inverse) spent every round before its
 *  `unknown`: ~1 s a query, 117 s for quantifiedcombinations/write_permission.vpr, which then
 *  met the run's budget (pipeline.ts) on slower machines. With 50 rounds it takes 21 s, the same
 *  verdicts; 10 rounds were too few (longest-common-prefix.vpr's proof needs more). Counted, not
 *  timed: an answer does not depend on the machine. Silicon turns this instantiation off. */
export const MBQI_MAX_ITERATIONS = 50;

/** Per-query time limit of `verify` when none is given: the debugger's default too. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export function unknown(reason: string): SatResult {
  return { status: 'unknown', reason };
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
