// What a debug session has learnt about why (runtime/why.ts): classes of failures by site, the
// end's failures and warnings, proof dependencies. Kept per debuggee, below it, so that a failure
// site is classified once (classification explores its procedure again).

import type { Classification } from '../../engine/why/classify';
import type { FailureReport, ProofReport, VerifyWarning } from '../../engine/verify/report';

/** Proof dependencies of the session's program, and the requires/assume conjuncts no proof uses. */
export interface SessionProofs {
  readonly proofs: readonly ProofReport[];
  readonly unused: readonly VerifyWarning[];
}

/** The end of a session: every failure with its class, and the warnings of a run that verified (vacuous, unreachable, unused). */
export interface EndWhy {
  readonly failures: readonly FailureReport[];
  readonly warnings: readonly VerifyWarning[];
}

export interface WhyCache {
  readonly classes: Map<string, Classification>;
  end?: EndWhy;
  proofs?: Promise<SessionProofs>;
}

export function newWhyCache(): WhyCache {
  return { classes: new Map() };
}
