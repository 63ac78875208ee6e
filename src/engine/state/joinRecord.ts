// What a `join φ;` forgot, kept on the merged path as plain data: the summary values it made
// (a variable's fresh symbol with each incoming path's value; a chunk produced or kept with a
// fresh value) and the incoming paths themselves (guard, heap on arrival, their own earlier
// joins). A later failure on the path asks, with reachFormula, whether a concrete pre-join
// path reaches it (rules/join/concreteCheck.ts): only joins and failures pay for this, never a step.

import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { isSymArray, type SymValue } from './values';
import { extendTrace, traceLines, type TraceEntry } from './trace';
import type { Model } from '../solver/solver';
import { evaluateUnder } from '../solver/modeleval';
import { substitute } from '../terms/symbols';
import type { Chunk, Heap } from './chunks';
import { EMPTY_HEAP } from './chunks';

/** A value the join made up: a variable's (with each incoming path's value, in path order) or a chunk's. */
export type Summary =
  | { readonly kind: 'var'; readonly value: SymValue; readonly perPath: readonly SymValue[] }
  | { readonly kind: 'chunk'; readonly chunk: Chunk };

export interface IncomingPath {
  /** The path's own conditions since the paths' common prefix. */
  readonly guard: Term;
  /** Its heap on arrival (what φ took included). */
  readonly heap: Heap;
  /** The join its values came through before this one, if any. */
  readonly before?: JoinRecord;
  /** The lines it executed (a concrete counterexample shows the path it really takes). */
  readonly trace: TraceEntry | null;
}

export interface JoinRecord {
  readonly line: number;
  readonly summaries: readonly Summary[];
  /** Readable names of the summaries' symbols (`c.x`, `a.length`), for messages and counterexamples. */
  readonly names: readonly { readonly symbol: Term; readonly name: string }[];
  readonly paths: readonly IncomingPath[];
  /** The length of the merged path's trace at the join (it continues the first path's). */
  readonly traceLength: number;
}

/** What the record keeps of an arriving path (a State; named by its fields so that the state model's files import each other one way). */
interface Arriving {
  readonly lastJoin?: JoinRecord;
  readonly heap?: Heap;
  readonly trace: TraceEntry | null;
}

/**
 * The record of a merge; undefined when it forgot nothing and no incoming path passed an earlier
 * join, unless `always` (φ's chunks, produced by the next step, may still be summaries).
 */
export function recordJoin(
  line: number,
  states: readonly Arriving[],
  guards: readonly Term[],
  summaries: readonly Summary[],
  names: JoinRecord['names'],
  always = false,
): JoinRecord | undefined {
  if (!always && summaries.length === 0 && states.every((s) => !s.lastJoin)) return undefined;
  const paths = states.map((s, i) => ({
    guard: guards[i],
    heap: s.heap ?? EMPTY_HEAP,
    trace: s.trace,
    ...(s.lastJoin ? { before: s.lastJoin } : {}),
  }));
  return { line, summaries, names, paths, traceLength: states[0].trace?.length ?? 0 };
}

/** `rec` with more summaries (φ's chunks, produced after the merge). */
export function withSummaries(rec: JoinRecord, more: readonly Summary[], names: JoinRecord['names']): JoinRecord {
  return more.length === 0 ? rec : { ...rec, summaries: [...rec.summaries, ...more], names: [...rec.names, ...names] };
}

/** The readable names of a variable summary's symbols: `x`, or `a` and `a.length` for an array. */
export function varNames(name: string, value: SymValue): JoinRecord['names'] {
  if (!isSymArray(value)) return value.op === 'sym' ? [{ symbol: value, name }] : [];
  const out = [
    { symbol: value.contents, name },
    { symbol: value.length, name: `${name}.length` },
  ];
  (value.lengths ?? []).forEach((l, k) => out.push({ symbol: l, name: `${name}${'[*]'.repeat(k + 1)}.length` }));
  return out.filter((n) => n.symbol.op === 'sym');
}

function eqValue(T: TermStore, a: SymValue, b: SymValue): Term {
  if (!isSymArray(a) || !isSymArray(b)) return isSymArray(a) || isSymArray(b) ? T.bool(true) : T.eq(a, b);
  const inner = (a.lengths ?? []).map((l, k) => (b.lengths?.[k] ? T.eq(l, b.lengths[k]) : T.bool(true)));
  return T.and(T.eq(a.length, b.length), T.eq(a.contents, b.contents), ...inner);
}

/** Same location (receiver and field, or predicate and arguments) ⇒ same value, for a summary chunk and a path's chunk. */
function sameChunkValue(T: TermStore, s: Chunk, x: Chunk): Term | undefined {
  if (s.kind === 'field' && x.kind === 'field') {
    return s.field === x.field ? T.implies(T.eq(s.receiver, x.receiver), eqValue(T, s.value, x.value)) : undefined;
  }
  if (s.kind !== 'pred' || x.kind !== 'pred' || s.name !== x.name || s.args.length !== x.args.length) return undefined;
  const same = T.and(...s.args.map((a, i) => T.eq(a, x.args[i])));
  const values: Term[] = [];
  if (s.snapshot && x.snapshot && s.snapshot.sort === x.snapshot.sort) values.push(T.eq(s.snapshot, x.snapshot));
  const [fs, fx] = [s.fragment ?? EMPTY_HEAP, x.fragment ?? EMPTY_HEAP];
  if (fs.length === fx.length)
    fs.forEach((c, i) => {
      const v = sameChunkValue(T, c, fx[i]);
      if (v) values.push(v);
    });
  return values.length > 0 ? T.implies(same, T.and(...values)) : undefined;
}

