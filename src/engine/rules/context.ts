// What the stepper needs besides the state: the checked program, the term store, the solver
// and the options. Owned by one symbolic run; the activation counter is its only mutable part.

import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import type { Failure, State } from '../state/state';
import type { FailureSite } from '../state/failures';
import type { Span } from '../../lang/span';

export type Mode = 'explore' | 'modular';

export interface EngineOptions {
  readonly mode: Mode;
  /** Explore mode: iterations of one loop before the path ends as bounded. */
  readonly loopBound: number;
  /** Explore mode: nested activations of one procedure before the path ends as bounded. */
  readonly recursionBound: number;
  readonly timeoutMs?: number;
}

export const DEFAULT_OPTIONS: EngineOptions = { mode: 'explore', loopBound: 10, recursionBound: 10 };

export interface EngineContext {
  readonly checked: CheckedProgram;
  readonly T: TermStore;
  readonly solver: Solver;
  readonly options: EngineOptions;
  /** A fresh activation id for a new frame. */
  nextActivation(): number;
  /** Told of every check that holds (proof dependencies, why/proofs.ts); absent in ordinary runs. */
  readonly onProved?: ProvedHook;
}

/** A check proved at `s`: `negated` (its negation) is unsatisfiable with the path condition. */
export type ProvedHook = (ctx: EngineContext, s: State, negated: Term, site: FailureSite) => void;

/** How a child was reached from its parent: shown as branch choices in the debugger. */
export type EdgeLabel =
  | { readonly kind: 'step' }
  | { readonly kind: 'then' | 'else'; readonly cond: Term; readonly span: Span }
  | { readonly kind: 'failure'; readonly failure: Failure }
  | { readonly kind: 'join'; readonly incoming: number }
  /** A `refute φ` visited where φ may be false (rules/refute.ts): that refute holds. */
  | { readonly kind: 'refuted'; readonly span: Span };

export interface Successor {
  readonly state: State;
  readonly label: EdgeLabel;
}

export const STEP: EdgeLabel = { kind: 'step' };
