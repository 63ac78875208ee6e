// The concrete interpreter of Sym: runs a procedure on concrete inputs with exactly the
// semantics of docs/design.md S.4. It replays the counterexamples the symbolic engine finds and is the
// reference side of the symbolic-vs-concrete property tests, so it favours plainness over speed.

import type { Call, Proc, VarRef } from '../../lang/ast';
import type { CheckedProgram, Declaration } from '../../lang/checked';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { FailureKind, FailureSite } from '../state/failures';
import type { EvalHost } from './eval';
import { Evaluator } from './eval';
import { Frame, Halt } from './frame';
import type { Activation, Store } from './frame';
import { havocInputName } from './havoc';
import type { Inputs } from './inputs';
import { sourceText } from './snippet';
import { StatementRunner } from './statements';
import { ObjectRuntime } from './heapEval';
import type { HeapSnapshot, InputObjects } from './objects';
import type { ConcreteValue } from './values';
import { defaultValue } from './values';

export interface ConcreteOptions {
  /** Maximum number of executed statements (default 1e6). */
  readonly fuel?: number;
  /** Maximum call depth (default 1000). */
  readonly callDepth?: number;
  /** The objects the input file gives (references in `inputs` point to them). */
  readonly objects?: InputObjects;
}

export interface ConcreteResult {
  readonly status: 'ok' | 'failed' | 'assumeFailed' | 'outOfFuel' | 'unsupported';
  readonly failure?: FailureSite;
  readonly message?: string;
  /** Final locals of the entry procedure, including parameters and returns (at its end or at the failure). */
  readonly store: ReadonlyMap<string, ConcreteValue>;
  readonly globals: ReadonlyMap<string, ConcreteValue>;
  /** The line of every executed statement, in order. */
  readonly trace: number[];
  /** The branch sides the run took, as coverage.ts keys them (`line:col:then|else`). */
  readonly sides: readonly string[];
  /** The objects at the end of the run (or at the failure); empty for programs without classes. */
  readonly heap: HeapSnapshot;
}

export function runConcrete(
  checked: CheckedProgram,
  entry: Proc,
  inputs: Inputs,
  opts: ConcreteOptions = {},
): ConcreteResult {
  return new Machine(checked, inputs, opts.fuel ?? 1e6, opts.callDepth ?? 1000, opts.objects).run(entry);
}

/** One run: owns the global store, the havoc counters, the trace and the fuel. */
export class Machine implements EvalHost {
  readonly evaluator = new Evaluator(this);
  readonly trace: number[] = [];
  private readonly sides = new Set<string>();
  private readonly globals: Store = new Map();
  private readonly havocCounts = new Map<string, number>();
  private readonly statements = new StatementRunner(this);
  private readonly stack: Activation[] = [];
  private entryFrame?: Frame;
  readonly objects: ObjectRuntime;

  constructor(
    readonly checked: CheckedProgram,
    private readonly inputs: Inputs,
    private readonly fuel: number,
    private readonly maxDepth: number,
    inputObjects?: InputObjects,
  ) {
    this.objects = new ObjectRuntime(this, inputObjects);
  }

