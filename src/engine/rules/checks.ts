// The stepper's questions to the solver: is a branch feasible, can a property fail here?
// Every answer is one of sat / unsat / unknown; unknown never counts as "holds": it ends the
// path with status 'unknown' so the verdict cannot be 'verified'.

import type { Span } from '../../lang/span';
import type { FailureSite } from '../state/failures';
import { conjoin, pcTerms } from '../state/pathCondition';
import type { SatResult } from '../solver/solver';
import type { Term } from '../terms/term';
import type { State } from '../state/state';
import { evalTerm, type EvalEnv, type Obligation } from './eval';
import { copyState } from '../state/stateCopy';
import { STEP, type EdgeLabel, type EngineContext, type Successor } from './context';

export async function ask(ctx: EngineContext, s: State, query: Term): Promise<SatResult> {
  return possibleUnderAxioms(ctx, await askSolver(ctx, s, query));
}

/**
 * Under Viper domain axioms (rules/axioms.ts) Z3 can seldom build a model (an injective
 * function into a declared sort needs an infinite one) and answers unknown where it cannot
 * refute. Viper reads "not refuted" as "possible": a branch it cannot close is explored, an
 * assertion it cannot prove fails. So does the engine for a program with axioms: unknown is
 * taken as sat without a model, never as unsat, so nothing unproved is ever verified (a
 * failure found so carries no counterexample: its model status is 'unknown').
 */
function possibleUnderAxioms(ctx: EngineContext, r: SatResult): SatResult {
  const quantified = (ctx.checked.axioms?.length ?? 0) > 0 || ctx.T.keyed.hasFunctionFacts();
  return r.status === 'unknown' && quantified ? { status: 'sat' } : r;
}

function askSolver(ctx: EngineContext, s: State, query: Term): Promise<SatResult> {
  const pc = pcTerms(s.pc);
  // The definitions of the recursive function applications the question mentions (heap/functions, docs/design.md E.3).
  // (Asked only when there are facts at all: most programs have none, and this runs per query.)
  const facts = ctx.T.keyed.anyFacts() ? ctx.T.keyed.factsFor([...pc, query]) : [];
  // Facts first: they change less often than pc between queries (longer shared backend prefix).
  return ctx.solver.checkSat(facts.length > 0 ? [...facts, ...pc] : pc, query, {
    wantModel: true,
    hint: s.model,
    timeoutMs: ctx.options.timeoutMs,
  });
}

export function assumeConjunct(s: State, term: Term, span: Span | undefined, reason: string, r?: SatResult): State {
  const model = r && r.status === 'sat' && r.model ? r.model : s.model;
  return copyState(s, s.frames, s.globals, conjoin(s.pc, { term, span, reason }), model, s.trace);
}

export function unknownLeaf(s: State, r: SatResult, what: string): Successor {
  const reason = r.status === 'unknown' ? r.reason : r.status;
  return {
    state: { ...s, status: 'unknown', note: `solver could not decide ${what}: ${reason}` },
    label: { kind: 'step' },
  };
}

export interface PropertyOutcome {
  /** Failure leaves (and unknown leaves) produced by the check. */
  readonly leaves: Successor[];
  /** The state that goes on, assuming the property; absent when no path satisfies it. */
  readonly next?: State;
}

/** Checks that `cond` holds on every path through `s`; records a failure with a model where it may not. */
export async function checkProperty(
  ctx: EngineContext,
  s: State,
  cond: Term,
  site: FailureSite,
  reason: string,
): Promise<PropertyOutcome> {
  const T = ctx.T;
  if (cond.op === 'const' && cond.value === true) {
    ctx.onProved?.(ctx, s, T.not(cond), site);
    return { leaves: [], next: s };
  }
  const negated = T.not(cond);
  const fails = await ask(ctx, s, negated);
  if (fails.status === 'unsat') {
    ctx.onProved?.(ctx, s, negated, site);
    return { leaves: [], next: s };
  }
  if (fails.status === 'unknown') return { leaves: [unknownLeaf(s, fails, `whether ${site.message} holds`)] };
  const failed: State = {
    ...assumeConjunct(s, negated, site.span, `${site.message} fails`, fails),
    status: 'failed',
    failure: { ...site, model: fails.model, modelStatus: fails.model ? 'sat' : 'unknown' },
  };
  const leaves: Successor[] = [{ state: failed, label: { kind: 'failure', failure: failed.failure! } }];
  const holds = await ask(ctx, s, cond);
  if (holds.status === 'unsat') return { leaves };
  if (holds.status === 'unknown')
    return { leaves: [...leaves, unknownLeaf(s, holds, `whether ${site.message} can hold`)] };
  return { leaves, next: assumeConjunct(s, cond, site.span, reason, holds) };
}

