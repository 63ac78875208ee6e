// Concrete evaluation of objects and permissions: field reads and writes on the live heap (or
// the entry heap under `old`), `new`, null dereference as a run-time error, functions
// evaluated by their body, and assertions reduced to what can be checked at run time.
// Permissions are a proof discipline, not a run-time property (docs/design.md A.18): `acc(e.f)` holds
// when e is not null, a predicate instance holds when its body's checkable parts do, `fold`
// checks that its instance holds (statements.ts), `unfold` and `unfolding` do nothing, and
// `untouched(A)` compares A's locations with the heap on entry.

import type { Call, Expr, LValue, Param, VarRef } from '../../lang/ast';
import type { CheckedProgram, Declaration } from '../../lang/checked';
import type { Span } from '../../lang/span';
import type { FailureKind } from '../state/failures';
import type { ExprEval, Scope } from './hosts';
import { Halt } from './frame';
import { ObjectHeap, type InputObjects } from './objects';
import type { ConcreteRef, ConcreteValue } from './values';
import { arrayWith, isArrayValue, isRefValue, NULL_REF, valuesEqual } from './values';

/** What the object runtime needs from the interpreter. */
export interface ObjectHost {
  readonly checked: CheckedProgram;
  readonly evaluator: ExprEval;
  fail(kind: FailureKind, span: Span, detail?: string, formula?: string): never;
  unsupported(message: string): never;
  text(span: Span): string;
}

/** A field location whose receiver and array indices are evaluated (and checked). */
export interface FieldPlace {
  readonly kind: 'fieldPlace';
  readonly ref: ConcreteRef;
  readonly field: string;
  readonly indices: readonly number[];
}

/** Nested function and predicate evaluations beyond this depth stop the run (a cyclic heap, say). */
const MAX_DEPTH = 10_000;

export class ObjectRuntime {
  readonly live: ObjectHeap;
  private depth = 0;

  constructor(
    private readonly host: ObjectHost,
    inputs?: InputObjects,
  ) {
    this.live = ObjectHeap.from(inputs, host.checked.classes);
  }

  /** The heap `old(e)` reads in an activation: a copy of the live one on entry (none without classes). */
  entryHeap(): ObjectHeap | undefined {
    return this.host.checked.classes.size > 0 ? this.live.copy() : undefined;
  }

  /** Values of the expression kinds objects add (the evaluator hands them over). */
  value(e: Expr, scope: Scope): ConcreteValue {
    const ev = this.host.evaluator;
    switch (e.kind) {
      case 'field':
        return this.read(e.object, e.field, e.span, scope);
      case 'length':
        return this.read(e.array, 'length', e.span, scope);
      case 'null':
        return NULL_REF;
      case 'new':
        return this.allocate(e.className);
      case 'acc':
        return this.holds(e.target, scope);
      case 'unfolding':
        return ev.eval(e.body, scope);
      case 'untouched':
        return this.untouched(e.body, scope);
      case 'call':
        return this.call(e, scope);
      default:
        return this.host.unsupported(`cannot evaluate ${e.kind} at line ${e.span.line}`);
    }
  }

  /** Whether the call names a function or a predicate (evaluated here, not by running a procedure). */
  handlesCall(call: Call): boolean {
    return this.host.checked.functions.has(call.callee) || this.host.checked.predicates.has(call.callee);
  }

  ref(e: Expr, scope: Scope, at: Span): ConcreteRef {
    const v = this.host.evaluator.eval(e, scope);
    if (!isRefValue(v)) return this.host.unsupported(`expected an object at line ${e.span.line}`);
    if (v.id === 0) this.host.fail('null-deref', at, `${this.host.text(e.span)} is null`);
    return v;
  }

  // ------------------------------------------------------------ field writes

  /** Whether an assignment target writes into an object (`c.f`, `l.items[i]`, `a[i].f`). */
  static isFieldTarget(target: LValue): boolean {
    let e: Expr = target;
    while (e.kind === 'index') e = e.array;
    return e.kind === 'field';
  }

  /** Evaluates the receiver and the indices of a field target, left to right, before the right-hand side. */
  place(target: Expr, scope: Scope): FieldPlace {
    if (target.kind === 'field') {
      return { kind: 'fieldPlace', ref: this.ref(target.object, scope, target.span), field: target.field, indices: [] };
    }
    if (target.kind !== 'index')
      return this.host.unsupported(`cannot assign to this expression (line ${target.span.line})`);
    const outer = this.place(target.array, scope);
    const ev = this.host.evaluator;
    const arr = ev.array(target.array, scope);
    const i = ev.checkedIndex(arr, ev.num(target.index, scope), target.span);
    return { ...outer, indices: [...outer.indices, i] };
  }

  /** Arrays are values: writing an element of an array field rebuilds the arrays down to it. */
  write(place: FieldPlace, value: ConcreteValue): void {
    const update = (current: ConcreteValue | undefined, depth: number): ConcreteValue => {
      if (depth === place.indices.length) return value;
      if (current === undefined || !isArrayValue(current))
        return this.host.unsupported(`field ${place.field} is not an array`);
      const i = place.indices[depth];
      return arrayWith(current, i, update(current.elems[i], depth + 1));
    };
    this.live.write(place.ref, place.field, update(this.live.read(place.ref, place.field), 0));
  }

  // ----------------------------------------------------------------- private

