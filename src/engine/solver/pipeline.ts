// The solver the engine talks to: a pipeline in front of the backend that answers most
// queries without solving. In order: trivial answers (constants, the query or its negation
// already in pc) → independence slicing → exact cache / unsat subsets → model reuse (hint,
// recent models) → bounds propagation (bounds.ts: sure answers only) → evaluation of every
// assignment when the inputs are few bits → backend (unless the query would blow up inside Z3). Models returned for pc ∧ query cover every symbol of both: the
// slice's model is completed component by component from the hint or the same pipeline.

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { blowupReason } from './blowup';
import { decideByBounds } from './bounds';
import { PrefixBounds } from './prefixBounds';
import { TRAIL_MIN, TrailBounds } from './trailBounds';
import { decideByEnumeration } from './enumerate';
import { completeFor, satisfiesAll, valueUnder } from './modeleval';
import { canonical, QueryCache } from './querycache';
import { components, flattenConjuncts, sliceFor, SymbolIndex } from './slicing';
import { WitnessedConjuncts } from './witnessed';
import { touchesUninterpreted } from '../terms/uninterpreted';
import { touchesReal } from '../terms/reals';

/** Domain functions (axioms) and reals (permission amounts) are Z3's alone. */
const opaqueToFastPaths = (t: Term): boolean => touchesUninterpreted(t) || touchesReal(t);
import { StatsCounter, type SolverStats } from './stats';
import { andThen, settle, type Maybe } from './maybe';
import {
  errorMessage,
  unknown,
  type CheckSatOptions,
  type Model,
  type SatResult,
  type Solver,
  type SolverBackend,
} from './solver';

type Source = 'trivial' | 'cache' | 'reuse' | 'bounds' | 'backend';

interface Answer {
  readonly result: SatResult;
  readonly source: Source;
  /** The canonical constraint set a sat result's model satisfies (solve's answers). */
  readonly terms?: readonly Term[];
}

const EMPTY_MODEL: Model = new Map();
/** Z3 searches for a model of quantified axioms until its limit, and seldom finds one (an
 *  injective function needs an infinite sort): a query over uninterpreted functions gets at most
 *  this many of Z3's resource units, and an unknown is an unknown (the engine decides what it
 *  means, rules/checks.ts). Units are counted, not timed, so a verdict does not depend on how
 *  loaded the machine is (a 2-s wall-time limit made longest-common-prefix.vpr pass or fail with
 *  the load). The queries of the Silver suite that Z3 decides take at most ~240,000 units;
 *  more units only make the undecided ones slower (1,000,000: silver/0735.vpr several times so). */
export const OPAQUE_RLIMIT = 400_000;
/** A backstop in wall time for such a query, should Z3 not count its units where it loops. */
const OPAQUE_BACKSTOP_MS = 10_000;
/** How many such queries of one run may stop at their limit, and how long all of them together
 *  may take. Z3 does not always stop at its limit inside quantifier instantiation (a matching loop
 *  of axioms: silicon/0365.vpr took 5 s a query, adt/example_1.vpr ran past 400 s), so past either
 *  budget every further one is answered unknown at once: the run ends with that unknown
 *  reported, never with a guess. The count comes first, so that where it ends a run does not
 *  depend on the machine's speed; the time is the backstop. */
export const OPAQUE_STOP_BUDGET = 30;
/** The time counts every such query, decided ones too, so it depends on the machine: 60 s let
 *  quantifiedpredicates/arity/unfold_arity1.vpr (44 queries, ~25 s on one machine, 61 s on one
 *  2.4× slower) end in budget-spent unknowns, read as failures under axioms, on the slower one. */
export const OPAQUE_BUDGET_MS = 120_000;
/** What one run may lose to queries that reach their time limit. Each such query costs its whole
 *  limit (10 s by default) and ends a path unknown; a program whose every path meets one
 *  (third_party/stefan_recent/testTreeWandE2.vpr: 20 paths, 250 s) would run for minutes to say
 *  unknown. Past this budget every further backend query is answered unknown at once: the run
 *  still says unknown, never a guess, in about a minute. */
