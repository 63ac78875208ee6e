// Symbolic states: immutable snapshots of one path at one program point.
// A state is (call stack of frames, globals, path condition, status). Successor states share
// structure with their parent: stores are small copied maps, continuations and path
// conditions are persistent linked lists, so a fork costs O(variables), not O(history).

import type { Expr, Proc, Stmt, While, Call, LValue, Join } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import type { Model } from '../solver/solver';
import type { FailureSite } from './failures';
import type { PathCondition } from './pathCondition';
import type { Obligation } from './obligation';
import type { Heap } from './chunks';
import type { JoinRecord } from './joinRecord';
import type { SymValue } from './values';
import type { TraceEntry } from './trace';

export { isSymArray, type SymArray, type SymValue } from './values';
export { extendTrace, traceLines, type TraceEntry } from './trace';

export type Store = ReadonlyMap<string, SymValue>;

/** What a frame still has to do, innermost first (a persistent list). */
export type Instr =
  | { readonly kind: 'stmt'; readonly stmt: Stmt }
  /** Re-test a loop; `iteration` counts completed iterations (explore mode bounds it). */
  | { readonly kind: 'loop'; readonly loop: While; readonly iteration: number }
  /** Modular mode: after one arbitrary iteration, check the invariant is preserved, then end the path. */
  | { readonly kind: 'loopPreserve'; readonly loop: While; readonly exit: LoopExit }
  /**
   * Checks before the entry's body: the runtime checks of global initialisers, then the
   * `requires` clauses from the first one with runtime checks on (checks, then the clause assumed).
   */
  | {
      readonly kind: 'requires';
      readonly span: Span;
      readonly globals: readonly Obligation[];
      readonly clauses: readonly Expr[];
    }
  /** Leave the procedure: check `ensures`, pop the frame, assign results. */
  | { readonly kind: 'return'; readonly span: Span }
  /** After paths merged at `join φ;` with permissions: produce φ, reusing chunks identical on every path (rules/joinHeap.ts). */
  | { readonly kind: 'joinHeap'; readonly join: Join; readonly reuse: Heap };

/** Modular mode: what a loop's exit needs (rules/loopExit.ts): the heap set aside on entry and what follows the loop. */
export interface LoopExit {
  /** The heap when the invariant was consumed on entry: its chunks are merged back. */
  readonly frame: Heap;
  /** The heap before that consume (undefined: no heap was ever touched). */
  readonly before: Heap | undefined;
  readonly rest: Kont | null;
}

export interface Kont {
  readonly head: Instr;
  readonly tail: Kont | null;
}

export function push(instr: Instr, tail: Kont | null): Kont {
  return { head: instr, tail };
}

export function pushAll(instrs: readonly Instr[], tail: Kont | null): Kont | null {
  let k = tail;
  for (let i = instrs.length - 1; i >= 0; i--) k = { head: instrs[i], tail: k };
  return k;
}

/** Where a frame returns to: the call statement and what receives the results. */
export interface CallSite {
  readonly call: Call;
  readonly span: Span;
  readonly targets: readonly LValue[];
  /** For element targets `a[i][j]`: the indices, evaluated (and bounds-checked) before the call; for a field target `e.f`: [e's value]. */
  readonly indices?: readonly (readonly Term[] | undefined)[];
}

export interface Frame {
  readonly proc: Proc;
  /** Unique per activation: joins wait for the paths of one activation. */
  readonly activation: number;
  readonly store: Store;
  /** The store on entry, for `old(e)`. */
  readonly entry: Store;
  readonly globalsOnEntry: Store;
  readonly kont: Kont | null;
  readonly callSite?: CallSite;
  /** Programs with objects: the heap on entry (for `old(e.f)`), and the caller's heap minus what the call took (the frame R, docs/design.md B.5). */
  readonly entryHeap?: Heap;
  readonly callerHeap?: Heap;
  /** The states recorded by `label l` in this activation, latest visit of each (rules/labels.ts). */
  readonly labels?: ReadonlyMap<string, LabelState>;
}

/** What `label l` records for `old[l](e)`: the heap, the frame's variables and the globals there. */
export interface LabelState {
  readonly heap?: Heap;
  readonly store: Store;
  readonly globals: Store;
}

