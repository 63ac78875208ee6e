// Execution of Sym statements, one step at a time on an activation's work stack. Every
// statement other than a block counts against the fuel and adds its line to the trace; a loop
// head counts once per test. A statement whose right-hand side is a call hands the rest of
// its work (the assignment) to the callee's activation as its continuation.

import type { Assign, Call, CallAssign, Expr, Havoc, LValue, Stmt, VarDecl, VarRef, While } from '../../lang/ast';
import type { Type } from '../../lang/types';
import type { Activation, Frame, Work } from './frame';
import { Halt } from './frame';
import { lvalueRoot } from './havoc';
import type { Declaration } from '../../lang/checked';
import type { Span } from '../../lang/span';
import type { FailureKind } from '../state/failures';
import type { Evaluator } from './eval';
import type { ConcreteValue } from './values';
import { arrayWith, isArrayValue } from './values';
import { ObjectRuntime, type FieldPlace } from './heapEval';

/** What the statements need from the interpreter (interpreter.ts's Machine), named here so that the two do not import each other. */
export interface StatementHost {
  readonly evaluator: Evaluator;
  readonly objects: ObjectRuntime;
  typeOf(e: Expr): Type;
  fail(kind: FailureKind, span: Span, detail?: string, formula?: string): never;
  unsupported(message: string): never;
  invoke(call: Call, args: readonly ConcreteValue[], done: Activation['done']): void;
  branch(span: Span, taken: boolean): void;
  tick(frame: Frame, span: Span): void;
  havoc(variable: string, line: number, type: Type): ConcreteValue;
  declType(d: Declaration): Type;
  resolve(ref: VarRef, frame: Frame): Declaration | undefined;
  text(span: Span): string;
}

/** An array element location whose indices have been evaluated and bounds-checked. */
interface Place {
  readonly root: LValue & { kind: 'var' };
  readonly indices: readonly number[];
}

export class StatementRunner {
  constructor(private readonly m: StatementHost) {}

  /** Does the next piece of `work`, the innermost pending work of `act`. */
  advance(act: Activation, work: Work): void {
    if (work.kind === 'loop') return this.loopStep(act, work);
    if (work.next >= work.stmts.length) {
      act.work.pop();
      return;
    }
    this.stmt(work.stmts[work.next++], act);
  }

  private stmt(s: Stmt, act: Activation): void {
    if (s.kind === 'block') {
      act.work.push({ kind: 'block', stmts: s.stmts, next: 0 });
      return;
    }
    const frame = act.frame;
    this.m.tick(frame, s.span);
    const ev = this.m.evaluator;
    switch (s.kind) {
      case 'varDecl':
        return this.varDecl(s, frame);
      case 'assign':
        return this.assign(s, frame);
      case 'callAssign':
        return this.callAssign(s, frame);
      case 'callStmt':
        return this.m.invoke(s.call, ev.callArgs(s.call, frame), () => undefined);
      case 'if': {
        const taken = ev.bool(s.cond, frame);
        this.m.branch(s.span, taken);
        const branch = taken ? s.then : s.otherwise;
        if (branch) act.work.push({ kind: 'block', stmts: branch.kind === 'block' ? branch.stmts : [branch], next: 0 });
        return;
      }
      case 'while':
        this.checkInvariants(s, frame);
        act.work.push({ kind: 'loop', stmt: s, tested: false });
        return;
      case 'assume':
        if (!ev.bool(s.cond, frame)) {
          throw new Halt(
            'assumeFailed',
            undefined,
            `assumption at line ${s.span.line} does not hold: ${this.m.text(s.cond.span)}`,
          );
        }
        return;
      case 'assert':
        if (!ev.bool(s.cond, frame)) this.m.fail('assert', s.span, undefined, this.m.text(s.cond.span));
        return;
      case 'join':
        if (s.cond && !ev.bool(s.cond, frame)) this.m.fail('join', s.span, undefined, this.m.text(s.cond.span));
        return;
      // Ghost operations, but `fold` states that the instance holds, which a run can check
      // (as the engine does): so a `fold` failure's counterexample replays.
      case 'fold':
        if (!ev.bool(s.pred, frame)) this.m.fail('fold', s.span, undefined, this.m.text(s.pred.span));
        return;
      case 'unfold':
        return;
      case 'label':
        frame.recordLabel(s.name, this.m.objects.entryHeap());
        return;
      case 'quasihavoc':
        return this.m.unsupported(`quasihavoc cannot be run concretely (line ${s.span.line})`);
      // A refute is decided over all the paths (rules/refute.ts); one run changes nothing there.
      case 'refute':
        return;
      // Leaves the innermost loop: its pending blocks and the loop's own work are dropped.
      case 'break': {
        let w = act.work.pop();
        while (w !== undefined && w.kind !== 'loop') w = act.work.pop();
        return;
      }
      case 'return':
        if (s.value) {
          const r = frame.proc.returns[0];
          if (!r) this.m.unsupported(`${frame.proc.name} has no return value (line ${s.span.line})`);
          frame.assign(r, ev.eval(s.value, frame));
        }
        act.work.length = 0;
        return;
    }
  }

