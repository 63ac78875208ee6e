// Symbolic evaluation of Sym expressions to terms. Runtime checks (division by zero, index
// out of bounds) are not decided here: they are returned as obligations, each guarded by the
// condition under which the operation is really evaluated (short-circuit `&&`, `||`, `==>`
// and `?:`), for the stepper to check against the path condition, in code and in every
// specification clause alike.

import { isQuantifiedField } from './quantifiedPerms';
import { readQuantified } from './readQuantified';
import type { Expr, Binary, Quant, FieldRead, Unfolding } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { printExpr } from '../../lang/printer';
import type { Obligation, HealInfo } from '../state/obligation';
import type { TermStore } from '../terms/store';
import { binaryTerm } from '../terms/operators';
import { isConst, type Sort, type Term } from '../terms/term';
import { MAX_INT_BITS } from '../terms/semantics';
import { sortOfType } from '../state/sorts';
import { arrayOf, elementOf, iteValue } from '../state/arrays';
import { isSymArray, type SymArray, type SymValue } from '../state/state';
import { heapUnsupported } from './heap/heapGuard';
import type { Heap } from '../state/chunks';
import type { Amount } from '../state/amounts';
import { readField } from './heap/access';
import { REF_SORT, isTrue } from '../terms/term';
import { unfoldingValue } from './evalUnfolding';
import { EvalError, notHeldToRead, type EvalCore, type EvalEnv, type Site } from './evalEnv';
import { functionCall } from './evalCalls';
import { assertingValue } from './evalAsserting';
import { oldValue } from './labels';
import { collValue } from './evalColl';
import { forpermTerm } from './forperm';
import { PERM_NAMES } from '../../lang/checkPermAmount';
import { realLit } from '../terms/reals';
import { ONE, ZERO } from '../../lang/rational';

export type { Obligation, HealInfo } from '../state/obligation';
export { EvalError, notHeldToRead, type EvalEnv } from './evalEnv';

/** Evaluates `e`; obligations met on the way are appended to `out`. */
export function evalExpr(e: Expr, env: EvalEnv, out: Obligation[]): SymValue {
  return new Evaluator(env, out).value(e, env.T.bool(true), new Map(), false);
}

export function evalTerm(e: Expr, env: EvalEnv, out: Obligation[]): Term {
  return asTerm(evalExpr(e, env, out));
}

function asTerm(v: SymValue): Term {
  if (isSymArray(v)) throw new EvalError('an array cannot be used as a scalar here');
  return v;
}

class Evaluator implements EvalCore {
  constructor(
    readonly env: EvalEnv,
    readonly out: Obligation[],
  ) {}

  get T(): TermStore {
    return this.env.T;
  }

  private sort(e: Expr): Sort {
    const t = this.env.types.get(e);
    if (!t) throw new EvalError(`internal: no type for expression ${printExpr(e)}`);
    return sortOfType(t);
  }