  run(entry: Proc): ConcreteResult {
    try {
      this.initGlobals(entry);
      const args = entry.params.map((p) => this.inputs.get(p.name) ?? defaultValue(this.declType(p)));
      const frame = this.enter(entry, args, () => undefined);
      this.entryFrame = frame;
      for (const r of entry.requires) {
        if (!this.evaluator.bool(r, frame)) {
          throw new Halt('assumeFailed', undefined, `the inputs do not satisfy requires ${this.text(r.span)}`);
        }
      }
      this.runUntil(0);
      return this.result('ok');
    } catch (e) {
      if (e instanceof Halt) return this.result(e.status, e.failure, e.message);
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        return this.result('outOfFuel', undefined, 'the recursion is too deep for the interpreter');
      }
      if (e instanceof Error) return this.result('unsupported', undefined, e.message);
      throw e;
    }
  }

  // ------------------------------------------------------------------ EvalHost

  typeOf(e: Parameters<EvalHost['typeOf']>[0]): Type {
    const t = this.checked.exprTypes.get(e);
    if (!t) throw new Halt('unsupported', undefined, `no type for the expression at line ${e.span.line}`);
    return t;
  }

  /** A call inside an expression: runs the callee to completion before evaluation goes on. */
  call(call: Call, args: readonly ConcreteValue[]): readonly ConcreteValue[] {
    let results: readonly ConcreteValue[] = [];
    const depth = this.stack.length;
    this.invoke(call, args, (r) => {
      results = r;
    });
    this.runUntil(depth);
    return results;
  }

  fail(kind: FailureKind, span: Span, detail?: string, formula?: string): never {
    throw new Halt('failed', { kind, span, message: formula ?? this.text(span) }, detail);
  }

  unsupported(message: string): never {
    throw new Halt('unsupported', undefined, message);
  }

  // ---------------------------------------------------------- for statements

  /**
   * Starts a call: a new activation whose return values go to `done` once its body has run
   * and its postconditions hold. A failed precondition is reported at the calling statement.
   */
  invoke(call: Call, args: readonly ConcreteValue[], done: Activation['done']): void {
    const proc = this.checked.procs.get(call.callee);
    if (!proc) return this.unsupported(`no procedure named ${call.callee}`);
    const caller = this.top().frame;
    if (this.stack.length >= this.maxDepth) {
      throw new Halt('outOfFuel', undefined, `call depth exceeds ${this.maxDepth} at line ${call.span.line}`);
    }
    const frame = this.enter(proc, args, done);
    for (const r of proc.requires) {
      if (!this.evaluator.bool(r, frame)) this.fail('precondition', caller.current, undefined, this.text(r.span));
    }
  }

  /** Records the side an `if` or `while` test at `span` took (for `symdap run --coverage`). */
  branch(span: Span, taken: boolean): void {
    this.sides.add(`${span.line}:${span.col}:${taken ? 'then' : 'else'}`);
  }

  /** Counts one executed statement at `span`, or stops the run when the fuel is spent. */
  tick(frame: Frame, span: Span): void {
    if (this.trace.length >= this.fuel) {
      throw new Halt('outOfFuel', undefined, `stopped after ${this.fuel} statements`);
    }
    frame.current = span;
    this.trace.push(span.line);
  }

  /** The value of a havoc of `variable` at `line`: the input `x@L` (`x@L#n` on the n-th execution). */
  havoc(variable: string, line: number, type: Type): ConcreteValue {
    const key = `${variable}@${line}`;
    const n = (this.havocCounts.get(key) ?? 0) + 1;
    this.havocCounts.set(key, n);
    return this.inputs.get(havocInputName(variable, line, n)) ?? defaultValue(type);
  }

  declType(d: Declaration): Type {
    const t = this.checked.declTypes.get(d) ?? d.type;
    if (!t) throw new Halt('unsupported', undefined, `no type for ${d.name}`);
    return t;
  }

  resolve(ref: VarRef, frame: Frame): Declaration | undefined {
    const known = this.checked.resolution.get(ref);
    if (known) return known;
    // Without the checker's answer, the innermost declaration of that name wins.
    const byName = (store: Store) => [...store.keys()].reverse().find((d) => d.name === ref.name);
    return byName(frame.locals) ?? byName(this.globals);
  }

  text(span: Span): string {
    return sourceText(this.checked.source, span);
  }

  // ----------------------------------------------------------------- private

  /** Global initialisers run before the entry, in a frame of their own (they may call procedures). */
  private initGlobals(entry: Proc): void {
    const frame = new Frame(entry, new Map(), this.globals, (ref, f) => this.resolve(ref, f));
    this.stack.push({ frame, work: [], done: () => undefined });
    for (const g of this.checked.globals) {
      frame.current = g.span;
      const value =
        g.init === undefined || g.init.kind === 'havoc'
          ? (this.inputs.get(g.name) ?? defaultValue(this.declType(g)))
          : this.evaluator.eval(g.init, frame);
      this.globals.set(g, value);
    }
    this.stack.pop();
  }

  /** Pushes an activation with `args` bound to the parameters and the returns at their defaults. */
  private enter(proc: Proc, args: readonly ConcreteValue[], done: Activation['done']): Frame {
    const locals: Store = new Map();
    proc.params.forEach((p, i) => locals.set(p, args[i] ?? defaultValue(this.declType(p))));
    for (const r of proc.returns) locals.set(r, defaultValue(this.declType(r)));
    const frame = new Frame(proc, locals, this.globals, (ref, f) => this.resolve(ref, f));
    frame.markEntry(this.objects.entryHeap());
    this.stack.push({ frame, work: [{ kind: 'block', stmts: proc.body.stmts, next: 0 }], done });
    return frame;
  }

  /** Steps until only `depth` activations are left. */
  private runUntil(depth: number): void {
    while (this.stack.length > depth) {
      const act = this.top();
      const work = act.work[act.work.length - 1];
      if (work) this.statements.advance(act, work);
      else this.leave(act);
    }
  }

  /** The body is done: check the postconditions, pop, and hand the return values back. */
  private leave(act: Activation): void {
    const { frame } = act;
    const scope = frame.ensuresScope();
    for (const ens of frame.proc.ensures) {
      if (!this.evaluator.bool(ens, scope)) this.fail('postcondition', ens.span);
    }
    this.stack.pop();
    act.done(frame.proc.returns.map((r) => frame.locals.get(r) ?? defaultValue(this.declType(r))));
  }

  private top(): Activation {
    const act = this.stack[this.stack.length - 1];
    if (!act) throw new Halt('unsupported', undefined, 'a call outside any procedure');
    return act;
  }

  private result(status: ConcreteResult['status'], failure?: FailureSite, message?: string): ConcreteResult {
    const store = new Map<string, ConcreteValue>();
    for (const [d, v] of this.entryFrame?.locals ?? []) store.set(d.name, v);
    const globals = new Map<string, ConcreteValue>();
    for (const [d, v] of this.globals) globals.set(d.name, v);
    return {
      status,
      failure,
      message,
      store,
      globals,
      trace: this.trace,
      sides: [...this.sides],
      heap: this.objects.live.snapshot(),
    };
  }
}
