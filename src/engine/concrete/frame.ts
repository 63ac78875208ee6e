// The run-time state of the concrete interpreter: a procedure activation's store and its
// pending work, the variables `old(e)` reads, and the signal that stops the run.

import type { Proc, Stmt, VarRef, While } from '../../lang/ast';
import type { Declaration } from '../../lang/checked';
import type { Span } from '../../lang/span';
import type { FailureSite } from '../state/failures';
import type { Scope } from './hosts';
import type { ConcreteValue } from './values';
import type { ObjectHeap } from './objects';

export type Store = Map<Declaration, ConcreteValue>;

/** One procedure activation. Its store maps declarations (not names), so shadowing is harmless. */
export class Frame implements Scope {
  /** The statement being executed: where a callee's failed precondition is reported. */
  current: Span;
  private entry?: Scope;
  /** The states `label l` recorded, latest visit of each (engine/rules/labels.ts is the symbolic rule). */
  private readonly labels = new Map<string, Scope>();

  constructor(
    readonly proc: Proc,
    readonly locals: Store,
    readonly globals: Store,
    private readonly resolve: (ref: VarRef, frame: Frame) => Declaration | undefined,
  ) {
    this.current = proc.span;
  }

  /** Remembers the current store (and the heap, when given) as the one `old(e)` reads. */
  markEntry(heap?: ObjectHeap): void {
    this.entry = new SnapshotScope(new Map(this.locals), new Map(this.globals), this.resolve, this, heap);
  }

  lookup(ref: VarRef): ConcreteValue {
    return readVar(ref, this.resolve(ref, this), this.locals, this.globals);
  }

  old(): Scope {
    return this.entry ?? this;
  }

  /** `label l`: the current store (and heap copy, when given) as the one `old[l](e)` reads. */
  recordLabel(label: string, heap?: ObjectHeap): void {
    this.labels.set(label, new SnapshotScope(new Map(this.locals), new Map(this.globals), this.resolve, this, heap));
  }

  labelled(label: string): Scope | undefined {
    return this.labels.get(label);
  }

  /**
   * The scope of the procedure's `ensures`: a parameter denotes its value on entry (the
   * argument, as in JML), everything else its value now.
   */
  ensuresScope(): Scope {
    const params = new Set<Declaration>(this.proc.params);
    const entry = this.old();
    return {
      lookup: (ref) => {
        const decl = this.resolve(ref, this);
        return (decl !== undefined && params.has(decl) ? entry : this).lookup(ref);
      },
      old: () => entry,
    };
  }

  assign(decl: Declaration, v: ConcreteValue): void {
    if (!this.locals.has(decl) && this.globals.has(decl)) this.globals.set(decl, v);
    else this.locals.set(decl, v);
  }
}

class SnapshotScope implements Scope {
  constructor(
    private readonly locals: ReadonlyMap<Declaration, ConcreteValue>,
    private readonly globals: ReadonlyMap<Declaration, ConcreteValue>,
    private readonly resolve: (ref: VarRef, frame: Frame) => Declaration | undefined,
    private readonly frame: Frame,
    readonly heap?: ObjectHeap,
  ) {}

  /** A variable without a value here (a local declared later) reads its current value. */
  lookup(ref: VarRef): ConcreteValue {
    const decl = this.resolve(ref, this.frame);
    if (decl !== undefined && !this.locals.has(decl) && !this.globals.has(decl)) return this.frame.lookup(ref);
    return readVar(ref, decl, this.locals, this.globals);
  }

  old(): Scope {
    return this;
  }
}

function readVar(
  ref: VarRef,
  decl: Declaration | undefined,
  locals: ReadonlyMap<Declaration, ConcreteValue>,
  globals: ReadonlyMap<Declaration, ConcreteValue>,
): ConcreteValue {
  const v = decl && (locals.get(decl) ?? globals.get(decl));
  if (v === undefined)
    throw new Halt('unsupported', undefined, `variable ${ref.name} has no value at line ${ref.span.line}`);
  return v;
}

/**
 * What is left to do in a procedure body. The interpreter keeps these on explicit stacks
 * instead of recursing in JavaScript, so Sym recursion is bounded by `callDepth`, not by the
 * host's stack.
 */
export type Work =
  | { readonly kind: 'block'; readonly stmts: readonly Stmt[]; next: number }
  /** `tested`: the test ran before, so the next visit follows an iteration of the body. */
  | { readonly kind: 'loop'; readonly stmt: While; tested: boolean };

export interface Activation {
  readonly frame: Frame;
  /** Innermost last; empty when the body is done (or after `return`). */
  readonly work: Work[];
  /** Receives the return values once the postconditions hold. */
  readonly done: (results: readonly ConcreteValue[]) => void;
}

export type HaltStatus = 'failed' | 'assumeFailed' | 'outOfFuel' | 'unsupported';

/** Thrown to stop the whole run. */
export class Halt {
  constructor(
    readonly status: HaltStatus,
    readonly failure?: FailureSite,
    readonly message?: string,
  ) {}
}
