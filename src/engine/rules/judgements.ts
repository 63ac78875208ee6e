// The signatures of the judgements that call each other (as Silicon's traits do): consume
// takes an untouched(A) by consuming A twice, produce takes it the same way, and consume heals
// a missing instance by producing it. The rules that need another judgement receive it as a
// value of these types instead of importing its file, so consume.ts, produce.ts and
// untouched.ts import each other one way only.

import type { Acc, Call, Expr } from '../../lang/ast';
import type { FailureSite } from '../state/failures';
import type { State } from '../state/state';
import type { Chunk } from '../state/chunks';
import type { EvalEnv } from './eval';
import type { EngineContext, Successor } from './context';

export interface ConsumeHow {
  /** After a permission failure of this consume healed: the reading env as it was before (set by the consume itself). */
  readonly beforeHeal?: EvalEnv;
  /** Evaluates in the heap at the start of the consume. */
  readonly env: EvalEnv;
  /** The failure site of a pure conjunct that may not hold. */
  readonly pureSite: (e: Expr) => FailureSite;
  /** The failure site of a missing permission. */
  readonly accSite: (a: Acc) => FailureSite;
  /** The failure site of a missing predicate instance. */
  readonly predSite: (c: Call) => FailureSite;
  readonly reason: string;
}

export interface Consumed {
  /** The path going on; its heap is what the consume left. */
  readonly state: State;
  /** The chunks taken, in order (their values are what was transferred). */
  readonly removed: readonly Chunk[];
}

export interface ConsumeOutcome {
  readonly leaves: Successor[];
  readonly outs: Consumed[];
}

/** Consume (exhale) `clauses` from `s`'s heap: rules/consume.ts. */
export type Consume = (
  ctx: EngineContext,
  s: State,
  clauses: readonly Expr[],
  how: ConsumeHow,
) => Promise<ConsumeOutcome>;