export const TIMEOUT_BUDGET_MS = 60_000;

/** Worst source of several answers: one backend call makes the whole query a solved one. */
function combine(a: Source, b: Source): Source {
  const rank: Record<Source, number> = { trivial: 0, reuse: 1, cache: 2, bounds: 3, backend: 4 };
  return rank[a] >= rank[b] ? a : b;
}

export class PipelineSolver implements Solver {
  private readonly counters = new StatsCounter();
  private readonly symbols = new SymbolIndex();
  private readonly cache = new QueryCache();
  private readonly witnessed = new WitnessedConjuncts();
  private readonly prefixes = new PrefixBounds();
  private readonly trail = new TrailBounds(this.prefixes.linears);

  /** Time spent so far in queries over uninterpreted functions (`opaque`). */
  private opaqueSpentMs = 0;
  /** Such queries so far that stopped at their limit. */
  private opaqueStops = 0;
  /** Time spent so far in backend queries that reached their time limit. */
  private timedOutMs = 0;

  constructor(
    private readonly backend: SolverBackend,
    private readonly defaultTimeoutMs?: number,
    private readonly opaqueBudgetMs = OPAQUE_BUDGET_MS,
    private readonly timeoutBudgetMs = TIMEOUT_BUDGET_MS,
    private readonly opaqueRlimit = OPAQUE_RLIMIT,
  ) {}

  checkSat(pc: readonly Term[], query: Term, opts: CheckSatOptions = {}): Promise<SatResult> {
    return settle(() => this.check(pc, query, opts));
  }

  private check(pc: readonly Term[], query: Term, opts: CheckSatOptions): Maybe<SatResult> {
    this.counters.bump('queries');
    const wantModel = opts.wantModel ?? false;
    // A long path condition: bounds along the trail first, O(new conjuncts) (trailBounds.ts).
    const onTrail =
      pc.length >= TRAIL_MIN && query.op !== 'const' ? this.trail.decide(pc, query, opts.hint) : undefined;
    if (onTrail !== undefined) {
      return this.answered({
        result: wantModel || onTrail.status !== 'sat' ? onTrail : { status: 'sat' },
        source: 'bounds',
      });
    }
    const conjuncts = flattenConjuncts(pc);
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    const queryConjuncts = flattenConjuncts([query]);
    const trivial = this.trivial(conjuncts, query, queryConjuncts);
    if (trivial === 'unsat') return this.answered({ result: { status: 'unsat' }, source: 'trivial' });
    if (trivial === 'sat') {
      if (!wantModel) return this.answered({ result: { status: 'sat' }, source: 'trivial' });
      // The query follows from pc: a model of pc will do, and asking for one also finds a path
      // whose assumed facts contradict each other (issue_0073.vpr's `assert false`). Over axioms,
      // Z3's, whole, under the resource limit, and a stop there is not counted in the run's
      // budget of stopped queries: such a model is seldom found (an unknown is read as sat
      // without a model), and counted, fold_arity1.vpr's 30 of them spent the budget. Component
      // by component, without the limit, one ran 256 s (self_framing.vpr).
      if (conjuncts.some(opaqueToFastPaths))
        return this.opaque(conjuncts, true, timeoutMs, { rlimit: this.opaqueRlimit, counted: false });
      return andThen(this.complete(conjuncts, EMPTY_MODEL, opts.hint, timeoutMs), (completed) =>
        this.answered(completed),
      );
    }
    if (conjuncts.some(opaqueToFastPaths) || queryConjuncts.some(opaqueToFastPaths))
      return this.opaque([...conjuncts, ...queryConjuncts], wantModel, timeoutMs);
    const slice = sliceFor(conjuncts, queryConjuncts, this.symbols);
    return andThen(this.solve(slice.relevant, opts.hint, timeoutMs), (answer) => {
      if (answer.result.status !== 'sat' || !wantModel) return this.answered(answer);
      return andThen(
        this.complete(slice.rest, answer.result.model ?? EMPTY_MODEL, opts.hint, timeoutMs),
        (completed) => {
          // The completed model agrees with the slice's on the slice's symbols, so it satisfies the
          // slice too: recorded, so that the next query (whose hint it is) skips those conjuncts.
          const model = completed.result.status === 'sat' ? completed.result.model : undefined;
          if (model !== undefined && answer.terms !== undefined) this.witnessed.record(model, answer.terms);
          return this.answered({ result: completed.result, source: combine(answer.source, completed.source) });
        },
      );
    });
  }

