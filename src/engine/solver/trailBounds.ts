// Incremental bounds along the path condition as the engine hands it over (issue 21, item 4).
// prefixBounds.ts finds a remembered subset of a query's constraint set, but reaching it costs
// O(n) passes with a large constant per query (flattening, slicing, sorting the set, comparing
// sorted sets), so a 10,000-branch `else if` chain stayed quadratic. Here the unit is the pc
// array itself: the trail is the last pc seen, with what propagation left (prefixBounds.ts's
// PrefixEntry) at the lengths where questions were asked. A question finds the longest common
// prefix of its pc and the trail (one identity comparison per conjunct), steps back to the
// deepest entry inside it, and propagates only the conjuncts after it, then the query. A
// depth-first run asks its child's questions right after its parent's, so each branch costs
// O(its new conjuncts + the open ones), whatever the path's length.
//
// The question is pc ∧ query as a whole (no slicing: slicing only leaves out what cannot
// matter), answered only when sure, exactly as bounds.ts answers: unsat on a propagation
// conflict or by difference logic, sat with a model of every symbol that lies in the
// environment and satisfies the open conjuncts (prefixBounds.ts's header says why that is a
// model of all of them). Anything else goes down the ordinary pipeline.

import type { Term } from '../terms/term';
import { decideEntry, extendEntry } from './bounds';
import type { PrefixBounds, PrefixEntry } from './prefixBounds';
import { flattenConjuncts } from './slicing';
import type { Model, SatResult } from './solver';

/** Path conditions shorter than this take the ordinary pipeline (its passes cost less there). */
export const TRAIL_MIN = 64;
/** Entries kept along the trail: a depth-first run comes back near its last questions. */
const KEEP = 64;

interface Step {
  /** The pc length this entry is for. */
  readonly at: number;
  /** undefined: a conjunct up to here is out of the layer's scope (and so is every extension). */
  readonly entry: PrefixEntry | undefined;
}

const NO_TERMS: readonly Term[] = [];

export class TrailBounds {
  private trail: readonly Term[] = NO_TERMS;
  private steps: Step[] = [];

  constructor(private readonly linears: PrefixBounds['linears']) {}

  /** sat (with a model of every symbol of pc and query) / unsat for pc ∧ query, or undefined when not sure. */
  decide(pc: readonly Term[], query: Term, hint: Model | undefined): SatResult | undefined {
    const base = this.entryFor(pc);
    if (base === undefined) return undefined;
    const entry = extendEntry(base, flattenConjuncts([query]), NO_TERMS, this.linears);
    return entry === undefined ? undefined : decideEntry(entry, hint, this.linears);
  }

  /** What propagation leaves for the whole of pc; the trail becomes pc. */
  private entryFor(pc: readonly Term[]): PrefixEntry | undefined {
    const old = this.trail;
    const n = Math.min(pc.length, old.length);
    let common = 0;
    while (common < n && pc[common] === old[common]) common++;
    while (this.steps.length > 0 && this.steps[this.steps.length - 1].at > common) this.steps.pop();
    this.trail = pc;
    const from = this.steps.length > 0 ? this.steps[this.steps.length - 1] : undefined;
    if (from !== undefined && from.at === pc.length) return from.entry;
    if (from !== undefined && from.entry === undefined) return this.record(pc.length, undefined);
    const fresh = flattenConjuncts(pc.slice(from?.at ?? 0));
    return this.record(pc.length, extendEntry(from?.entry, fresh, NO_TERMS, this.linears));
  }

  private record(at: number, entry: PrefixEntry | undefined): PrefixEntry | undefined {
    this.steps.push({ at, entry });
    if (this.steps.length > KEEP) this.steps.shift();
    return entry;
  }
}
