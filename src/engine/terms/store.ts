// The term store: creates every term, hash-conses them (structurally equal terms are the
// same object with the same id) and simplifies on construction (rules in simplify*.ts).
// One store per session, no global state. `mk` is the raw, non-simplifying constructor;
// the named constructors (`add`, `and`, …) check sorts, fold constants and apply identities.

import type { BvWidth } from '../../lang/types';
import { BOOL_SORT, INT_SORT, quantParts, sortEquals, sortKey, type Op, type Sort, type Term } from './term';
import { normalize } from './semantics';
import { isArrayValue, significantEntries, type Value } from './values';
import { mkAnd, mkEq, mkImplies, mkIte, mkNot, mkOr } from './simplify-bool';
import { mkBinary, mkCast, mkCompare, mkUnary, type BinaryNumericOp } from './simplify-arith';
import { mkQuantifier, mkSelect, mkStore } from './simplify-array';
import { KeyedSymbols } from './keyed';
import { mkColl, type CollOp } from './collections';
import type { TermBuilder, TermExtra } from './builder';
import { realBinary, realLit, realNeg, realOfInt, rebuildReal } from './reals';
import { rational } from '../../lang/rational';

const BV_SORTS: ReadonlyMap<string, Sort> = new Map(
  ([8, 16, 32, 64] as const).flatMap((w) =>
    [true, false].map((signed): [string, Sort] => [
      `${signed ? 's' : 'u'}${w}`,
      Object.freeze({ kind: 'bv', width: w, signed }),
    ]),
  ),
);

function termKey(op: Op, sort: Sort, args: readonly Term[], extra: TermExtra): string {
  return `${op}|${sortKey(sort)}|${argIds(args)}|${String(extra.value)}|${extra.symbol?.name ?? ''}|${extra.name ?? ''}`;
}

/** The argument ids joined by commas; written out for the usual one or two arguments, since
 *  every construction of a term (found or new) builds its key. */
function argIds(args: readonly Term[]): string {
  switch (args.length) {
    case 0:
      return '';
    case 1:
      return String(args[0].id);
    case 2:
      return `${args[0].id},${args[1].id}`;
    default:
      return args.map((a) => a.id).join(',');
  }
}

export class TermStore implements TermBuilder {
  private readonly table = new Map<string, Term>();
  private readonly symbols = new Map<string, Term>();
  private readonly symbolsById = new Map<number, Term>();
  private readonly arraySorts = new Map<string, Sort>();
  private symbolCounter = 0;
  private readonly inputs = new Map<string, Term>();
  private readonly ints = new Map<bigint, Term>();
  readonly boolSort: Sort = BOOL_SORT;
  readonly intSort: Sort = INT_SORT;
  readonly trueTerm: Term;
  readonly falseTerm: Term;
  /** Symbols named by a key (snapshots, function applications: keyed.ts). */
  readonly keyed: KeyedSymbols = new KeyedSymbols(this);

  constructor() {
    this.trueTerm = this.mk('const', BOOL_SORT, [], { value: true });
    this.falseTerm = this.mk('const', BOOL_SORT, [], { value: false });
  }

  /** Number of distinct terms created so far. */
  get size(): number {
    return this.table.size;
  }

  // ------------------------------------------------------------------ raw construction

  /** The existing term with these fields, if it was made before. */
  find(op: Op, sort: Sort, args: readonly Term[], extra: TermExtra = {}): Term | undefined {
    return this.table.get(termKey(op, sort, args, extra));
  }

  /** The unique term with these fields. No simplification and no sort checks. */
  mk(op: Op, sort: Sort, args: readonly Term[], extra: TermExtra = {}, greater = false): Term {
    const key = termKey(op, sort, args, extra);
    const found = this.table.get(key);
    if (found) return found;
    const term: Term = Object.freeze({
      ...(greater ? { greater: true as const } : {}),
      id: this.table.size,
      op,
      sort,
      args: Object.freeze([...args]),
      ...(extra.value !== undefined ? { value: extra.value } : {}),
      ...(extra.symbol ? { symbol: Object.freeze({ ...extra.symbol }) } : {}),
      ...(extra.name !== undefined ? { name: extra.name } : {}),
    });
    this.table.set(key, term);
    return term;
  }