  async model(pc: readonly Term[], hint?: Model): Promise<SatResult> {
    this.counters.bump('queries');
    const conjuncts = flattenConjuncts(pc);
    if (conjuncts.some((c) => c.op === 'const' && c.value === false)) {
      return this.answered({ result: { status: 'unsat' }, source: 'trivial' });
    }
    if (conjuncts.some(opaqueToFastPaths)) return this.opaque(conjuncts, true, this.defaultTimeoutMs);
    let source: Source = 'trivial';
    const model = new Map<number, Value>();
    for (const component of components(conjuncts, this.symbols)) {
      const part = await this.componentModel(component, hint, this.defaultTimeoutMs);
      source = combine(source, part.source);
      if (part.result.status !== 'sat') return this.answered({ result: part.result, source });
      for (const [k, v] of part.result.model ?? EMPTY_MODEL) model.set(k, v);
    }
    return this.answered({ result: { status: 'sat', model }, source });
  }

  /**
   * A query with uninterpreted functions or sorts (Viper domains) goes to the backend whole:
   * their meaning lies in axioms (closed formulas, which slicing would leave out as sharing no
   * symbol), and no fast path reads an axiom. Neither cached nor sliced: whatever Z3 answers,
   * unknown included, is the answer.
   */
  private async opaque(
    constraints: readonly Term[],
    wantModel: boolean,
    timeoutMs?: number,
    limit: { readonly rlimit: number; readonly counted: boolean } = { rlimit: this.opaqueRlimit, counted: true },
  ): Promise<SatResult> {
    const spent = this.opaqueSpent();
    if (spent !== undefined) {
      this.counters.bump('unknowns');
      return unknown(`the run's budget of ${spent} for queries over quantified axioms is spent`);
    }
    this.counters.bump('backendCalls');
    const start = performance.now();
    let result: SatResult;
    try {
      const backstop = Math.min(timeoutMs ?? OPAQUE_BACKSTOP_MS, OPAQUE_BACKSTOP_MS);
      result = await this.backend.check(constraints, { wantModel, timeoutMs: backstop, rlimit: limit.rlimit });
    } catch (e) {
      result = unknown(`solver error: ${errorMessage(e)}`);
    }
    const ms = performance.now() - start;
    this.opaqueSpentMs += ms;
    this.counters.addSolverMs(ms);
    if (result.status === 'unknown') {
      this.counters.bump('unknowns');
      if (limit.counted && /resource|timeout|canceled|cancelled/i.test(result.reason)) this.opaqueStops++;
    }
    return result;
  }

  /** Which of the opaque budgets is spent, as the unknown's reason says it; undefined: neither. */
  private opaqueSpent(): string | undefined {
    if (this.opaqueStops >= OPAQUE_STOP_BUDGET) return `${OPAQUE_STOP_BUDGET} queries stopped at their limit`;
    if (this.opaqueSpentMs >= this.opaqueBudgetMs) return `${this.opaqueBudgetMs / 1000} s`;
    return undefined;
  }

  stats(): SolverStats {
    return this.counters.snapshot();
  }

  dispose(): void {
    this.backend.dispose();
  }

