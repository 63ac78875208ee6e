// One concolic run: the symbolic engine steps the entry procedure, and at every step keeps
// the one successor the concrete inputs take (its new path-condition conjuncts are true under
// the inputs). The result is the concrete outcome plus the symbolic path condition, each
// conjunct marked negatable when it decided a branch or a check (the step had other
// successors) rather than being an assumption (requires, assume) every input must meet.

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import { conjuncts, suffixAfter, type Conjunct } from '../state/pathCondition';
import { inputSymbols, nextSpan, type State } from '../state/state';
import type { EngineContext, EngineOptions } from '../rules/context';
import { step } from '../rules/execute';
import { rootState } from '../rules/initial';
import { mergeAtJoin } from '../rules/join/joins';
import type { TermStore } from '../terms/store';
import { EvaluationError, tryEvaluate } from '../terms/evaluate';
import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { allocatedValue } from './refValues';
import { branchSide, CoverageCollector } from '../explore/coverage';
import { inputValue, modelOf, type ConcreteInputs } from './assignment';
import { GuidedSolver } from './guidedSolver';

export type ConcolicOutcome = 'done' | 'failed' | 'assumeFailed' | 'bounded' | 'unknown';

export interface PathConstraint extends Conjunct {
  /** A branch or check decided by the inputs (SAGE negates these); false for assumptions. */
  readonly negatable: boolean;
}

export interface ConcolicResult {
  readonly outcome: ConcolicOutcome;
  /** The last state: a failure carries its site, and a model of the inputs. */
  readonly state: State;
  readonly constraints: readonly PathConstraint[];
  readonly coverage: CoverageCollector;
  /** Engine steps the run took. */
  readonly steps: number;
  readonly note?: string;
  /**
   * A run stopped by an assumption its inputs violate (the entry's requires, an `assume`):
   * one repair per way past it (an assumption over the heap may split into cases), each the
   * path condition up to it with the assumption, whose models are inputs that get past it.
   */
  readonly repairs?: readonly Repair[];
}

/** A way past a violated assumption: its models are inputs that satisfy it. */
export interface Repair {
  readonly constraint: readonly Term[];
  /** The inputs the constraint reads, those the assumption itself made (fields of input objects) included. */
  readonly symbols: readonly Term[];
}

/** Steps past which a run is cut off (a concrete run that does not end, say). */
export const CONCOLIC_STEP_LIMIT = 200_000;

/** Loop and recursion bounds of concolic runs: a concrete run is not unrolled in advance, so only runaway loops should stop. */
export const CONCOLIC_BOUNDS = { loopBound: 1000, recursionBound: 200 } as const;

