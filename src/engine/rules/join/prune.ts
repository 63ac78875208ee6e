// Forgetting the summaries a `join φ;` makes dead. After the k-th join φ on a variable, the
// (k-1)-th summary symbol is held by no variable any more, yet its fact φ(s_{k-1}) stayed in
// the path condition: 100 joins left 100 dead facts that every later query sliced, cached and
// completed a model for. Here the facts whose whole independent component mentions only dead
// join-summary symbols are dropped, and those symbols leave the path's inputs.
//
// Why it is exact: such a component shares no symbol with the rest of pc, so pc is
// (rest ∧ component) and ∃dead. pc is rest ∧ ∃dead. component; the component is satisfiable
// (its φ held on an incoming path, with that path's values as witness), so the path condition
// keeps exactly its models on every symbol anything can still read. Even were it not, dropping
// conjuncts only weakens pc: more models, so a failure is never hidden (soundness first).
// Only join-summary symbols are candidates: a concrete run never reads them, so a
// counterexample without them still replays; real inputs (parameters, havocs) always stay.

import { conjoin, conjuncts, EMPTY_PC, type PathCondition } from '../../state/pathCondition';
import { isSymArray, type HavocCount, type InputEntry, type State, type Store } from '../../state/state';
import { components, SymbolIndex } from '../../solver/slicing';
import type { Term } from '../../terms/term';

/** Origins of the symbols that join summaries make (rules/havoc.ts: `${why} of ${name} at line L`). */
const SUMMARY_ORIGIN = /\bjoin summary of /;

export function isSummarySymbol(t: Term): boolean {
  return t.op === 'sym' && SUMMARY_ORIGIN.test(t.symbol?.origin ?? '');
}

/** Symbol ids of the terms added, each term's symbols read through one memo. */
class SymbolSet {
  readonly ids = new Set<number>();

  constructor(private readonly index: SymbolIndex) {}

  add(t: Term): void {
    if (t.op === 'sym')
      this.ids.add(t.id); // the rule for stored values: no walk, no allocation
    else for (const x of this.index.symbolsOf(t)) this.ids.add(x.id);
  }
}

function addStore(out: SymbolSet, store: Store): void {
  for (const v of store.values()) {
    if (isSymArray(v)) {
      out.add(v.length);
      out.add(v.contents);
      v.lengths?.forEach((l) => out.add(l));
    } else out.add(v);
  }
}

function addCount(out: SymbolSet, c: HavocCount): void {
  if (typeof c === 'number') return;
  out.add(c.guard);
  addCount(out, c.then);
  addCount(out, c.else);
}

/**
 * The symbols of every term the state can still read: every frame's store, entry store
 * (`old`), call-site indices and pending `requires` checks, the globals and the havoc-count
 * guards. (Heaps are not walked: states with objects are never pruned.) A place missed here
 * would only make pruning drop facts still in use: a weaker pc, never a hidden failure.
 */
export function liveSymbols(s: State, index = new SymbolIndex()): Set<number> {
  const out = new SymbolSet(index);
  addStore(out, s.globals);
  for (const c of s.havocCounts.values()) addCount(out, c);
  for (const f of s.frames) {
    addStore(out, f.store);
    addStore(out, f.entry);
    addStore(out, f.globalsOnEntry);
    for (const l of f.labels?.values() ?? []) [l.store, l.globals].forEach((st) => addStore(out, st));
    for (const ix of f.callSite?.indices ?? []) ix?.forEach((t) => out.add(t));
    for (let k = f.kont; k; k = k.tail) {
      if (k.head.kind === 'requires') k.head.globals.forEach((o) => out.add(o.cond));
    }
  }
  return out.ids;
}

/** The path condition without the components made only of `dead` symbols (same order otherwise). */
export function withoutDeadComponents(
  pc: PathCondition,
  dead: ReadonlySet<number>,
  index = new SymbolIndex(),
): PathCondition {
  const all = conjuncts(pc);
  const allDead = (t: Term): boolean => index.symbolsOf(t).every((x) => dead.has(x.id));
  if (!all.some((c) => index.symbolsOf(c.term).some((x) => dead.has(x.id)))) return pc;
  // components() leaves out ground conjuncts: they are kept.
  const droppable = new Set(
    components(
      all.map((c) => c.term),
      index,
    )
      .filter((g) => g.every(allDead))
      .flat(),
  );
  let out = EMPTY_PC;
  for (const c of all) if (!droppable.has(c.term)) out = conjoin(out, c);
  return out.size === pc.size ? pc : out;
}

function withoutInputs(inputs: InputEntry | null, dead: ReadonlySet<number>): InputEntry | null {
  const kept: Term[] = [];
  for (let e = inputs; e; e = e.prev) if (!dead.has(e.symbol.id)) kept.push(e.symbol);
  let list: InputEntry | null = null;
  for (const t of kept.reverse()) list = { symbol: t, prev: list };
  return list;
}

/**
 * The merged state with the dead join summaries among `replaced` (the values the join
 * forgot) and their facts dropped. States with objects are left alone: their heaps'
 * summaries are another layer's (rules/heap/joinHeaps.ts).
 */
export function pruneDeadSummaries(s: State, replaced: readonly Term[]): State {
  // (An empty heap holds no summary: a program without objects keeps empty frame heaps.)
  if (s.heap?.length || s.frames.some((f) => f.entryHeap?.length || f.callerHeap?.length)) return s;
  const index = new SymbolIndex();
  const summaries = index.symbolsOfAll(replaced).filter(isSummarySymbol);
  if (summaries.length === 0) return s;
  const live = liveSymbols(s, index);
  const dead = new Set(summaries.filter((t) => !live.has(t.id)).map((t) => t.id));
  if (dead.size === 0) return s;
  const pc = withoutDeadComponents(s.pc, dead, index);
  // A dead summary whose fact stays (it shares a component with a live symbol) stays an input too.
  const kept = new Set(index.symbolsOfAll(conjuncts(pc).map((c) => c.term)).map((t) => t.id));
  const gone = new Set([...dead].filter((x) => !kept.has(x)));
  return gone.size === 0 ? s : { ...s, pc, inputs: withoutInputs(s.inputs, gone) };
}