  /** 'sat' when the query is true or already a conjunct, 'unsat' when it is false or negated in pc. */
  private trivial(
    conjuncts: readonly Term[],
    query: Term,
    queryConjuncts: readonly Term[],
  ): 'sat' | 'unsat' | undefined {
    if (query.op === 'const') return query.value === true ? 'sat' : 'unsat';
    // Usually one query conjunct: one pass over pc, no Set of it built on every query.
    if (queryConjuncts.length === 0 || queryConjuncts.length > 2) return this.trivialBySet(conjuncts, queryConjuncts);
    const [q0, q1] = queryConjuncts;
    const n0 = q0.op === 'not' ? q0.args[0] : undefined;
    const n1 = q1?.op === 'not' ? q1.args[0] : undefined;
    let found0 = false,
      found1 = q1 === undefined,
      negated = false;
    for (const c of conjuncts) {
      if (c.op === 'const' && c.value === false) return 'unsat';
      if (c === q0) found0 = true;
      else if (c === q1) found1 = true;
      if (c === n0 || (n1 !== undefined && c === n1)) negated = true;
      else if (c.op === 'not' && (c.args[0] === q0 || (q1 !== undefined && c.args[0] === q1))) negated = true;
    }
    // The same precedence as trivialBySet: false in pc, then the query in pc, then its negation.
    return found0 && found1 ? 'sat' : negated ? 'unsat' : undefined;
  }

  private trivialBySet(conjuncts: readonly Term[], queryConjuncts: readonly Term[]): 'sat' | 'unsat' | undefined {
    if (conjuncts.some((c) => c.op === 'const' && c.value === false)) return 'unsat';
    const inPc = new Set(conjuncts);
    if (queryConjuncts.every((q) => inPc.has(q))) return 'sat';
    for (const q of queryConjuncts) {
      if (q.op === 'not' && inPc.has(q.args[0])) return 'unsat';
    }
    for (const c of conjuncts) {
      if (c.op === 'not' && queryConjuncts.includes(c.args[0])) return 'unsat';
    }
    return undefined;
  }

  /** Steps 3-6 on one constraint set: cache, model reuse, bounds (synchronous), backend. */
  private solve(constraints: readonly Term[], hint: Model | undefined, timeoutMs?: number): Maybe<Answer> {
    const { key, terms } = canonical(constraints);
    const cached = this.cache.lookup(key, terms);
    if (cached !== undefined) {
      this.counters.bump('cacheHits');
      return { result: cached, source: 'cache' };
    }
    const reusable = this.cache.reusableModel(terms, hint, (m, ts) => this.witnessed.satisfiesAll(m, ts));
    if (reusable !== undefined) {
      const result: SatResult = { status: 'sat', model: completeFor(reusable, this.symbols.symbolsOfAll(terms)) };
      this.cache.remember(key, terms, result);
      return { result, source: 'reuse', terms };
    }
    const decided = decideByBounds(terms, hint, this.prefixes);
    if (decided !== undefined) {
      const result =
        decided.status === 'sat'
          ? {
              status: 'sat' as const,
              model: completeFor(decided.model ?? EMPTY_MODEL, this.symbols.symbolsOfAll(terms)),
            }
          : decided;
      this.cache.remember(key, terms, result);
      return { result, source: 'bounds', terms };
    }
    return this.solveByBackend(constraints, key, terms, timeoutMs);
  }

  private async solveByBackend(
    constraints: readonly Term[],
    key: string,
    terms: readonly Term[],
    timeoutMs?: number,
  ): Promise<Answer> {
    const result = await this.callBackend(constraints, timeoutMs);
    this.cache.remember(key, terms, result);
    return { result, source: 'backend', terms };
  }

  private async callBackend(constraints: readonly Term[], timeoutMs?: number): Promise<SatResult> {
    if (this.timedOutMs >= this.timeoutBudgetMs) {
      this.counters.bump('unknowns');
      return unknown(`the run's budget of ${this.timeoutBudgetMs / 1000} s for queries that time out is spent`);
    }
    this.counters.bump('backendCalls');
    const start = performance.now();
    let result: SatResult;
    try {
      result = decideByEnumeration(constraints) ?? (await this.checkBackend(constraints, timeoutMs));
    } catch (e) {
      result = unknown(`solver error: ${errorMessage(e)}`);
    }
    const spent = performance.now() - start;
    this.counters.addSolverMs(spent);
    if (result.status === 'unknown') {
      this.counters.bump('unknowns');
      if (/timeout|canceled|cancelled/i.test(result.reason)) {
        this.counters.bump('timeouts');
        this.timedOutMs += spent;
      }
      if (result.reason.startsWith('solver error')) this.counters.bump('errors');
    }
    return result;
  }