/**
 * The condition under which the summaries hold the values of a concrete path that reached the
 * join: one incoming path's guard, each variable summary equal to that path's value, each
 * summary chunk equal to the path's chunk at the same location, and the same for the joins
 * that path came through (memoised: merged paths share their earlier records).
 */
export function reachFormula(
  T: TermStore,
  rec: JoinRecord,
  memo = new Map<JoinRecord, Term>(),
  replaced?: ReadonlyMap<number, Term>,
): Term {
  const known = memo.get(rec);
  if (known) return known;
  const pinned = rec.paths.map((p, i) => {
    const parts: Term[] = [p.guard];
    for (const s of rec.summaries) {
      if (s.kind === 'var') {
        if (!replacedValue(s.value, replaced)) parts.push(eqValue(T, s.value, s.perPath[i]));
        continue;
      }
      for (const x of p.heap) {
        const v = sameChunkValue(T, s.chunk, x);
        if (v) parts.push(v);
      }
    }
    return T.and(...parts);
  });
  // Paths that came through the same earlier join share its formula: it is factored out
  // (B ∧ p1) ∨ (B ∧ p2) = B ∧ (p1 ∨ p2), so n joins in a row give n conjuncts, not a formula
  // whose case split the solver would have to undo (measured: 50 joins took seconds).
  const groups = new Map<JoinRecord | undefined, Term[]>();
  rec.paths.forEach((p, i) => {
    const g = groups.get(p.before);
    if (g) g.push(pinned[i]);
    else groups.set(p.before, [pinned[i]]);
  });
  const out = T.or(
    ...[...groups].map(([before, ps]) =>
      T.and(...(before ? [reachFormula(T, before, memo, replaced)] : []), T.or(...ps)),
    ),
  );
  memo.set(rec, out);
  return out;
}

function valueSymbols(v: SymValue): Term[] {
  return isSymArray(v) ? [v.length, v.contents, ...(v.lengths ?? [])] : [v];
}

function replacedValue(v: SymValue, replaced: ReadonlyMap<number, Term> | undefined): boolean {
  return replaced !== undefined && valueSymbols(v).every((t) => replaced.has(t.id));
}

/**
 * Each variable summary's symbol mapped to the value the incoming paths give it,
 * `ite(g1, v1, ite(g2, v2, …))` (the guards exclude each other and one holds on the merged
 * path), with the summaries of earlier joins in v and g replaced the same way, oldest first.
 * Replacing them (rather than stating equations) lets the term store's simplifier flatten a
 * counter over n joins into one sum, which the solver bounds at once; chained equations made
 * it split cases (200 joins: a timeout). Chunk summaries stay equations (reachFormula).
 */
export function summarySubstitution(T: TermStore, rec: JoinRecord | undefined): Map<number, Term> {
  const map = new Map<number, Term>();
  const done = new Set<JoinRecord>();
  const build = (r: JoinRecord | undefined): void => {
    if (!r || done.has(r)) return;
    done.add(r);
    r.paths.forEach((p) => build(p.before));
    const guards = r.paths.map((p) => substitute(T, p.guard, map));
    for (const sm of r.summaries) {
      if (sm.kind !== 'var') continue;
      const fresh = valueSymbols(sm.value);
      if (!fresh.every((t) => t.op === 'sym')) continue; // a merged havoc count: kept as an equation
      const per = sm.perPath.map(valueSymbols);
      if (!per.every((vs) => vs.length === fresh.length)) continue;
      fresh.forEach((f, k) => {
        let v = substitute(T, per[per.length - 1][k], map);
        for (let i = per.length - 2; i >= 0; i--) v = T.ite(guards[i], substitute(T, per[i][k], map), v);
        map.set(f.id, v);
      });
    }
  };
  build(rec);
  return map;
}

/** Every record the path's values came through, newest first (each once). */
export function recordsOf(rec: JoinRecord | undefined): JoinRecord[] {
  const out: JoinRecord[] = [];
  const seen = new Set<JoinRecord>();
  const walk = (r: JoinRecord | undefined): void => {
    if (!r || seen.has(r)) return;
    seen.add(r);
    out.push(r);
    r.paths.forEach((p) => walk(p.before));
  };
  walk(rec);
  return out;
}

/**
 * The lines a concrete run under `model` executes for a path whose trace is `trace` and whose
 * last join is `rec`: the incoming path the model takes (its guard and earlier joins hold),
 * then the lines after the join. Undefined when the model picks no path (a partial model).
 */
export function concreteTrace(
  trace: TraceEntry | null,
  rec: JoinRecord | undefined,
  model: Model,
): TraceEntry | null | undefined {
  if (!rec) return trace;
  // The guards are the paths' conditions after their common prefix: they exclude each other.
  const taken = rec.paths.find((p) => evaluateUnder(model, p.guard) === true);
  if (!taken) return undefined;
  const base = concreteTrace(taken.trace, taken.before, model);
  if (base === undefined) return undefined;
  const after = traceLines(trace).slice(rec.traceLength);
  return after.reduce<TraceEntry | null>((t, line) => extendTrace(t, line), base);
}