export async function runConcolic(
  checked: CheckedProgram,
  T: TermStore,
  proc: Proc,
  inputs: ConcreteInputs,
  options: EngineOptions,
): Promise<ConcolicResult> {
  let activation = 0;
  const ctx: EngineContext = {
    checked,
    T,
    solver: new GuidedSolver(inputs),
    options,
    nextActivation: () => ++activation,
  };
  const coverage = new CoverageCollector();
  let s = await rootState(ctx, proc);
  const constraints: PathConstraint[] = conjuncts(s.pc).map((c) => ({ ...c, negatable: false }));
  let steps = 0;
  const end = (outcome: ConcolicOutcome, state: State, note?: string, repairs?: readonly Repair[]): ConcolicResult => {
    coverage.addTrace(state);
    const failure = state.failure && { ...state.failure, model: modelOf(inputs, inputSymbols(state)) };
    return {
      outcome,
      state: failure ? { ...state, failure } : state,
      constraints,
      coverage,
      steps,
      ...(note ? { note } : {}),
      ...(repairs ? { repairs } : {}),
    };
  };
  if (!holds(constraints, inputs)) {
    return end('assumeFailed', s, `the inputs violate the precondition of ${proc.name}`, [
      { constraint: constraints.map((c) => c.term), symbols: inputSymbols(s) },
    ]);
  }
  for (let n = 0; n < CONCOLIC_STEP_LIMIT; n++) {
    if (s.status === 'waiting') {
      s = mergeAtJoin(ctx, [s], s.waitingAt!);
      continue;
    }
    if (s.status !== 'running') return end(outcomeOf(s), s, s.note);
    const succs = await step(ctx, s);
    steps++;
    const taken = pick(
      s,
      succs.map((x) => x.state),
      inputs,
    );
    if (taken === 'unevaluable')
      return end(
        'unknown',
        s,
        'a condition on this path cannot be evaluated concretely (a quantifier, a huge number, or a function or predicate of the heap)',
      );
    if (!taken) {
      // The assumption ran (and stopped the run): its line is covered, as in a concrete run.
      const at = nextSpan(s);
      if (at) coverage.lines.add(at.line);
      return end(
        'assumeFailed',
        s,
        'the inputs violate an assumption on this path',
        repairsPast(
          s,
          succs.map((x) => x.state),
          constraints,
        ),
      );
    }
    const fresh = suffixAfter(taken.pc, s.pc);
    constraints.push(...fresh.map((c) => ({ ...c, negatable: succs.length > 1 })));
    coverage.addSide(branchSide(s, taken));
    s = taken;
  }
  return end('bounded', s, `the run was cut off after ${CONCOLIC_STEP_LIMIT} steps`);
}

/**
 * The ways past an assumption the inputs broke: each successor that goes on (an assumption over
 * the heap may produce several cases) with its new conjuncts, over the input symbols of that
 * successor, which include the fields the assumption gave input objects (`p.x` of acc(p.x)).
 */
function repairsPast(s: State, succs: readonly State[], constraints: readonly PathConstraint[]): Repair[] {
  const before = constraints.map((c) => c.term);
  return succs
    .filter((x) => x.status !== 'failed' && x.status !== 'infeasible' && x.status !== 'unknown')
    .map((x) => ({ constraint: [...before, ...suffixAfter(x.pc, s.pc).map((c) => c.term)], symbols: inputSymbols(x) }));
}

function outcomeOf(s: State): ConcolicOutcome {
  switch (s.status) {
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
    case 'infeasible':
      return 'assumeFailed';
    case 'bounded':
      return 'bounded';
    default:
      return 'unknown';
  }
}

/** The successor whose new conjuncts the inputs satisfy (failure leaves come first, so a check the inputs break fails). */
export function pick(
  parent: State,
  succs: readonly State[],
  inputs: ConcreteInputs,
): State | undefined | 'unevaluable' {
  for (const child of succs) {
    if (child.status === 'unknown') continue;
    const ok = holds(suffixAfter(child.pc, parent.pc), inputs, new Set(inputSymbols(child).map((x) => x.id)));
    if (ok === undefined) return 'unevaluable';
    if (ok) return child;
  }
  return undefined;
}

/**
 * Are all conjuncts true under the inputs? undefined when one cannot be evaluated. With `known`
 * (the ids of the path's input symbols), a symbol that is neither an input nor an object made
 * by `new` (e.g. the value of a pure function over the heap) makes the conjunct unevaluable:
 * the inputs do not determine it, and its default would be a guess.
 */
export function holds(
  cs: readonly Conjunct[],
  inputs: ConcreteInputs,
  known?: ReadonlySet<number>,
): boolean | undefined {
  const env = (sym: Term): Value | undefined => {
    if (known && !known.has(sym.id) && allocatedValue(sym) === undefined)
      throw new EvaluationError(`${sym.symbol?.display ?? 'a symbol'} is not determined by the inputs`);
    return inputValue(inputs, sym);
  };
  for (const c of cs) {
    const v = tryEvaluate(c.term, env);
    if (v === undefined) return undefined;
    if (v !== true) return false;
  }
  return true;
}