  /** The backend, unless the query is one that Z3 could not even take in. */
  private checkBackend(constraints: readonly Term[], timeoutMs?: number): Promise<SatResult> {
    const tooBig = blowupReason(constraints);
    return tooBig !== undefined
      ? Promise.resolve(unknown(tooBig))
      : this.backend.check(constraints, { wantModel: true, timeoutMs });
  }

  /** A model of one independent component: the hint if it satisfies it, else the pipeline. */
  private async componentModel(
    component: readonly Term[],
    hint: Model | undefined,
    timeoutMs?: number,
  ): Promise<Answer> {
    const syms = this.symbols.symbolsOfAll(component);
    if (hint !== undefined && satisfiesAll(hint, component)) {
      return { result: { status: 'sat', model: completeFor(hint, syms) }, source: 'reuse' };
    }
    return this.solve(component, hint, timeoutMs);
  }

  /** Extend a slice model with models of the remaining components of pc. Slicing assumes pc
   *  satisfiable, but the engine may assume facts unchecked (a heap produce, docs/design.md B.9): a
   *  component without a model makes the whole conjunction unsat (or unknown), never 'sat'. */
  private complete(
    rest: readonly Term[],
    sliceModel: Model,
    hint: Model | undefined,
    timeoutMs?: number,
  ): Maybe<Answer> {
    const model = new Map(sliceModel);
    if (hint !== undefined && this.witnessed.satisfiesAll(hint, rest)) return this.completeFromHint(rest, model, hint);
    return this.completeByComponents(rest, model, hint, timeoutMs);
  }

  private async completeByComponents(
    rest: readonly Term[],
    model: Map<number, Value>,
    hint: Model | undefined,
    timeoutMs?: number,
  ): Promise<Answer> {
    let source: Source = 'trivial';
    for (const component of components(rest, this.symbols)) {
      const part = await this.componentModel(component, hint, timeoutMs);
      source = combine(source, part.source);
      if (part.result.status !== 'sat') return { result: part.result, source };
      for (const [k, v] of part.result.model ?? EMPTY_MODEL) model.set(k, v);
    }
    return { result: { status: 'sat', model }, source };
  }

  /** `complete` when the hint satisfies every remaining conjunct (the usual case: it is the
   *  parent path's model): the same model and source as component by component, without
   *  grouping the conjuncts or building a model per component. The model takes the hint's
   *  values on every symbol of `rest`, so it satisfies `rest` as the hint does: recorded for
   *  the next query that has it as its hint (witnessed.ts). */
  private completeFromHint(rest: readonly Term[], model: Map<number, Value>, hint: Model): Answer {
    let source: Source = 'trivial';
    for (const c of rest) {
      const syms = this.symbols.symbolsOf(c);
      // Ground conjuncts form no component (components() drops them).
      if (syms.length > 0) source = 'reuse';
      for (const s of syms) model.set(s.id, valueUnder(hint, s));
    }
    this.witnessed.record(model, rest);
    return { result: { status: 'sat', model }, source };
  }

  private answered(answer: Answer): SatResult {
    switch (answer.source) {
      case 'trivial':
        this.counters.bump('avoidedTrivial');
        break;
      case 'cache':
        this.counters.bump('avoidedCache');
        break;
      case 'reuse':
        this.counters.bump('avoidedModelReuse');
        break;
      case 'bounds':
        this.counters.bump('avoidedBounds');
        break;
      case 'backend':
        break;
    }
    return answer.result;
  }
}
