// Symbolic evaluation of Sym expressions to terms. Runtime checks (division by zero, index
// out of bounds) are not decided here: they are returned as obligations, each guarded by the
// condition under which the operation is really evaluated (short-circuit `&&`, `||`, `==>`
// and `?:`), for the stepper to check against the path condition, in code and in every
// specification clause alike.

import type { Expr, Binary, Quant } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import { printExpr } from '../../lang/printer';
import type { Obligation, HealInfo } from '../state/obligation';
import type { TermStore } from '../terms/store';
import { binaryTerm } from '../terms/operators';
import { isConst, type Sort, type Term } from '../terms/term';
import { MAX_INT_BITS } from '../terms/semantics';
import { sortOfType } from '../state/sorts';
import { arrayOf, elementOf, innerLevels, iteValue } from '../state/arrays';
import { isSymArray, type SymArray, type SymValue } from '../state/state';
import { heapUnsupported } from './heap/heapGuard';
import type { Heap } from '../state/chunks';
import { placeholder as placeholderOf, readField } from './heap/access';
import { BOOL_SORT as BOOL, REF_SORT, isTrue } from '../terms/term';
import type { Acc, Call, FieldRead, FunctionDecl, PredicateDecl, SynthDecl, Unfolding } from '../../lang/ast';
import { synthApplication } from '../synth/encode';
import { withoutChunk } from '../state/chunks';
import { predCandidates, predHeld, sameArgs } from './heap/predicates';
import { guardedLeaves, testsUnder } from './heap/assertions';
import { recursion } from './heap/recursion';
import { keyOf, snapshotOf, unfoldInstance } from './heap/snapshots';
import type { Chunk, PredChunk } from '../state/chunks';

export type { Obligation, HealInfo } from '../state/obligation';

export interface EvalEnv {
  readonly T: TermStore;
  readonly types: ReadonlyMap<Expr, Type>;
  lookup(name: string): SymValue | undefined;
  /** Values on procedure entry, for `old(e)`. */
  lookupOld?(name: string): SymValue | undefined;
  /** Programs with objects: the heap reads see, and the heap `old(…)` reads see. */
  readonly heap?: Heap;
  readonly oldHeap?: Heap;
  /** Heap-dependent functions and predicates, for calls and `unfolding`. */
  readonly decls?: {
    readonly functions: ReadonlyMap<string, FunctionDecl>;
    readonly predicates: ReadonlyMap<string, PredicateDecl>;
    readonly synths?: ReadonlyMap<string, SynthDecl>;
  };
  /** Inside the expansion of a recursive function's body: applications met here are not expanded (fuel, docs/design.md E.3). */
  readonly expanding?: boolean;
}

export class EvalError extends Error {}

/** Where, and with which message, a missing permission is reported. */
interface Site {
  readonly span: Span;
  readonly message: string;
}

/** The message of a field read without its permission (the well-formedness pass words it its own way, rules/wellFormed.ts). */
export function notHeldToRead(display: string): string {
  return `acc(${display}) is not held to read ${display}`;
}

/** A permission function `fn`'s `requires` needs at `call`: reported at the call, naming the clause (docs/design.md B.6, D.13). */
function requiredAt(fn: FunctionDecl, part: Acc | Call, call: Call): Site {
  return {
    span: call.span,
    message: `${fn.name} requires ${printExpr(part)} (line ${part.span.line}), which is not held`,
  };
}

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

class Evaluator {
  constructor(
    private readonly env: EvalEnv,
    private readonly out: Obligation[],
  ) {}