  /** Rebuild `t` with new arguments through the simplifying constructor of its operator. */
  rebuild(t: Term, args: readonly Term[]): Term {
    switch (t.op) {
      case 'const':
      case 'sym':
      case 'bound':
        return t;
      case 'not':
        return this.not(args[0]);
      case 'and':
        return this.and(...args);
      case 'or':
        return this.or(...args);
      case 'implies':
        return this.implies(args[0], args[1]);
      case 'ite':
        return this.ite(args[0], args[1], args[2]);
      case 'eq':
        return this.eq(args[0], args[1]);
      case 'neg':
      case 'bvnot':
        return mkUnary(this, t.op, args[0]);
      case 'lt':
      case 'le':
        return mkCompare(this, t.op, args[0], args[1], t.greater);
      case 'cast':
        return this.cast(args[0], t.sort);
      case 'select':
        return this.select(args[0], args[1]);
      case 'store':
        return this.store(args[0], args[1], args[2]);
      case 'constArray':
        return this.constArray(args[0].sort, args[0]);
      case 'forall':
      case 'exists': {
        const q = quantParts({ ...t, args });
        return mkQuantifier(
          this,
          t.op,
          q.bounds,
          q.body,
          q.patterns.map((p) => p.args),
        );
      }
      case 'pattern':
        return this.mk('pattern', t.sort, args);
      case 'app':
        return this.app(t.name!, args, t.sort);
      case 'real':
        return rebuildReal(this, t, args);
      case 'coll':
        return mkColl(this, t.name as CollOp, args, t.sort);
      default:
        return mkBinary(this, t.op as BinaryNumericOp, args[0], args[1]);
    }
  }

  // ------------------------------------------------------------------ sorts

  bvSort(width: BvWidth, signed: boolean): Sort {
    const s = BV_SORTS.get(`${signed ? 's' : 'u'}${width}`);
    if (!s) throw new Error(`unsupported bit-vector width ${width}`);
    return s;
  }

  arraySort(elem: Sort): Sort {
    const key = sortKey(elem);
    let s = this.arraySorts.get(key);
    if (!s) {
      s = Object.freeze({ kind: 'array', elem });
      this.arraySorts.set(key, s);
    }
    return s;
  }

  /** The uninterpreted sort named `name` (a Viper domain type). */
  uninterpretedSort(name: string): Sort {
    return Object.freeze({ kind: 'uninterpreted', name });
  }

  // ------------------------------------------------------------------ leaves

  bool(b: boolean): Term {
    return b ? this.trueTerm : this.falseTerm;
  }

  int(n: bigint): Term {
    // Integer literals and folded constants are made at nearly every step: a lookup by value
    // skips building the string key. The same term as `mk` gives (it is the table's).
    let t = this.ints.get(n);
    if (t === undefined) {
      t = this.mk('const', INT_SORT, [], { value: n });
      this.ints.set(n, t);
    }
    return t;
  }

  /** A bit-vector constant; `n` is wrapped into the sort's range first. */
  bvConst(n: bigint, sort: Sort): Term {
    if (sort.kind !== 'bv') throw new Error(`bvConst needs a bit-vector sort, got ${sortKey(sort)}`);
    return this.mk('const', sort, [], { value: normalize(n, sort) });
  }

  /** The term denoting a concrete value; arrays become stores over a constant array. */
  constOf(value: Value, sort: Sort): Term {
    if (isArrayValue(value)) {
      if (sort.kind !== 'array') throw new Error(`array value for sort ${sortKey(sort)}`);
      let t = this.constArray(sort.elem, this.constOf(value.default, sort.elem));
      for (const [k, v] of significantEntries(value)) t = this.store(t, this.int(k), this.constOf(v, sort.elem));
      return t;
    }
    if (typeof value === 'boolean') {
      if (sort.kind !== 'bool') throw new Error(`boolean value for sort ${sortKey(sort)}`);
      return this.bool(value);
    }
    if (sort.kind === 'uninterpreted') return this.uninterpretedValue(value as bigint, sort);
    if (sort.kind === 'int') return this.int(value);
    if (sort.kind === 'real') return realLit(this, rational(value));
    if (sort.kind === 'ref') return this.mk('const', sort, [], { value });
    return this.bvConst(value, sort);
  }

  /** The element of index `n` of an uninterpreted sort, as a model names it (`D!val!n`): the
   *  solver knows nothing of it but its sort (one symbol per index), so a term built from a
   *  model value says no more than the value did. */
  private uninterpretedValue(n: bigint, sort: Sort & { kind: 'uninterpreted' }): Term {
    const name = `${sort.name}!val!${n}`;
    return this.keyed.sym(`value ${sortKey(sort)} ${n}`, sort, name, `a value of ${sort.name}`);
  }

  /** 0 of a numeric sort. */
  zero(sort: Sort): Term {
    if (sort.kind === 'real') return realLit(this, rational(0n));
    return sort.kind === 'int' ? this.int(0n) : this.bvConst(0n, sort);
  }