  /** Invariants are checked on entry and after every iteration, as the modular rule states them. */
  private loopStep(act: Activation, work: Work & { kind: 'loop' }): void {
    const frame = act.frame;
    if (work.tested) {
      this.checkInvariants(work.stmt, frame);
      this.m.tick(frame, work.stmt.span);
    }
    work.tested = true;
    const taken = this.m.evaluator.bool(work.stmt.cond, frame);
    this.m.branch(work.stmt.span, taken);
    if (taken) act.work.push({ kind: 'block', stmts: work.stmt.body.stmts, next: 0 });
    else act.work.pop();
  }

  private checkInvariants(s: While, frame: Frame): void {
    for (const inv of s.invariants) {
      if (!this.m.evaluator.bool(inv, frame)) this.m.fail('invariant', inv.span);
    }
  }

  private varDecl(s: VarDecl, frame: Frame): void {
    this.produce(
      s.init,
      frame,
      s.name,
      s.span.line,
      () => this.m.declType(s),
      (v) => frame.locals.set(s, v),
    );
  }

  /** The indices of the target are evaluated (and bounds-checked) before the right-hand side. */
  private assign(s: Assign, frame: Frame): void {
    const place = this.place(s.target, frame);
    const type = () => this.m.typeOf(s.target);
    this.produce(s.value, frame, lvalueRoot(s.target), s.span.line, type, (v) => this.write(place, v, frame));
  }

  /** Left to right, as `a[i] := p()`: the targets' indices, then the call, then the stores. */
  private callAssign(s: CallAssign, frame: Frame): void {
    const places = s.targets.map((t) => this.place(t, frame));
    this.m.invoke(s.call, this.m.evaluator.callArgs(s.call, frame), (results) => {
      places.forEach((p, i) => this.write(p, results[i], frame));
    });
  }

  /**
   * Delivers the value of an initializer or right-hand side to `use`: a havoc (or no
   * initializer) reads the input `variable@line`; a call delivers when the callee returns.
   */
  private produce(
    init: Expr | Havoc | undefined,
    frame: Frame,
    variable: string,
    line: number,
    type: () => Type,
    use: (v: ConcreteValue) => void,
  ): void {
    if (init === undefined || init.kind === 'havoc') return use(this.m.havoc(variable, line, type()));
    if (init.kind === 'call' && !this.m.objects.handlesCall(init)) return this.invokeForOne(init, frame, use);
    use(this.m.evaluator.eval(init, frame));
  }

  private invokeForOne(call: Call, frame: Frame, use: (v: ConcreteValue) => void): void {
    this.m.invoke(call, this.m.evaluator.callArgs(call, frame), (results) => {
      if (results.length !== 1) this.m.unsupported(`${call.callee} does not return exactly one value`);
      use(results[0]);
    });
  }

  /** Evaluates the indices of an lvalue left to right, checking each against its array. */
  private place(target: LValue, frame: Frame): Place | FieldPlace {
    if (target.kind === 'field' || ObjectRuntime.isFieldTarget(target)) return this.m.objects.place(target, frame);
    if (target.kind === 'var') return { root: target, indices: [] };
    const base = target.array;
    if (base.kind !== 'var' && base.kind !== 'index') {
      return this.m.unsupported(`cannot assign to an element of this expression (line ${target.span.line})`);
    }
    const outer = this.place(base, frame) as Place;
    const arr = this.m.evaluator.array(base, frame);
    const i = this.m.evaluator.num(target.index, frame);
    return { root: outer.root, indices: [...outer.indices, this.m.evaluator.checkedIndex(arr, i, target.span)] };
  }

  /** Arrays are values: writing an element rebuilds the path of arrays down to it. */
  private write(place: Place | FieldPlace, value: ConcreteValue, frame: Frame): void {
    if ('kind' in place) return this.m.objects.write(place, value);
    const decl = this.m.resolve(place.root, frame);
    if (!decl) return this.m.unsupported(`unknown variable ${place.root.name}`);
    const update = (current: ConcreteValue, depth: number): ConcreteValue => {
      if (depth === place.indices.length) return value;
      if (!isArrayValue(current)) return this.m.unsupported(`${place.root.name} is not an array`);
      const i = place.indices[depth];
      return arrayWith(current, i, update(current.elems[i], depth + 1));
    };
    frame.assign(decl, place.indices.length === 0 ? value : update(frame.lookup(place.root), 0));
  }
}
