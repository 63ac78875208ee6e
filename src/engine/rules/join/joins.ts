// Joining the paths that wait at one join statement of one activation.
// `join;` merges them exactly: the path condition becomes the common prefix ∧ (g1 ∨ … ∨ gn)
// and every variable ite(g1, v1, ite(g2, v2, …)). `join φ;` summarises them: variables that
// differ get fresh symbols and φ is assumed (φ was checked on every incoming path). A variable
// with the same value on every incoming path keeps it: sound, and what a user expects. Both
// keep g1 ∨ … ∨ gn, a condition on the inputs only: the merged path is reached by exactly the
// inputs of the incoming paths, so a failure after the join is not blamed on inputs that fail
// (or stop) before it. After `join φ;` the merged state keeps small: the first path's model
// extended to the fresh symbols (rules/join/summaryModel.ts) and no facts of dead summaries
// (rules/join/prune.ts), so the cost of a query does not grow with the number of joins before it.
// Every summary is also recorded with the incoming paths' values (state/joinRecord.ts), so that a
// failure after the join can be checked against the paths that really reached it.

import type { Join, Proc } from '../../../lang/ast';
import type { Type } from '../../../lang/types';
import { commonPrefix, conjoin, suffixAfter, type PathCondition } from '../../state/pathCondition';
import {
  isSymArray,
  push,
  topFrame,
  type Frame,
  type InputEntry,
  type State,
  type Store,
  type SymValue,
} from '../../state/state';
import { assumedClause, evalClause } from '../checks';
import { iteValue, sameValue } from '../../state/arrays';
import type { Term } from '../../terms/term';
import type { EngineContext } from '../context';
import { envOf, withKont } from '../frames';
import { commonLabels } from '../labels';
import { havoc, mergeCounts } from '../havoc';
import { declaredTypes } from '../modifies';
import { droppedText, joinHeaps } from '../heap/joinHeaps';
import type { FieldChunk } from '../../state/chunks';
import { printTerm } from '../../terms/print';
import { summaryModel } from './summaryModel';
import { pruneDeadSummaries } from './prune';
import { recordJoin, varNames, type Summary } from '../../state/joinRecord';

function mergedInputs(states: readonly State[]): InputEntry | null {
  const seen = new Set<number>();
  const all: Term[] = [];
  for (const s of states) {
    const mine: Term[] = [];
    for (let e = s.inputs; e; e = e.prev) mine.push(e.symbol);
    for (const t of mine.reverse())
      if (!seen.has(t.id)) {
        seen.add(t.id);
        all.push(t);
      }
  }
  let list: InputEntry | null = null;
  for (const t of all) list = { symbol: t, prev: list };
  return list;
}

/** Names bound in every store, each with its values on the incoming paths. */
function commonNames(stores: readonly Store[]): [string, SymValue[]][] {
  const out: [string, SymValue[]][] = [];
  for (const name of stores[0].keys()) {
    const values = stores.map((st) => st.get(name));
    if (values.every((v) => v !== undefined)) out.push([name, values as SymValue[]]);
  }
  return out;
}

export function mergeAtJoin(ctx: EngineContext, states: readonly State[], join: Join): State {
  const first = states[0];
  const resumed: State = {
    ...withKont(first, topFrame(first).kont!.tail),
    status: 'running',
    waitingAt: undefined,
    joinTaken: undefined,
  };
  if (states.length === 1) return resumed;
  const prefix = commonPrefix(states.map((s) => s.pc));
  const guards = states.map((s) => ctx.T.and(...suffixAfter(s.pc, prefix).map((c) => c.term)));
  // Paths that fired no havoc since they forked share one counts map and one inputs list.
  const same = <K extends 'havocCounts' | 'inputs'>(k: K): boolean => states.every((s) => s[k] === first[k]);
  const havocCounts = same('havocCounts')
    ? first.havocCounts
    : mergeCounts(
        states.map((s) => s.havocCounts),
        guards,
      );
  const base: State = { ...resumed, havocCounts, inputs: same('inputs') ? first.inputs : mergedInputs(states) };
  const reached = conjoin(prefix, {
    term: ctx.T.or(...guards),
    span: join.span,
    reason: `paths merged at join (line ${join.span.line})`,
  });
  const forgot: Forgotten = { summaries: [], names: [] };
  const fresh = (c: FieldChunk): Term => {
    const t = ctx.T.symbol(
      (c.value as Term).sort,
      `${printTerm(c.receiver)}.${c.field}@${join.span.line}`,
      `join summary of a field at line ${join.span.line}`,
    );
    forgot.summaries.push({ kind: 'chunk', chunk: { ...c, value: t } });
    forgot.names.push({ symbol: t, name: `${printTerm(c.receiver)}.${c.field}` });
    return t;
  };
  const heap = states.some((s) => s.heap) ? joinHeaps(ctx.T, states, guards, !join.cond, fresh) : undefined;
  // The chunks φ reuses are shown held from the join on; the next step produces φ around them.
  const merged = {
    ...base,
    pc: reached,
    ...(heap ? { heap: [...heap.heap, ...heap.reuse], note: droppedText(heap.dropped, join.span.line) } : {}),
  };
  const recorded = (s: State, always = false): State => ({
    ...s,
    lastJoin: recordJoin(join.span.line, states, guards, forgot.summaries, forgot.names, always),
  });
  if (!join.cond) return recorded(mergeExactly(ctx, states, merged, join, guards));
  // φ with permissions: φ is produced by the next step (rules/joinHeap.ts), which also assumes it.
  if (states.some((s) => s.joinTaken))
    return withKont(
      recorded(summarise(ctx, states, merged, join, prefix, false, forgot), true),
      push({ kind: 'joinHeap', join, reuse: heap?.reuse ?? [] }, topFrame(merged).kont),
    );
  return recorded(summarise(ctx, states, merged, join, prefix, true, forgot));
}