/** A property to check; its runtime obligations (evaluating it must not fail) come first. */
export interface Property {
  readonly cond: Term;
  readonly site: FailureSite;
  readonly reason: string;
  readonly obligations?: readonly Obligation[];
}

/** A specification clause evaluated with its runtime obligations (see `checkAll`, `assumeClause`). */
export interface Clause {
  readonly cond: Term;
  readonly obligations: readonly Obligation[];
}

export function evalClause(e: Parameters<typeof evalTerm>[0], env: EvalEnv): Clause {
  const obligations: Obligation[] = [];
  const cond = evalTerm(e, env, obligations);
  return { cond, obligations };
}

/** The property that a runtime obligation states: a failure of its own kind where it does not hold. */
export function obligationProperty(o: Obligation): Property {
  const missing = o.heal ? { missing: { kind: 'field' as const, receiver: o.heal.receiver, field: o.heal.field } } : {};
  return {
    cond: o.cond,
    site: { kind: o.kind, span: o.span, message: o.message, ...missing },
    reason: `no ${o.kind} at line ${o.span.line}`,
  };
}

/** Checks several properties in order, each (with its obligations first) assumed before the next. */
export async function checkAll(ctx: EngineContext, s: State, props: readonly Property[]): Promise<PropertyOutcome> {
  const leaves: Successor[] = [];
  let cur: State | undefined = s;
  for (const p of props) {
    for (const q of [...(p.obligations ?? []).map(obligationProperty), p]) {
      if (!cur) break;
      const out = await checkProperty(ctx, cur, q.cond, q.site, q.reason);
      leaves.push(...out.leaves);
      cur = out.next;
    }
  }
  return { leaves, next: cur };
}

/**
 * The condition under which a clause that was proved elsewhere (a callee's `ensures` in
 * modular mode, an invariant after the havoc, a join summary) may be assumed: the clause
 * and the well-definedness of every operation in it, which the proof also established.
 */
export function assumedClause(ctx: EngineContext, c: Clause): Term {
  return ctx.T.and(...c.obligations.map((o) => o.cond), c.cond);
}

export interface SplitOutcome {
  readonly then?: State;
  readonly else?: State;
  /** Both sides feasible: the conjuncts were added and the children are labelled then/else. */
  readonly forked: boolean;
  /** The negated condition, when split made it (the else side's label reuses it). */
  readonly negated?: Term;
  readonly leaves: Successor[];
}

/** Splits `s` on `cond`: both sides are checked, and the path forks only when both are feasible. */
export async function split(ctx: EngineContext, s: State, cond: Term, span: Span, what: string): Promise<SplitOutcome> {
  const T = ctx.T;
  if (cond.op === 'const')
    return cond.value ? { then: s, forked: false, leaves: [] } : { else: s, forked: false, leaves: [] };
  const negated = T.not(cond);
  const rThen = await ask(ctx, s, cond);
  if (rThen.status === 'unsat') return { else: s, forked: false, leaves: [] };
  const rElse = await ask(ctx, s, negated);
  const leaves: Successor[] = [];
  if (rThen.status === 'unknown') leaves.push(unknownLeaf(s, rThen, `whether ${what} can be true`));
  if (rElse.status === 'unknown') leaves.push(unknownLeaf(s, rElse, `whether ${what} can be false`));
  if (rElse.status === 'unsat')
    return { then: rThen.status === 'sat' ? withModel(s, rThen) : undefined, forked: false, leaves };
  // A side is kept only when the solver says it is feasible; its condition is recorded unless
  // the other side was shown infeasible (then it adds nothing).
  const thenState = rThen.status === 'sat' ? assumeConjunct(s, cond, span, `${what} is true`, rThen) : undefined;
  const elseState = rElse.status === 'sat' ? assumeConjunct(s, negated, span, `${what} is false`, rElse) : undefined;
  return {
    then: thenState,
    else: elseState,
    forked: thenState !== undefined && elseState !== undefined,
    leaves,
    negated,
  };
}

/** The edge label of one side of a split: then/else when it really forked, a plain step otherwise. */
export function sideLabel(
  ctx: EngineContext,
  out: SplitOutcome,
  side: 'then' | 'else',
  cond: Term,
  span: Span,
): EdgeLabel {
  if (!out.forked) return STEP;
  return { kind: side, cond: side === 'then' ? cond : (out.negated ?? ctx.T.not(cond)), span };
}

function withModel(s: State, r: SatResult): State {
  return r.status === 'sat' && r.model ? copyState(s, s.frames, s.globals, s.pc, r.model, s.trace) : s;
}
