// CEGAR's spuriousness check for failures after `join φ;`. The merged path knows its values only
// through φ, so a failure there may exist in the abstraction alone (`join x >= k; assert x == k;`
// fails with x@9 = k + 1 although every path reaching the join had x == k). For a failure on a
// path that came through joins, the failure's own condition (the failed state's path condition)
// is asked once more with the summaries pinned to the values of some incoming path
// (record.ts's reachFormula): sat gives a concrete counterexample over the real inputs; unsat
// means no path that reaches the join fails here, and the failure is marked possibly spurious,
// with the fact φ forgot. The verdict stays `failed` either way (docs/language.md, join).
// Only failures of paths that passed a join pay: one query each.

import type { AfterJoin, State } from '../../state/state';
import { conjuncts, pcTerms } from '../../state/pathCondition';
import { freeSymbols, substitute } from '../../terms/symbols';
import { printTerm } from '../../terms/print';
import type { Term } from '../../terms/term';
import type { EngineContext, Successor } from '../context';
import { concreteTrace, reachFormula, recordsOf, summarySubstitution, type JoinRecord } from '../../state/joinRecord';
import { DEFAULT_QUERY_TIMEOUT_MS, type SatResult } from '../../solver/solver';

/** The successors, with every failure that came through a join given its `afterJoin` verdict;
 *  synchronous when none did (nearly every step), so the hot path makes no promise here. */
export function reviewAfterJoin(ctx: EngineContext, successors: Successor[]): Successor[] | Promise<Successor[]> {
  if (!successors.some(needsReview)) return successors;
  return Promise.all(successors.map(async (x) => (needsReview(x) ? review(ctx, x) : x)));
}

function needsReview(x: Successor): boolean {
  return (
    x.state.status === 'failed' &&
    x.state.lastJoin !== undefined &&
    x.state.failure !== undefined &&
    !x.state.failure.afterJoin
  );
}

type Named = AfterJoin['names'][number];

async function review(ctx: EngineContext, x: Successor): Promise<Successor> {
  const s = x.state;
  const records = recordsOf(s.lastJoin).filter((r) => r.names.length > 0);
  const f = s.failure!;
  if (records.length === 0) return x; // only exact joins: nothing was forgotten
  const names: Named[] = records.flatMap((r) =>
    r.names.map((n) => ({ symbol: n.symbol, name: `${n.name} after join line ${r.line}` })),
  );
  const fact = failedFact(ctx, s);
  const lines = linesOf(records, fact);
  const r = await askConcrete(ctx, s);
  let afterJoin: AfterJoin;
  let model = f.model;
  if (r.status === 'sat') {
    afterJoin = { status: 'concrete', lines, names };
    model = r.model ?? model;
  } else if (r.status === 'unsat') {
    afterJoin = { status: 'possibly-spurious', lines, names, ...forgotText(records, fact) };
  } else {
    afterJoin = { status: 'unknown', lines, names, reason: r.reason };
  }
  const failure = { ...f, model, afterJoin };
  // A concrete counterexample shows the lines its run takes before the join, not the first path's.
  const trace = afterJoin.status === 'concrete' && model ? concreteTrace(s.trace, s.lastJoin, model) : undefined;
  return {
    state: { ...s, failure, ...(trace !== undefined ? { trace } : {}) },
    label: x.label.kind === 'failure' ? { kind: 'failure', failure } : x.label,
  };
}

/** A check after many joins gives up sooner than an ordinary query: the failure is then reported as undecided. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * The failed path's condition with the variable summaries replaced by the values the incoming
 * paths give them (record.ts's summarySubstitution) and the chunk summaries pinned by
 * equations; each replaced symbol also keeps its defining equation, for the facts of keyed
 * symbols (function applications) that name it.
 */
function askConcrete(ctx: EngineContext, s: State): Promise<SatResult> {
  const T = ctx.T;
  const map = summarySubstitution(T, s.lastJoin);
  const sub = (t: Term): Term => (map.size === 0 ? t : substitute(T, t, map));
  const pc = pcTerms(s.pc).map(sub);
  const definitions = [...map].map(([id, v]) => T.eq(T.symbolById(id)!, v));
  const query = T.and(sub(reachFormula(T, s.lastJoin!, new Map(), map)), ...definitions);
  const facts = T.keyed.factsFor([...pc, query]);
  const timeoutMs = Math.min(ctx.options.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS, CHECK_TIMEOUT_MS);
  return ctx.solver.checkSat(facts.length > 0 ? [...facts, ...pc] : pc, query, {
    wantModel: true,
    hint: s.model,
    timeoutMs,
  });
}

/** The property that failed, as a term: the negation of the conjunct the failure added ("… fails"). */
function failedFact(ctx: EngineContext, s: State): Term | undefined {
  const last = conjuncts(s.pc).at(-1);
  return last && last.reason === `${s.failure!.message} fails` ? ctx.T.not(last.term) : undefined;
}

function summaryIds(r: JoinRecord): Set<number> {
  return new Set(r.names.map((n) => n.symbol.id));
}

/** The joins whose summaries the failed property reads (all joins with summaries when it reads none), oldest first. */
function linesOf(records: readonly JoinRecord[], fact: Term | undefined): number[] {
  const syms = new Set((fact ? freeSymbols(fact) : []).map((x) => x.id));
  const reading = records.filter((r) => [...summaryIds(r)].some((id) => syms.has(id)));
  return [...new Set((reading.length > 0 ? reading : records).map((r) => r.line))].sort((a, b) => a - b);
}

/** `c.x == k`: the failed property with the summaries named as at the join, when it reads one. */
function forgotText(records: readonly JoinRecord[], fact: Term | undefined): { forgot?: string } {
  if (!fact) return {};
  const all = records.flatMap((r) => r.names);
  const syms = new Set(freeSymbols(fact).map((x) => x.id));
  if (!all.some((n) => syms.has(n.symbol.id))) return {};
  let text = printTerm(fact, { maxLength: 300 });
  // Longest display first, so that `x@9#2` is renamed before `x@9`.
  for (const n of [...all].sort((a, b) => b.symbol.symbol!.display.length - a.symbol.symbol!.display.length)) {
    text = text.replace(new RegExp(`(?<![\\w.@#])${escape(n.symbol.symbol!.display)}(?![\\w@#])`, 'g'), n.name);
  }
  return { forgot: text };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