  private heapOf(scope: Scope): ObjectHeap {
    return scope.heap ?? this.live;
  }

  private read(object: Expr, field: string, at: Span, scope: Scope): ConcreteValue {
    const ref = this.ref(object, scope, at);
    const v = this.heapOf(scope).read(ref, field);
    if (v === undefined) return this.host.unsupported(`object @${ref.id} has no field ${field} (line ${at.line})`);
    return v;
  }

  private allocate(className: string): ConcreteRef {
    const cls = this.host.checked.classes.get(className);
    if (!cls) return this.host.unsupported(`unknown class ${className}`);
    return this.live.allocate(cls);
  }

  /** `acc(e.f)` at run time: e is an object (a permission exists only for an allocated object). */
  private holds(target: Expr, scope: Scope): boolean {
    // `acc(q(ē), p)`: a part of an instance is read as the instance is (its body's checkable part).
    if (target.kind === 'call') return this.call(target, scope) === true;
    const object = target.kind === 'field' ? target.object : target.kind === 'length' ? target.array : undefined;
    if (!object) return this.host.unsupported(`'acc' needs a field access (line ${target.span.line})`);
    const v = this.host.evaluator.eval(object, scope);
    return isRefValue(v) && v.id !== 0;
  }

  /** A function's value is its body's, once its requires hold; a predicate's is its body's checkable part. */
  private call(call: Call, scope: Scope): ConcreteValue {
    const checked = this.host.checked;
    const args = call.args.map((a) => this.host.evaluator.eval(a, scope));
    const fn = checked.functions.get(call.callee);
    if (fn) {
      const inner = this.bind(fn.params, args, scope);
      for (const r of fn.requires) {
        if (!this.nested(() => this.host.evaluator.bool(r, inner))) {
          this.host.fail('precondition', call.span, undefined, this.host.text(r.span));
        }
      }
      const body = fn.body;
      if (!body) return this.host.unsupported(`${fn.name} is abstract (no body): it has no value to run`);
      return this.nested(() => this.host.evaluator.eval(body, inner));
    }
    const pred = checked.predicates.get(call.callee);
    if (!pred) return this.host.unsupported(`no function or predicate named ${call.callee}`);
    return this.nested(() => this.host.evaluator.bool(pred.body, this.bind(pred.params, args, scope)));
  }

  private nested<T>(run: () => T): T {
    if (this.depth >= MAX_DEPTH)
      throw new Halt('outOfFuel', undefined, `functions and predicates nest deeper than ${MAX_DEPTH}`);
    this.depth++;
    try {
      return run();
    } finally {
      this.depth--;
    }
  }

  private bind(params: readonly Param[], args: readonly ConcreteValue[], caller: Scope): Scope {
    const values = new Map<Declaration, ConcreteValue>();
    params.forEach((p, i) => values.set(p, args[i]));
    return new BodyScope(values, caller, this.host.checked);
  }

  /** `untouched(A)`: A holds, and every location A grants has its value from the entry heap. */
  private untouched(a: Expr, scope: Scope): boolean {
    if (!this.host.evaluator.bool(a, scope)) return false;
    const before = scope.old().heap;
    if (!before) return true;
    const now = this.heapOf(scope);
    return this.footprint(a, scope).every(({ ref, field }) => {
      const old = before.read(ref, field);
      const cur = now.read(ref, field);
      return old !== undefined && cur !== undefined && valuesEqual(old, cur);
    });
  }

  /** The field locations assertion `a` grants in `scope`, unfolding predicate instances. */
  private footprint(a: Expr, scope: Scope): { ref: ConcreteRef; field: string }[] {
    const ev = this.host.evaluator;
    switch (a.kind) {
      case 'acc': {
        const t = a.target;
        const object = t.kind === 'field' ? t.object : t.kind === 'length' ? t.array : undefined;
        const v = object && ev.eval(object, scope);
        const field = t.kind === 'field' ? t.field : 'length';
        return v !== undefined && isRefValue(v) && v.id !== 0 ? [{ ref: v, field }] : [];
      }
      case 'binary':
        if (a.op === '&&') return [...this.footprint(a.left, scope), ...this.footprint(a.right, scope)];
        if (a.op === '==>') return ev.bool(a.left, scope) ? this.footprint(a.right, scope) : [];
        return [];
      case 'cond':
        return this.footprint(ev.bool(a.cond, scope) ? a.then : a.otherwise, scope);
      case 'untouched':
        return this.footprint(a.body, scope);
      case 'call': {
        const pred = this.host.checked.predicates.get(a.callee);
        if (!pred) return [];
        const inner = this.bind(
          pred.params,
          a.args.map((x) => ev.eval(x, scope)),
          scope,
        );
        return this.nested(() => this.footprint(pred.body, inner));
      }
      default:
        return [];
    }
  }
}

/** The parameters of a function or predicate body; other names (globals) are the caller's. */
class BodyScope implements Scope {
  constructor(
    private readonly values: ReadonlyMap<Declaration, ConcreteValue>,
    private readonly caller: Scope,
    private readonly checked: CheckedProgram,
  ) {}

  get heap(): ObjectHeap | undefined {
    return this.caller.heap;
  }

  lookup(ref: VarRef): ConcreteValue {
    const decl = this.checked.resolution.get(ref);
    const v = decl && this.values.get(decl);
    return v ?? this.caller.lookup(ref);
  }

  old(): Scope {
    return this;
  }
}
