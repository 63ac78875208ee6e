// CEGAR's spuriousness check for failures after `join φ;`. The merged path knows its values only
// through φ, so a failure there may exist in the abstraction alone (`join x >= k; assert x == k;`
// fails with x@9 = k + 1 although every path reaching the join had x == k). For a failure on a
// path that came through joins, the failure's own condition (the failed state's path condition)
// is asked once more with the summaries pinned to the values of some incoming path
// (record.ts's reachFormula): sat gives a concrete counterexample over the real inputs; unsat
// means no path that reaches the join fails here, and the failure is marked possibly spurious,
// with the fact φ forgot. The verdict stays `failed` either way (docs/language.md, join).
// Only failures of paths that passed a join pay: one query each.

import type { AfterJoin, State } from '../state';
import { conjuncts } from '../pathCondition';
import { freeSymbols } from '../terms/symbols';
import { printTerm } from '../terms/print';
import type { Term } from '../terms/term';
import type { EngineContext, Successor } from '../step/context';
import { ask } from '../step/checks';
import { concreteTrace, reachFormula, recordsOf, type JoinRecord } from './record';

/** The successors, with every failure that came through a join given its `afterJoin` verdict. */
export async function reviewAfterJoin(ctx: EngineContext, successors: Successor[]): Promise<Successor[]> {
  if (!successors.some(needsReview)) return successors;
  return Promise.all(successors.map(async (x) => (needsReview(x) ? review(ctx, x) : x)));
}

function needsReview(x: Successor): boolean {
  return x.state.status === 'failed' && x.state.lastJoin !== undefined && x.state.failure !== undefined && !x.state.failure.afterJoin;
}

type Named = AfterJoin['names'][number];

async function review(ctx: EngineContext, x: Successor): Promise<Successor> {
  const s = x.state;
  const records = recordsOf(s.lastJoin).filter((r) => r.names.length > 0);
  const f = s.failure!;
  if (records.length === 0) return x; // only exact joins: nothing was forgotten
  const names: Named[] = records.flatMap((r) => r.names.map((n) => ({ symbol: n.symbol, name: `${n.name} after join line ${r.line}` })));
  const fact = failedFact(ctx, s);
  const lines = linesOf(records, fact);
  const r = await ask(ctx, s, reachFormula(ctx.T, s.lastJoin!));
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
  const trace = afterJoin.status === 'concrete' && model ? concreteTrace(s.trace, s.lastJoin, model, ctx.T) : undefined;
  return { state: { ...s, failure, ...(trace !== undefined ? { trace } : {}) }, label: x.label.kind === 'failure' ? { kind: 'failure', failure } : x.label };
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
