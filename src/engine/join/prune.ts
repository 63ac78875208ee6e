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

import { conjoin, conjuncts, EMPTY_PC, type PathCondition } from '../pathCondition';
import { isSymArray, type HavocCount, type InputEntry, type State, type Store } from '../state';
import type { Term } from '../terms/term';

/** Origins of the symbols that join summaries make (step/havoc.ts: `${why} of ${name} at line L`). */
const SUMMARY_ORIGIN = /\bjoin summary of /;

export function isSummarySymbol(t: Term): boolean {
  return t.op === 'sym' && SUMMARY_ORIGIN.test(t.symbol?.origin ?? '');
}

/** Collects the symbol ids of terms, each distinct term visited once. */
class SymbolCollector {
  readonly symbols = new Set<number>();
  readonly terms: Term[] = [];
  private readonly seen = new Set<number>();

  add(root: Term): void {
    if (root.op === 'sym') { // the rule for stored values: no walk, no allocation
      if (!this.symbols.has(root.id)) { this.symbols.add(root.id); this.terms.push(root); }
      return;
    }
    const stack = [root];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (this.seen.has(t.id)) continue;
      this.seen.add(t.id);
      if (t.op === 'sym') { this.symbols.add(t.id); this.terms.push(t); }
      else for (const a of t.args) stack.push(a);
    }
  }
}

function addStore(out: SymbolCollector, store: Store): void {
  for (const v of store.values()) {
    if (isSymArray(v)) { out.add(v.length); out.add(v.contents); v.lengths?.forEach((l) => out.add(l)); } else out.add(v);
  }
}

function addCount(out: SymbolCollector, c: HavocCount): void {
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
export function liveSymbols(s: State): Set<number> {
  const out = new SymbolCollector();
  addStore(out, s.globals);
  for (const c of s.havocCounts.values()) addCount(out, c);
  for (const f of s.frames) {
    addStore(out, f.store);
    addStore(out, f.entry);
    addStore(out, f.globalsOnEntry);
    for (const ix of f.callSite?.indices ?? []) ix?.forEach((t) => out.add(t));
    for (let k = f.kont; k; k = k.tail) {
      if (k.head.kind === 'requires') k.head.globals.forEach((o) => out.add(o.cond));
    }
  }
  return out.symbols;
}

/** Union-find over symbol ids. */
class Components {
  private readonly parent = new Map<number, number>();

  find(x: number): number {
    let r = x;
    for (let p = this.parent.get(r); p !== undefined && p !== r; p = this.parent.get(r)) r = p;
    this.parent.set(x, r);
    return r;
  }

  union(a: number, b: number): void {
    const ra = this.find(a), rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

function symbolsOf(t: Term): number[] {
  const c = new SymbolCollector();
  c.add(t);
  return [...c.symbols];
}

/** The path condition without the components made only of `dead` symbols (same order otherwise). */
export function withoutDeadComponents(pc: PathCondition, dead: ReadonlySet<number>): PathCondition {
  const all = conjuncts(pc);
  const syms = all.map((c) => symbolsOf(c.term));
  if (!syms.some((ss) => ss.some((x) => dead.has(x)))) return pc;
  const uf = new Components();
  for (const ss of syms) for (let i = 1; i < ss.length; i++) uf.union(ss[0], ss[i]);
  const liveRoots = new Set<number>();
  for (const ss of syms) for (const x of ss) if (!dead.has(x)) liveRoots.add(uf.find(x));
  let out = EMPTY_PC;
  all.forEach((c, i) => {
    const ss = syms[i];
    const droppable = ss.length > 0 && ss.every((x) => dead.has(x)) && !liveRoots.has(uf.find(ss[0]));
    if (!droppable) out = conjoin(out, c);
  });
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
 * summaries are another layer's (heap/joinHeaps.ts).
 */
export function pruneDeadSummaries(s: State, replaced: readonly Term[]): State {
  if (s.heap || s.frames.some((f) => f.entryHeap || f.callerHeap)) return s;
  const candidates = new SymbolCollector();
  for (const t of replaced) candidates.add(t);
  const summaries = candidates.terms.filter(isSummarySymbol);
  if (summaries.length === 0) return s;
  const live = liveSymbols(s);
  const dead = new Set(summaries.filter((t) => !live.has(t.id)).map((t) => t.id));
  if (dead.size === 0) return s;
  const pc = withoutDeadComponents(s.pc, dead);
  // A dead summary whose fact stays (it shares a component with a live symbol) stays an input too.
  const kept = new Set(conjuncts(pc).flatMap((c) => symbolsOf(c.term)));
  const gone = new Set([...dead].filter((x) => !kept.has(x)));
  return gone.size === 0 ? s : { ...s, pc, inputs: withoutInputs(s.inputs, gone) };
}