/** What a summary forgot, collected while it is built (state/joinRecord.ts keeps it on the merged path). */
interface Forgotten {
  readonly summaries: Summary[];
  readonly names: { symbol: Term; name: string }[];
}

function mergeExactly(
  ctx: EngineContext,
  states: readonly State[],
  base: State,
  join: Join,
  guards: readonly Term[],
): State {
  const choose = (values: SymValue[]): SymValue => {
    if (values.every((v) => sameValue(v, values[0]))) return values[0];
    return iteChain(ctx, guards, values);
  };
  const store = new Map(commonNames(states.map((s) => topFrame(s).store)).map(([n, vs]) => [n, choose(vs)]));
  const globals = new Map(commonNames(states.map((s) => s.globals)).map(([n, vs]) => [n, choose(vs)]));
  return { ...withTopStore(base, store, globals, commonLabels(states)), model: states[0].model };
}

function iteChain(ctx: EngineContext, guards: readonly Term[], values: readonly SymValue[]): SymValue {
  let out = values[values.length - 1];
  for (let i = values.length - 2; i >= 0; i--) out = iteValue(ctx.T, guards[i], values[i], out);
  return out;
}

/** declaredTypes walks the whole procedure: once per procedure, not once per join (a memo of a
 *  pure function keyed by the immutable AST, so no state is shared between runs). */
const typesMemo = new WeakMap<Proc, Map<string, Type>>();

function typesOf(ctx: EngineContext, proc: Proc): Map<string, Type> {
  let types = typesMemo.get(proc);
  if (!types) {
    types = declaredTypes(ctx.checked, proc);
    typesMemo.set(proc, types);
  }
  return types;
}

function summarise(
  ctx: EngineContext,
  states: readonly State[],
  base: State,
  join: Join,
  prefix: PathCondition,
  assumePhi: boolean,
  forgot: Forgotten,
): State {
  const types = typesOf(ctx, topFrame(base).proc);
  let cur = base;
  const replaced: [SymValue, SymValue][] = [];
  const forgotten: Term[] = [];
  const pick = (name: string, values: SymValue[]): SymValue => {
    if (values.every((v) => sameValue(v, values[0]))) return values[0];
    const fresh = havoc(ctx, cur, name, types.get(name)!, join.span, 'join summary');
    cur = fresh.state;
    replaced.push([fresh.value, values[0]]);
    forgot.summaries.push({ kind: 'var', value: fresh.value, perPath: values });
    forgot.names.push(...varNames(name, fresh.value));
    forgotten.push(...values.flatMap(valueTerms));
    return fresh.value;
  };
  const store = new Map(commonNames(states.map((s) => topFrame(s).store)).map(([n, vs]) => [n, pick(n, vs)]));
  const globals = new Map(commonNames(states.map((s) => s.globals)).map(([n, vs]) => [n, pick(n, vs)]));
  const summary = withTopStore({ ...cur, model: undefined }, store, globals, commonLabels(states));
  if (!assumePhi) return summary;
  // Every incoming path checked φ and its runtime checks, so the summary assumes both.
  const clause = evalClause(join.cond!, envOf(ctx, summary));
  // A read of a chunk the merge dropped has no value to constrain: φ is then not assumed (sound, weaker).
  const assumed = clause.obligations.some((o) => o.kind === 'permission')
    ? summary
    : {
        ...summary,
        pc: conjoin(summary.pc, {
          term: assumedClause(ctx, clause),
          span: join.span,
          reason: `join summary (line ${join.span.line})`,
        }),
      };
  // The first path's model satisfies the common prefix; the rest is checked.
  const added = suffixAfter(assumed.pc, prefix).map((c) => c.term);
  return pruneDeadSummaries({ ...assumed, model: summaryModel(states[0].model, replaced, added) }, forgotten);
}

function valueTerms(v: SymValue): Term[] {
  return isSymArray(v) ? [v.length, v.contents, ...(v.lengths ?? [])] : [v];
}

function withTopStore(s: State, store: Store, globals: Store, labels: Frame['labels']): State {
  const frames = s.frames.slice();
  frames[frames.length - 1] = { ...topFrame(s), store, labels };
  return { ...s, frames, globals };
}