  value(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymValue {
    switch (e.kind) {
      case 'intLit':
      case 'charLit':
        return this.T.constOf(BigInt(e.value), this.sort(e));
      case 'boolLit':
        return this.T.bool(e.value);
      case 'var':
        return this.variable(e.name, bound, old);
      case 'unary':
        return this.unary(e.op, this.term(e.operand, guard, bound, old));
      case 'binary':
        return this.binary(e, guard, bound, old);
      case 'cond':
        return this.conditional(e.cond, e.then, e.otherwise, guard, bound, old);
      case 'index':
        return this.index(e.array, e.index, e.span, guard, bound, old);
      case 'length':
        return this.env.types.get(e.array)?.kind === 'ref'
          ? this.field(
              { kind: 'field', object: e.array, field: 'length', fieldSpan: e.span, span: e.span },
              guard,
              bound,
              old,
              e,
            )
          : this.array(e.array, guard, bound, old).length;
      case 'arrayLit':
        return this.arrayLit(e.elems, this.sort(e), guard, bound, old);
      case 'old':
        return oldValue(this, e, guard, bound, old);
      case 'quant':
        return this.quantifier(e, guard, bound, old);
      case 'cast':
        return this.T.cast(this.term(e.expr, guard, bound, old), sortOfType(e.type));
      case 'call':
        return functionCall(this, e, guard, bound, old);
      case 'domainApp':
        // A Viper domain function: uninterpreted, its meaning in the axioms (initial.ts).
        return this.T.app(
          e.name,
          e.args.map((a) => this.term(a, guard, bound, old)),
          sortOfType(e.result),
        );
      case 'unfolding':
        return this.unfolding(e, guard, bound, old);
      case 'asserting':
        return assertingValue(this, e, guard, bound, old);
      case 'null':
        return this.T.constOf(0n, REF_SORT);
      case 'field':
        return this.field(e, guard, bound, old);
      case 'coll':
        return collValue(this, e, guard, bound, old);
      default:
        return heapUnsupported();
    }
  }

  term(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
    return asTerm(this.value(e, guard, bound, old));
  }

  private array(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymArray {
    const v = this.value(e, guard, bound, old);
    if (!isSymArray(v)) throw new EvalError(`${printExpr(e)} is not an array`);
    return v;
  }

  private variable(name: string, bound: ReadonlyMap<string, Term>, old: boolean): SymValue {
    const b = bound.get(name);
    if (b) return b;
    const v = old && this.env.lookupOld ? this.env.lookupOld(name) : this.env.lookup(name);
    if (!v && PERM_NAMES.has(name)) return realLit(this.T, name === 'write' ? ONE : ZERO);
    if (!v) throw new EvalError(`variable ${name} has no value here`);
    return v;
  }

  private unary(op: '-' | '!' | '~', t: Term): Term {
    switch (op) {
      case '-':
        return this.T.neg(t);
      case '!':
        return this.T.not(t);
      case '~':
        return this.T.bvnot(t);
    }
  }

  /** The left operands of a chain (`a + b + …`, any length) are evaluated in a loop, not recursively. */
  private binary(top: Binary, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
    const spine: Binary[] = [];
    let leaf: Expr = top;
    for (; leaf.kind === 'binary'; leaf = leaf.left) spine.push(leaf);
    let value = this.term(leaf, guard, bound, old);
    for (let i = spine.length - 1; i >= 0; i--) value = this.operator(spine[i], value, guard, bound, old);
    return value;
  }

  /** `e` whose left operand has the value `l`. */
  private operator(e: Binary, l: Term, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
    const T = this.T;
    switch (e.op) {
      case '&&':
        return T.and(l, this.term(e.right, T.and(guard, l), bound, old));
      case '||':
        return T.or(l, this.term(e.right, T.and(guard, T.not(l)), bound, old));
      case '==>':
        return T.implies(l, this.term(e.right, T.and(guard, l), bound, old));
      default:
        break;
    }
    const r = this.term(e.right, guard, bound, old);
    if (e.op === '/' || e.op === '%') {
      this.oblige(
        'div-by-zero',
        T.neq(r, T.constOf(0n, r.sort)),
        guard,
        e.span,
        `${printExpr(e.right)} may be zero in ${printExpr(e, 200)}`,
      );
      return e.op === '/' ? T.div(l, r) : T.mod(l, r);
    }
    const result = binaryTerm(T, e.op, l, r);
    return e.op === '+' || e.op === '-' || e.op === '*' ? this.sized(e, l, r, result, guard) : result;
  }

  /**
   * `l op r` = `result`. Known operands whose result the term store refused to fold are past
   * the size limit of int values: the run fails there, as a concrete run does (int-too-large).
   */
  private sized(e: Binary, l: Term, r: Term, result: Term, guard: Term): Term {
    if (isConst(l) && isConst(r) && !isConst(result)) {
      this.oblige(
        'int-too-large',
        this.T.bool(false),
        guard,
        e.span,
        `the result of ${printExpr(e, 200)} has more than ${MAX_INT_BITS.toLocaleString('en-US')} bits, the limit of int values`,
      );
    }
    return result;
  }

  private conditional(
    c: Expr,
    a: Expr,
    b: Expr,
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
  ): SymValue {
    const T = this.T;
    const ct = this.term(c, guard, bound, old);
    const av = this.value(a, T.and(guard, ct), bound, old);
    const bv = this.value(b, T.and(guard, T.not(ct)), bound, old);
    return iteValue(T, ct, av, bv);
  }

  private index(a: Expr, i: Expr, span: Span, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymValue {
    const T = this.T;
    const arr = this.array(a, guard, bound, old);
    const idx = this.term(i, guard, bound, old);
    const inBounds = T.and(T.le(T.int(0n), idx), T.lt(idx, arr.length));
    this.oblige(
      'out-of-bounds',
      inBounds,
      guard,
      span,
      `index ${printExpr(i)} may be outside ${printExpr(a)} (length ${printExpr(a)}.length)`,
    );
    return elementOf(T, arr, idx);
  }

  private arrayLit(
    elems: readonly Expr[],
    sort: Sort,
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
  ): SymArray {
    if (sort.kind !== 'array') throw new EvalError('array literal without an array type');
    return arrayOf(
      this.T,
      sort,
      elems.map((el) => this.value(el, guard, bound, old)),
    );
  }

  private quantifier(q: Quant, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
    if (q.resource) return forpermTerm(this, q, q.resource, guard, bound, old);
    const T = this.T;
    const inner = new Map(bound);
    const vars = q.vars.map((v) => {
      const b = T.bound(v.name, sortOfType(v.type));
      inner.set(v.name, b);
      return b;
    });
    // The body must be defined for every value of the bound variables (where its own
    // short-circuit guards let it be evaluated): each obligation under the binder becomes
    // one quantified over it, for forall and exists alike (docs/language.md).
    const inside: Obligation[] = [];
    const body = new Evaluator(this.env, inside).term(q.body, guard, inner, old);
    // Without `heal`: a missing permission under the binder names no one location to assume held.
    for (const { heal: _, ...o } of inside) this.out.push({ ...o, cond: T.forall(vars, o.cond) });
    const triggers = this.triggerTerms(q, guard, inner, old);
    return q.quantifier === 'forall' ? T.forall(vars, body, triggers) : T.exists(vars, body, triggers);
  }

  /**
   * A quantifier's triggers as terms, for the solver's patterns; none when one cannot be read
   * (a pattern only narrows instantiation: without them the solver picks its own, a wider choice).
   * Their obligations are dropped: a trigger is not evaluated by a run, only matched.
   */
  private triggerTerms(q: Quant, guard: Term, inner: ReadonlyMap<string, Term>, old: boolean): Term[][] {
    if (q.triggers === undefined) return [];
    const scratch = new Evaluator(this.env, []);
    try {
      return q.triggers.map((group) => group.map((t) => scratch.term(t, guard, inner, old)));
    } catch {
      // Whatever stops a trigger's evaluation (a construct the evaluator refuses under a binder)
      // only costs its patterns: without them Z3 picks its own.
      return [];
    }
  }

  /**
   * `e.f`: the value of the chunk the receiver's permission is held in, needing that permission.
   * `site`: where and how a missing one is reported when not at the read (a function's
   * `requires` is reported at the call, docs/design.md B.6).
   */
  field(
    e: FieldRead,
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
    typed: Expr = e,
    site?: Site,
    need: Amount | undefined | 'some' = 'some',
  ): SymValue {
    const receiver = this.term(e.object, guard, bound, old);
    const heap = old ? this.env.oldHeap : this.env.heap;
    if (!heap) throw new EvalError(`${printExpr(e)} reads the heap where there is none`);
    const type = this.env.types.get(typed);
    if (!type) throw new EvalError(`internal: no type for expression ${printExpr(e)}`);
    if (isQuantifiedField(this.env.decls, e.field))
      return readQuantified(this, e, receiver, heap, sortOfType(type), guard, site);
    const read = readField(this.T, heap, receiver, e.field, sortOfType(type), need);
    if (!isTrue(read.held)) {
      const display = printExpr(e, 200);
      this.oblige('permission', read.held, guard, site?.span ?? e.span, site?.message ?? notHeldToRead(display), {
        receiver,
        field: e.field,
        type,
        display,
      });
    }
    return read.value;
  }

  /** The heap reads see (the old one under `old`). */
  heapFor(old: boolean): Heap {
    const h = old ? this.env.oldHeap : this.env.heap;
    if (!h) throw new EvalError('the heap is read where there is none');
    return h;
  }

  /** An evaluator for the same obligations over another heap (and variables). */
  over(heap: Heap, lookup?: EvalEnv['lookup']): Evaluator {
    return new Evaluator(
      { ...this.env, heap, oldHeap: heap, ...(lookup ? { lookup, lookupOld: lookup } : {}) },
      this.out,
    );
  }

  inEnv(env: EvalEnv): Evaluator {
    return new Evaluator(env, this.out);
  }

  /** `unfolding q(ē) in e` (evalUnfolding.ts). */
  unfolding(u: Unfolding, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean, site?: Site): SymValue {
    return unfoldingValue(this, u, guard, bound, old, site);
  }

  oblige(kind: Obligation['kind'], cond: Term, guard: Term, span: Span, message: string, heal?: HealInfo): void {
    const guarded = this.T.implies(guard, cond);
    if (guarded.op === 'const' && guarded.value === true) return;
    this.out.push({ kind, cond: guarded, span, message, ...(heal ? { heal: { ...heal } } : {}) });
  }
}