  /** A fresh symbol. Its internal name (`x!3`) is unique and never a Sym identifier. */
  symbol(sort: Sort, display: string, origin: string): Term {
    const base = display.replace(/[^A-Za-z0-9_@#.']/g, '_') || 's';
    const name = `${base}!${++this.symbolCounter}`;
    const t = this.mk('sym', sort, [], { symbol: { name, display, origin } });
    this.symbols.set(name, t);
    this.symbolsById.set(t.id, t);
    return t;
  }

  /**
   * The symbol of a named input (`x`, `x@9`, `x@9#2`): one term per display name and sort,
   * because a concrete run reads an input by its name whichever path it takes. Paths that
   * a join merges therefore share the symbols of the inputs they have in common.
   */
  input(sort: Sort, display: string, origin: string): Term {
    const key = `${sortKey(sort)} ${display}`;
    let t = this.inputs.get(key);
    if (!t) {
      t = this.symbol(sort, display, origin);
      this.inputs.set(key, t);
    }
    return t;
  }

  /** The symbol with this internal name (e.g. when reading a solver model back). */
  symbolByName(name: string): Term | undefined {
    return this.symbols.get(name);
  }

  /** The symbol with this term id, if it is one of this store's symbols. */
  symbolById(id: number): Term | undefined {
    return this.symbolsById.get(id);
  }

  /** A quantifier-bound variable; only meaningful inside forall/exists. */
  bound(name: string, sort: Sort): Term {
    return this.mk('bound', sort, [], { name });
  }

  // ------------------------------------------------------------------ boolean

  not(t: Term): Term {
    return mkNot(this, t);
  }
  and(...ts: Term[]): Term {
    return mkAnd(this, ts);
  }
  or(...ts: Term[]): Term {
    return mkOr(this, ts);
  }
  implies(a: Term, b: Term): Term {
    return mkImplies(this, a, b);
  }
  ite(c: Term, a: Term, b: Term): Term {
    return mkIte(this, c, a, b);
  }
  eq(a: Term, b: Term): Term {
    return mkEq(this, a, b);
  }
  neq(a: Term, b: Term): Term {
    return this.not(this.eq(a, b));
  }

  // ------------------------------------------------------------------ arithmetic and bits

  add(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'add', a, b);
    return mkBinary(this, 'add', a, b);
  }
  sub(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'sub', a, b);
    return mkBinary(this, 'sub', a, b);
  }
  mul(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'mul', a, b);
    return mkBinary(this, 'mul', a, b);
  }
  div(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'div', a, b);
    return mkBinary(this, 'div', a, b);
  }
  mod(a: Term, b: Term): Term {
    return mkBinary(this, 'mod', a, b);
  }
  neg(a: Term): Term {
    if (a.sort.kind === 'real') return realNeg(this, a);
    return mkUnary(this, 'neg', a);
  }
  lt(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'lt', a, b);
    return mkCompare(this, 'lt', a, b);
  }
  le(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'le', a, b);
    return mkCompare(this, 'le', a, b);
  }
  gt(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'lt', b, a);
    return mkCompare(this, 'lt', b, a, true);
  }
  ge(a: Term, b: Term): Term {
    if (a.sort.kind === 'real' || b.sort.kind === 'real') return realBinary(this, 'le', b, a);
    return mkCompare(this, 'le', b, a, true);
  }
  bvand(a: Term, b: Term): Term {
    return mkBinary(this, 'bvand', a, b);
  }
  bvor(a: Term, b: Term): Term {
    return mkBinary(this, 'bvor', a, b);
  }
  bvxor(a: Term, b: Term): Term {
    return mkBinary(this, 'bvxor', a, b);
  }
  bvnot(a: Term): Term {
    return mkUnary(this, 'bvnot', a);
  }
  shl(a: Term, b: Term): Term {
    return mkBinary(this, 'shl', a, b);
  }
  shr(a: Term, b: Term): Term {
    return mkBinary(this, 'shr', a, b);
  }
  cast(t: Term, target: Sort): Term {
    if (target.kind === 'real') return realOfInt(this, t);
    return mkCast(this, t, target);
  }

  // ------------------------------------------------------------------ arrays and quantifiers

  select(arr: Term, i: Term): Term {
    return mkSelect(this, arr, i);
  }
  store(arr: Term, i: Term, v: Term): Term {
    return mkStore(this, arr, i, v);
  }

  constArray(elemSort: Sort, v: Term): Term {
    if (!sortEquals(v.sort, elemSort)) throw new Error('constArray: element sort mismatch');
    return this.mk('constArray', this.arraySort(elemSort), [v]);
  }

  /** `name(args)`: an uninterpreted function (a Viper domain function) with result sort `sort`. */
  app(name: string, args: readonly Term[], sort: Sort): Term {
    return this.mk('app', sort, args, { name });
  }

  /** A set or sequence operation (collections.ts); `sort` only for the empty ones. */
  coll(op: CollOp, args: readonly Term[], sort?: Sort): Term {
    return mkColl(this, op, args, sort);
  }

  /** `forall bounds :: body`; `triggers`: its patterns (patterns.ts), none to let the solver choose. */
  forall(bounds: readonly Term[], body: Term, triggers?: readonly (readonly Term[])[]): Term {
    return mkQuantifier(this, 'forall', bounds, body, triggers);
  }
  exists(bounds: readonly Term[], body: Term, triggers?: readonly (readonly Term[])[]): Term {
    return mkQuantifier(this, 'exists', bounds, body, triggers);
  }
}
