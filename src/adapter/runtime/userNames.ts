// The names a person reads for the engine's symbols (issue 26, item 6): a havoc or a call's
// result is the symbol `x@16` inside the engine (one per site, so a concrete run can replay
// it), but the debugger shows `x`, and only when two symbols of the path share a name the
// readable `x (line 16)`. An object `new Cell` makes at line 31 (`Cell@31`) is shown by the
// variable that holds it (`c`), else as `new Cell (line 31)`.

import { inputSymbols } from '../../engine/state/state';
import { ALLOCATION } from '../../engine/rules/heap/alias';
import type { Term } from '../../engine/terms/term';
import { freeSymbols, SymbolCache } from '../../engine/terms/symbols';
import { pcTerms } from '../../engine/state/pathCondition';
import { refNames } from './heapView';
import type { StateFrame } from './stateFrame';

/** `x@16`, `x@16#2`, `c.x@22`: the name, the line and the repetition at that site. */
const SITE_NAME = /^(.+)@(\d+)(?:#(\d+))?$/;

/** Shown names by term id for the symbols of the frame's path whose display is internal. */
export function userNames(sf: StateFrame): ReadonlyMap<number, string> {
  const syms = pathSymbols(sf);
  const holders = refNames(sf);
  const out = new Map<number, string>();
  const parsed = syms.map((t) => ({ t, m: SITE_NAME.exec(t.symbol!.display) }));
  const bases = new Map<string, number>();
  for (const { t, m } of parsed) {
    const base = m?.[1] ?? t.symbol!.display;
    bases.set(base, (bases.get(base) ?? 0) + 1);
  }
  for (const { t, m } of parsed) {
    if (!m) continue;
    const at = `line ${m[2]}${m[3] ? `, #${m[3]}` : ''}`;
    out.set(t.id, isAllocation(t) ? allocationName(t, holders, at) : shared(m[1], bases, at));
  }
  return out;
}

/** The path's inputs, and the objects it made (they are no inputs: found in its path condition). */
function pathSymbols(sf: StateFrame): Term[] {
  const out = new Map(inputSymbols(sf.state).map((t) => [t.id, t]));
  const cache = new SymbolCache();
  for (const t of pcTerms(sf.state.pc))
    for (const s of freeSymbols(t, cache)) if (!out.has(s.id) && isAllocation(s)) out.set(s.id, s);
  return [...out.values()];
}

function shared(base: string, bases: ReadonlyMap<string, number>, at: string): string {
  return (bases.get(base) ?? 0) > 1 ? `${base} (${at})` : base;
}

function isAllocation(t: Term): boolean {
  return t.symbol!.origin.startsWith(ALLOCATION);
}

/** The variable that holds the object, else `new Cell (line 31)`. */
function allocationName(t: Term, holders: ReadonlyMap<number, readonly string[]>, at: string): string {
  const held = holders.get(t.id)?.[0];
  if (held) return held;
  const cls = /^new (\S+)/.exec(t.symbol!.origin)?.[1] ?? 'object';
  return `new ${cls} (${at})`;
}

/** A counterexample or model keyed by display name, keyed by shown name instead. */
export function renameKeys<V>(
  entries: Record<string, V>,
  sf: StateFrame,
  names: ReadonlyMap<number, string>,
): Record<string, V> {
  const byDisplay = new Map(inputSymbols(sf.state).map((t) => [t.symbol!.display, names.get(t.id)]));
  return Object.fromEntries(Object.entries(entries).map(([k, v]) => [byDisplay.get(k) ?? k, v]));
}