  private get T(): TermStore {
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
        return this.value(e.expr, guard, bound, true);
      case 'quant':
        return this.quantifier(e, guard, bound, old);
      case 'cast':
        return this.T.cast(this.term(e.expr, guard, bound, old), sortOfType(e.type));
      case 'call':
        return this.functionCall(e, guard, bound, old);
      case 'unfolding':
        return this.unfolding(e, guard, bound, old);
      case 'null':
        return this.T.constOf(0n, REF_SORT);
      case 'field':
        return this.field(e, guard, bound, old);
      default:
        return heapUnsupported();
    }
  }

  private term(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
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
    for (const o of inside) this.out.push({ ...o, cond: T.forall(vars, o.cond) });
    return q.quantifier === 'forall' ? T.forall(vars, body) : T.exists(vars, body);
  }

  /**
   * `e.f`: the value of the chunk the receiver's permission is held in, needing that permission.
   * `site`: where and how a missing one is reported when not at the read (a function's
   * `requires` is reported at the call, docs/design.md B.6).
   */
  private field(
    e: FieldRead,
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
    typed: Expr = e,
    site?: Site,
  ): SymValue {
    const receiver = this.term(e.object, guard, bound, old);
    const heap = old ? this.env.oldHeap : this.env.heap;
    if (!heap) throw new EvalError(`${printExpr(e)} reads the heap where there is none`);
    const type = this.env.types.get(typed);
    if (!type) throw new EvalError(`internal: no type for expression ${printExpr(e)}`);
    const read = readField(this.T, heap, receiver, e.field, sortOfType(type));
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
  private heapFor(old: boolean): Heap {
    const h = old ? this.env.oldHeap : this.env.heap;
    if (!h) throw new EvalError('the heap is read where there is none');
    return h;
  }

  /** An evaluator for the same obligations over another heap (and variables). */
  private over(heap: Heap, lookup?: EvalEnv['lookup']): Evaluator {
    return new Evaluator(
      { ...this.env, heap, oldHeap: heap, ...(lookup ? { lookup, lookupOld: lookup } : {}) },
      this.out,
    );
  }

  /** `unfolding q(ē) in e`: e over the heap with the instance's fragment in place of the instance; the heap itself is unchanged. */
  private unfolding(u: Unfolding, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean, site?: Site): SymValue {
    const T = this.T;
    const heap = this.heapFor(old);
    const args = u.pred.args.map((a) => this.term(a, guard, bound, old));
    const found = predCandidates(heap, u.pred.callee, args);
    const held = predHeld(T, args, found);
    const instance = `${u.pred.callee}(${u.pred.args.map((a) => printExpr(a, 60)).join(', ')})`;
    if (!isTrue(held))
      this.oblige(
        'permission',
        held,
        guard,
        site?.span ?? u.span,
        site?.message ?? `${instance} is not held for unfolding`,
      );
    const type = this.env.types.get(u);
    if (found.maybe.length === 0) return placeholderOf(T, type ? sortOfType(type) : BOOL);
    const decl = this.env.decls!.predicates.get(u.pred.callee)!;
    const ways: { cond: Term; value: SymValue }[] = [];
    for (const c of found.maybe) {
      const params = new Map(decl.params.map((p, i) => [p.name, c.args[i]]));
      const evalIn = (h: Heap, e: Expr): SymValue =>
        this.over(h, (n) => params.get(n)).value(e, guard, new Map(), false);
      const isPred = (n: string): boolean => this.env.decls!.predicates.has(n);
      for (const way of unfoldInstance({ T, types: this.env.types, isPred, evalIn, origin: c.origin }, decl, c)) {
        const cond = T.and(sameArgs(T, args, c), way.cond);
        ways.push({
          cond,
          value: this.over([...withoutChunk(heap, c), ...way.chunks]).value(u.body, T.and(guard, cond), bound, false),
        });
      }
    }
    if (ways.length === 0) return placeholderOf(T, type ? sortOfType(type) : BOOL);
    let v = ways[ways.length - 1].value;
    for (let i = ways.length - 2; i >= 0; i--) v = iteValue(T, ways[i].cond, ways[i].value, v);
    return v;
  }

  /** `f(ē)` of a heap-dependent function: its requires must hold (permissions held, pure part true); its value is its body's over the same heap. */
  private functionCall(c: Call, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymValue {
    const synth = this.env.decls?.synths?.get(c.callee);
    if (synth) {
      if (bound.size > 0) throw new EvalError(`synth function ${synth.name} cannot be applied under a quantifier yet`);
      const args = c.args.map((a) => this.term(a, guard, bound, old));
      return synthApplication(this.T, synth, this.env.types, args, c.args.map((a) => printExpr(a, 40)).join(', '));
    }
    const fn = this.env.decls?.functions.get(c.callee);
    if (!fn) throw new EvalError('a procedure call cannot be evaluated inside an expression');
    const args = c.args.map((a) => this.value(a, guard, bound, old));
    if (recursion(this.env.decls!).functions.has(fn.name)) return this.application(fn, c, args, guard, bound, old);
    const params = new Map(fn.params.map((p, i) => [p.name, args[i]]));
    const inner = this.over(this.heapFor(old), (n) => params.get(n));
    const under = testsUnder(this.T, guard, (e, g) => inner.term(e, g, new Map(), false));
    for (const { conjunct: k, tests } of guardedLeaves(
      fn.requires,
      (n) => this.env.decls?.predicates.has(n) ?? false,
    )) {
      const { g } = under(tests);
      if (k.kind === 'acc') {
        inner.field(k.acc.target as FieldRead, g, new Map(), false, k.acc.target, requiredAt(fn, k.acc, c));
        continue;
      }
      if (k.kind === 'pred') {
        const held: Unfolding = {
          kind: 'unfolding',
          pred: k.call,
          body: { kind: 'boolLit', value: true, span: k.call.span },
          span: c.span,
        };
        inner.unfolding(held, g, new Map(), false, requiredAt(fn, k.call, c));
        continue;
      }
      const holds = inner.term(k.expr, g, new Map(), false);
      this.oblige('precondition', holds, g, c.span, `${fn.name} requires ${printExpr(k.expr, 200)}`);
    }
    return inner.value(fn.body, guard, new Map(), false);
  }

  /**
   * `f(ē)` of a recursive function (docs/design.md B.5, E.3): the uninterpreted term f(footprint, ē),
   * keyed by the snapshots and values its `requires` holds and by the arguments. The first
   * time it is evaluated outside another expansion, its body is evaluated over exactly that
   * footprint and `requires ==> f(…) == body` becomes a fact of the term (added to every query
   * that mentions it); applications met inside that body are not expanded then.
   */
  private application(
    fn: FunctionDecl,
    c: Call,
    args: readonly SymValue[],
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
  ): SymValue {
    const T = this.T;
    if (bound.size > 0)
      throw new EvalError(`${fn.name} is recursive: its calls cannot be evaluated under a quantifier yet`);
    const heap = this.heapFor(old);
    const params = new Map(fn.params.map((p, i) => [p.name, args[i]]));
    const inner = this.over(heap, (n) => params.get(n));
    const footprint: Chunk[] = [];
    const keys: string[] = [];
    const pres: Term[] = [];
    const snapKeys: Term[] = [];
    const parts: SymValue[] = [];
    const under = testsUnder(this.T, guard, (e, g) => inner.term(e, g, new Map(), false));
    for (const { conjunct: k, tests } of guardedLeaves(
      fn.requires,
      (n) => this.env.decls?.predicates.has(n) ?? false,
    )) {
      const { g, cond } = under(tests);
      // A conditional part counts only where its tests hold: elsewhere it is the placeholder.
      const when = (v: SymValue): SymValue =>
        tests.length === 0 || isSymArray(v) ? v : T.ite(cond, v, placeholderOf(T, v.sort) as Term);
      if (k.kind === 'acc') {
        const target = k.acc.target as FieldRead;
        const value = when(inner.field(target, g, new Map(), false, target, requiredAt(fn, k.acc, c)));
        footprint.push({
          kind: 'field',
          receiver: inner.term(target.object, g, new Map(), false),
          field: target.field,
          value,
          origin: { span: c.span, reason: `footprint of ${fn.name}` },
        });
        keys.push(keyOf(value));
        parts.push(value);
      } else if (k.kind === 'pred') {
        const pargs = k.call.args.map((a) => inner.term(a, g, new Map(), false));
        const found = predCandidates(heap, k.call.callee, pargs);
        const held = predHeld(T, pargs, found);
        if (!isTrue(held)) {
          const at = requiredAt(fn, k.call, c);
          this.oblige('permission', held, g, at.span, at.message);
        }
        const snaps = found.maybe.map((x) => snapshotOf(T, x));
        let snap = snaps.length === 0 ? T.int(0n) : snaps[snaps.length - 1];
        for (let i = snaps.length - 2; i >= 0; i--) snap = T.ite(sameArgs(T, pargs, found.maybe[i]), snaps[i], snap);
        snap = when(snap) as Term;
        const chunk: PredChunk = found.exact ?? {
          kind: 'pred',
          name: k.call.callee,
          args: pargs,
          snapshot: snap,
          origin: { span: c.span, reason: `footprint of ${fn.name}` },
        };
        footprint.push(chunk);
        keys.push(`p${snap.id}`);
        snapKeys.push(snap);
        parts.push(snap);
      } else {
        const holds = inner.term(k.expr, g, new Map(), false);
        this.oblige('precondition', holds, g, c.span, `${fn.name} requires ${printExpr(k.expr, 200)}`);
        pres.push(T.implies(cond, holds));
      }
    }
    const sort = sortOfType(fn.result);
    if (sort.kind === 'array' && innerLevels(sort) > 0)
      throw new EvalError(`${fn.name} is recursive: results that are arrays of arrays are not supported yet`);
    const shown = c.args.map((a) => printExpr(a, 40)).join(', ');
    const key = `app:${fn.name}:${keys.join(',')}:${args.map(keyOf).join(',')}`;
    const origin = `application of ${fn.name} at line ${c.span.line}`;
    // An array result is two uninterpreted values, its length and its contents, each defined by the body's.
    const app: Term = T.keyed.sym(key, sort, `${fn.name}(${shown})`, origin);
    const len =
      sort.kind === 'array'
        ? T.keyed.sym(`${key}:length`, T.intSort, `${fn.name}(${shown}).length`, origin)
        : undefined;
    const result: SymValue = len ? { kind: 'symArray', length: len, contents: app } : app;
    // Congruence: equal footprint values and arguments give equal applications (not for array parts).
    const scalar = [...parts, ...args];
    if (scalar.every((p) => !isSymArray(p) && p.sort.kind !== 'array')) {
      T.keyed.congruent(`app:${fn.name}`, app, scalar as Term[]);
      if (len) T.keyed.congruent(`app:${fn.name}:length`, len, scalar as Term[]);
    }
    // Fuel: inside an expansion only applications to snapshots built by `fold` expand again
    // (those are finite terms, so this ends); any other waits until evaluated at top level.
    const built =
      snapKeys.length > 0 && snapKeys.every((t) => (T.keyed.info(t) as { kind?: string } | undefined)?.kind === 'mk');
    if ((this.env.expanding && !built) || T.keyed.hasFacts(app)) return result;
    T.keyed.addFact(app, T.trueTerm);
    if (len) T.keyed.addFact(len, T.trueTerm);
    const pre = T.and(...pres);
    const lookup = (n: string): SymValue | undefined => params.get(n);
    const body = new Evaluator(
      { ...this.env, heap: footprint, oldHeap: footprint, lookup, lookupOld: lookup, expanding: true },
      this.out,
    ).value(fn.body, T.and(guard, pre), new Map(), false);
    if (isSymArray(body) && len) {
      T.keyed.addFact(app, T.implies(pre, T.eq(app, body.contents)));
      T.keyed.addFact(len, T.implies(pre, T.eq(len, body.length)));
    } else {
      T.keyed.addFact(app, T.implies(pre, T.eq(app, body as Term)));
    }
    return result;
  }

  private oblige(
    kind: Obligation['kind'],
    cond: Term,
    guard: Term,
    span: Span,
    message: string,
    heal?: HealInfo,
  ): void {
    const guarded = this.T.implies(guard, cond);
    if (guarded.op === 'const' && guarded.value === true) return;
    this.out.push({ kind, cond: guarded, span, message, ...(heal ? { heal: { ...heal } } : {}) });
  }
}