export type Status =
  | 'running' // can step
  | 'waiting' // at a join, waiting for the other paths of its activation
  | 'done' // ended cleanly
  | 'failed' // a failure leaf: the failing path, with its counterexample
  | 'infeasible' // an assume (or a branch) made the path condition unsatisfiable
  | 'bounded' // loop or recursion bound reached
  | 'unknown'; // the solver could not decide a query on this path

export interface Failure extends FailureSite {
  /** Concrete inputs (symbol display name → value) that drive the path into the failure. */
  readonly model?: Model;
  readonly modelStatus: 'sat' | 'unknown';
  /** A failure on a path that came through a `join φ;`: whether a concrete pre-join path reaches it (rules/join/concreteCheck.ts). */
  readonly afterJoin?: AfterJoin;
}

/**
 * `concrete`: some path that reached the join fails here, and the model is over real inputs;
 * `possibly-spurious`: none does (φ forgot something they knew); `unknown`: the solver could not tell.
 */
export interface AfterJoin {
  readonly status: 'concrete' | 'possibly-spurious' | 'unknown';
  /** The joins whose summaries the failure depends on (lines). */
  readonly lines: readonly number[];
  /** The fact φ forgot, in Sym with the summaries named as at the join (`c.x == k`), when it can be stated. */
  readonly forgot?: string;
  /** The summary symbols of the path with their readable names (`c.x after join line 9`). */
  readonly names: readonly { readonly symbol: Term; readonly name: string }[];
  /** `unknown`: why. */
  readonly reason?: string;
}

/**
 * A havoc site's count: a number on a single path; after a join of paths that fired it a
 * different number of times, the count of each incoming path under its guard (a condition
 * on the inputs), so that the next havoc there reads the input a concrete run would read.
 */
export type HavocCount = number | { readonly guard: Term; readonly then: HavocCount; readonly else: HavocCount };

export interface State {
  /** Call stack, outermost first. */
  readonly frames: readonly Frame[];
  readonly globals: Store;
  readonly pc: PathCondition;
  readonly status: Status;
  /** A model of `pc` (a hint for the solver and the debugger's Model scope). */
  readonly model?: Model;
  /** How often each havoc site `x@L` has fired on this path (for `x@L#2` names). */
  readonly havocCounts: ReadonlyMap<string, HavocCount>;
  /** Why the path ended, for statuses other than running/waiting/done. */
  readonly failure?: Failure;
  /** Why the path ended, in words; on a path just merged at a join, what the join dropped ("dropped at join line 12: acc(c.x)"). */
  readonly note?: string;
  /** Lines executed on this path, most recent last (a persistent list, newest first). */
  readonly trace: TraceEntry | null;
  /** The join a waiting state waits at. */
  readonly waitingAt?: Join;
  /** At a `join φ;` with permissions: the chunks φ takes on this waiting path (rules/heap/joinHeaps.ts). */
  readonly joinTaken?: Heap;
  /** Symbols this path introduced as inputs (parameters, havocs), newest first. */
  readonly inputs: InputEntry | null;
  /** Programs with objects: the field permissions the path holds (absent: none). */
  readonly heap?: Heap;
  /** The last `join` whose summaries this path's values came through (state/joinRecord.ts): what a later failure is checked against. */
  readonly lastJoin?: JoinRecord;
}

/** A symbolic input: `x` (a parameter), `x@9` (a havoc at line 9), `a.length`. */
export interface InputEntry {
  readonly symbol: Term;
  readonly prev: InputEntry | null;
}

export function inputSymbols(s: State): Term[] {
  const out: Term[] = [];
  for (let e = s.inputs; e; e = e.prev) out.push(e.symbol);
  return out.reverse();
}

export function topFrame(s: State): Frame {
  return s.frames[s.frames.length - 1];
}

/** The span of what the state will do next (its location for the debugger). */
export function nextSpan(s: State): Span | undefined {
  const f = s.frames[s.frames.length - 1];
  if (s.waitingAt) return s.waitingAt.span;
  const head = f?.kont?.head;
  if (!head) return undefined;
  switch (head.kind) {
    case 'stmt':
      return head.stmt.span;
    case 'loop':
      return head.loop.span;
    case 'loopPreserve':
      return head.loop.span;
    case 'return':
      return head.span;
    case 'requires':
      return head.span;
    case 'joinHeap':
      return head.join.span;
  }
}

export function isTerminal(status: Status): boolean {
  return status !== 'running' && status !== 'waiting';
}
