// Concrete evaluation of Sym expressions. Specification-level operators (`&&`, `||`, `==>`,
// `c ? a : b`) evaluate only the operands they need, so a guard such as
// `i < a.length && a[i] > 0` protects the access exactly as it does in the symbolic engine.

import type { Binary, Call, Expr, Index, Unary } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { FailureKind } from '../state/failures';
import type { ArithOp, CompareOp } from './arith';
import { arith, bitNot, cast, compare, negate } from './arith';
import { IntLimitError } from '../terms/semantics';
import type { ConcreteArray, ConcreteValue } from './values';
import { arrayValue, isArrayValue, valuesEqual } from './values';
import type { ObjectEval, Scope } from './hosts';
import { oldScope } from './oldScope';

/** What evaluation needs from the interpreter: types, calls, and ways to stop the run. */
export interface EvalHost {
  typeOf(e: Expr): Type;
  /** Calls a procedure with evaluated arguments; returns its return values. */
  call(call: Call, args: readonly ConcreteValue[]): readonly ConcreteValue[];
  /** Stops the run with a failure; the failure's message is the source text of `span`. */
  fail(kind: FailureKind, span: Span, detail?: string): never;
  unsupported(message: string): never;
  /** Objects and permissions (heapEval.ts). */
  readonly objects?: ObjectEval;
}

export class Evaluator {
  constructor(private readonly host: EvalHost) {}

  eval(e: Expr, scope: Scope): ConcreteValue {
    switch (e.kind) {
      case 'intLit':
        return e.value;
      case 'boolLit':
        return e.value;
      case 'charLit':
        return BigInt(e.value);
      case 'arrayLit':
        return arrayValue(e.elems.map((x) => this.eval(x, scope)));
      case 'var':
        return scope.lookup(e);
      case 'unary':
        return this.unary(e, scope);
      case 'binary':
        return this.binary(e, scope);
      case 'cond':
        return this.eval(this.bool(e.cond, scope) ? e.then : e.otherwise, scope);
      case 'index':
        return this.index(e, scope);
      case 'length':
        if (this.host.typeOf(e.array).kind === 'ref') return this.objectValue(e, scope);
        return BigInt(this.array(e.array, scope).elems.length);
      case 'call':
        return this.callValue(e, scope);
      case 'old':
        return this.eval(e.expr, oldScope(e, scope, this.host));
      case 'quant':
        return this.host.unsupported(`a quantifier cannot be evaluated concretely (line ${e.span.line})`);
      case 'coll':
        return this.host.unsupported(`sets and sequences are not run concretely (line ${e.span.line})`);
      case 'cast':
        return this.castValue(e.expr, e.type, scope);
      default:
        return this.objectValue(e, scope);
    }
  }

  private objectValue(e: Expr, scope: Scope): ConcreteValue {
    if (this.host.objects) return this.host.objects.value(e, scope);
    return this.host.unsupported(`objects are not supported here (line ${e.span.line})`);
  }

  bool(e: Expr, scope: Scope): boolean {
    return this.asBool(e, this.eval(e, scope));
  }

  num(e: Expr, scope: Scope): bigint {
    return this.asNum(e, this.eval(e, scope));
  }

  private asBool(e: Expr, v: ConcreteValue): boolean {
    if (typeof v !== 'boolean') return this.host.unsupported(`expected a bool at line ${e.span.line}`);
    return v;
  }

  private asNum(e: Expr, v: ConcreteValue): bigint {
    if (typeof v !== 'bigint') return this.host.unsupported(`expected a number at line ${e.span.line}`);
    return v;
  }

  array(e: Expr, scope: Scope): ConcreteArray {
    const v = this.eval(e, scope);
    if (!isArrayValue(v)) return this.host.unsupported(`expected an array at line ${e.span.line}`);
    return v;
  }

  /** Index `i` of `arr` as a number, or an out-of-bounds failure at `at`. */
  checkedIndex(arr: ConcreteArray, i: bigint, at: Span): number {
    if (i < 0n || i >= BigInt(arr.elems.length)) {
      this.host.fail('out-of-bounds', at, `index ${i} is outside [0, ${arr.elems.length})`);
    }
    return Number(i);
  }

  callArgs(call: Call, scope: Scope): ConcreteValue[] {
    return call.args.map((a) => this.eval(a, scope));
  }

  private unary(e: Unary, scope: Scope): ConcreteValue {
    switch (e.op) {
      case '!':
        return !this.bool(e.operand, scope);
      case '-':
        return negate(this.num(e.operand, scope), this.host.typeOf(e));
      case '~':
        return bitNot(this.num(e.operand, scope), this.host.typeOf(e));
    }
  }

  /** The left operands of a chain (`a + b + …`, any length) are evaluated in a loop, not recursively. */
  private binary(top: Binary, scope: Scope): ConcreteValue {
    const spine: Binary[] = [];
    let leaf: Expr = top;
    for (; leaf.kind === 'binary'; leaf = leaf.left) spine.push(leaf);
    let value = this.eval(leaf, scope);
    for (let i = spine.length - 1; i >= 0; i--) value = this.operator(spine[i], value, scope);
    return value;
  }

  /** `e` whose left operand has the value `l`. */
  private operator(e: Binary, l: ConcreteValue, scope: Scope): ConcreteValue {
    switch (e.op) {
      case '&&':
        return this.asBool(e.left, l) && this.bool(e.right, scope);
      case '||':
        return this.asBool(e.left, l) || this.bool(e.right, scope);
      case '==>':
        return !this.asBool(e.left, l) || this.bool(e.right, scope);
      case '==':
        return valuesEqual(l, this.eval(e.right, scope));
      case '!=':
        return !valuesEqual(l, this.eval(e.right, scope));
      case '<':
      case '<=':
      case '>':
      case '>=':
        return compare(e.op as CompareOp, this.asNum(e.left, l), this.num(e.right, scope));
      default:
        return this.arithmetic(e, e.op, this.asNum(e.left, l), scope);
    }
  }

  private arithmetic(e: Binary, op: ArithOp, a: bigint, scope: Scope): bigint {
    const b = this.num(e.right, scope);
    if ((op === '/' || op === '%') && b === 0n) {
      this.host.fail('div-by-zero', e.span, `the divisor is 0`);
    }
    try {
      return arith(op, a, b, this.host.typeOf(e.left));
    } catch (err) {
      if (err instanceof IntLimitError) return this.host.fail('int-too-large', e.span, err.detail);
      throw err;
    }
  }

  private index(e: Index, scope: Scope): ConcreteValue {
    const arr = this.array(e.array, scope);
    const i = this.num(e.index, scope);
    return arr.elems[this.checkedIndex(arr, i, e.span)];
  }

  private callValue(e: Call, scope: Scope): ConcreteValue {
    if (this.host.objects?.handlesCall(e)) return this.host.objects.value(e, scope);
    const results = this.host.call(e, this.callArgs(e, scope));
    if (results.length !== 1) return this.host.unsupported(`${e.callee} does not return exactly one value`);
    return results[0];
  }

  private castValue(inner: Expr, to: Type, scope: Scope): ConcreteValue {
    const from = this.host.typeOf(inner);
    const v = this.eval(inner, scope);
    if (typeof v !== 'bigint') return v; // bool as bool, T[] as T[]: nothing to convert
    return cast(v, from, to);
  }
}
