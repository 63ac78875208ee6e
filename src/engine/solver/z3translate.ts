// Term -> Z3_ast for the WASM backend, through the synchronous low-level API.
// In a reference-counted Z3 context every AST must be inc_ref'd before the next API call
// (Z3 frees the previous result otherwise), so every translated term is cached by id with
// its own reference, and the temporaries of one node are owned until the node is built.
// Translation is iterative (explicit stack) so deep terms cannot overflow the JS stack.

import type { Z3_app, Z3_ast, Z3_context, Z3_func_decl, Z3_pattern, Z3_sort, Z3Core } from 'z3-solver';
import { quantParts, sortKey, type Sort, type Term } from '../terms/term';
import { functionSmtName, signatureKey } from '../terms/uninterpreted';
import type { CollOp } from '../terms/collections';
import { realConstant } from '../terms/reals';

/** Above this many cached ASTs the cache is dropped; Z3 hash-conses, so nothing is lost but time. */
const MAX_CACHED = 20_000;

interface Entry {
  readonly term: Term;
  readonly ast: Z3_ast;
}

/** A cast from int to a bit-vector: int2bv, which Z3 solves slowly, unless pushed inward. */
function isIntToBv(t: Term): t is Term & { sort: { kind: 'bv'; width: number } } {
  return t.op === 'cast' && t.sort.kind === 'bv' && t.args[0].sort.kind === 'int';
}

function isBvToInt(t: Term): boolean {
  return t.op === 'cast' && t.sort.kind === 'int' && t.args[0].sort.kind === 'bv';
}

/** Int operators that commute with reduction modulo 2^N (a ring homomorphism Z -> Z/2^N). */
const RING = new Set(['add', 'sub', 'mul', 'neg', 'ite', 'const']);

export class Z3Translator {
  private readonly cache = new Map<number, Entry>();
  /** Int terms reduced modulo 2^N as N-bit vectors, by `${N}:${id}`. */
  private readonly wrapCache = new Map<string, Entry>();
  private readonly sorts = new Map<string, Z3_sort>();
  /** Uninterpreted functions by name and signature (a reference each, like the sorts). */
  private readonly functions = new Map<string, Z3_func_decl>();
  private temps: Z3_ast[] = [];
  private depth = 0;

  constructor(
    private readonly z3: Z3Core,
    private readonly ctx: Z3_context,
  ) {}

  /** The Z3 AST of `root`; throws if Z3 reports an error. */
  translate(root: Term): Z3_ast {
    // Only an outermost call may drop the cache: a nested one (from wrapped()) runs while
    // its caller still holds entries.
    if (this.depth === 0 && this.cache.size > MAX_CACHED) this.clear();
    this.depth++;
    try {
      const stack: Term[] = [root];
      while (stack.length > 0) {
        const t = stack[stack.length - 1];
        if (this.lookup(t) !== undefined) {
          stack.pop();
          continue;
        }
        if (isIntToBv(t)) {
          stack.pop();
          this.store(t, this.wrapped(t.sort.width, t.args[0]));
          continue;
        }
        const missing = t.args.filter((a) => this.lookup(a) === undefined);
        if (missing.length > 0) {
          stack.push(...missing);
          continue;
        }
        stack.pop();
        this.store(t, this.build(t));
      }
      return this.lookup(root)!;
    } finally {
      this.depth--;
    }
  }

  /** The Z3 sort of a term sort (cached with a reference). */
  sort(s: Sort): Z3_sort {
    const key = sortKey(s);
    let z = this.sorts.get(key);
    if (z === undefined) {
      const { z3, ctx } = this;
      switch (s.kind) {
        case 'bool':
          z = z3.mk_bool_sort(ctx);
          break;
        case 'int':
        case 'ref':
          z = z3.mk_int_sort(ctx);
          break;
        case 'bv':
          z = z3.mk_bv_sort(ctx, s.width);
          break;
        case 'array':
          z = z3.mk_array_sort(ctx, this.sort({ kind: 'int' }), this.sort(s.elem));
          break;
        case 'uninterpreted':
          z = z3.mk_uninterpreted_sort(ctx, z3.mk_string_symbol(ctx, s.name));
          break;
        case 'set':
          z = z3.mk_set_sort(ctx, this.sort(s.elem));
          break;
        case 'seq':
          z = z3.mk_seq_sort(ctx, this.sort(s.elem));
          break;
        case 'real':
          z = z3.mk_real_sort(ctx);
          break;
      }
      z3.inc_ref(ctx, z as unknown as Z3_ast);
      this.sorts.set(key, z);
    }
    return z;
  }

  /** Release every reference this translator holds. */
  clear(): void {
    for (const e of this.cache.values()) this.z3.dec_ref(this.ctx, e.ast);
    this.cache.clear();
    for (const e of this.wrapCache.values()) this.z3.dec_ref(this.ctx, e.ast);
    this.wrapCache.clear();
  }

  dispose(): void {
    this.clear();
    for (const f of this.functions.values()) this.z3.dec_ref(this.ctx, f as unknown as Z3_ast);
    this.functions.clear();
    for (const s of this.sorts.values()) this.z3.dec_ref(this.ctx, s as unknown as Z3_ast);
    this.sorts.clear();
  }

  /**
   * `root mod 2^width` as a bit-vector, with one reference for the caller. Reduction modulo
   * 2^N distributes over + - * negation and ite, and bv2int of an M-bit x reduces to x's low
   * bits (or x extended by its signedness): `(-(p0 as int)) as u8` becomes bvneg(p0), a pure
   * bit-vector term, instead of int2bv(-(bv2int p0)), on which Z3 takes seconds to minutes.
   * Other int terms (symbols, division, …) keep int2bv.
   */
  private wrapped(width: number, root: Term): Z3_ast {
    const key = (t: Term): string => `${width}:${t.id}`;
    const done = (t: Term): Z3_ast | undefined => {
      const e = this.wrapCache.get(key(t));
      return e !== undefined && e.term === t ? e.ast : undefined;
    };
    const stack: Term[] = [root];
    while (stack.length > 0) {
      const t = stack[stack.length - 1];
      if (done(t) !== undefined) {
        stack.pop();
        continue;
      }
      const inner = RING.has(t.op)
        ? t.args.filter((a, i) => !(t.op === 'ite' && i === 0) && done(a) === undefined)
        : [];
      if (inner.length > 0) {
        stack.push(...inner);
        continue;
      }
      stack.pop();
      // Operands outside the ring (conditions, bv2int arguments, opaque ints) are translated
      // first, so that building this node makes no nested translation.
      const opaque = RING.has(t.op)
        ? t.op === 'ite'
          ? [this.translate(t.args[0])]
          : []
        : [this.translate(isBvToInt(t) ? t.args[0] : t)];
      const ast = this.buildWith(() =>
        this.wrapNode(
          width,
          t,
          opaque,
          t.args.map((a) => done(a)!),
        ),
      );
      this.wrapCache.set(key(t), { term: t, ast });
    }
    const result = done(root)!;
    this.z3.inc_ref(this.ctx, result);
    return result;
  }

  private wrapNode(width: number, t: Term, opaque: Z3_ast[], a: Z3_ast[]): Z3_ast {
    const { z3, ctx } = this;
    switch (t.op) {
      case 'const':
        return z3.mk_numeral(ctx, BigInt.asUintN(width, t.value as bigint).toString(), z3.mk_bv_sort(ctx, width));
      case 'add':
        return this.fold(a, z3.mk_bvadd);
      case 'sub':
        return this.fold(a, z3.mk_bvsub);
      case 'mul':
        return this.fold(a, z3.mk_bvmul);
      case 'neg':
        return z3.mk_bvneg(ctx, a[0]);
      case 'ite':
        return z3.mk_ite(ctx, opaque[0], a[1], a[2]);
    }
    if (!isBvToInt(t)) return z3.mk_int2bv(ctx, width, opaque[0]);
    const from = t.args[0].sort as { width: number; signed: boolean };
    if (from.width === width) return opaque[0];
    if (from.width > width) return z3.mk_extract(ctx, width - 1, 0, opaque[0]);
    return from.signed
      ? z3.mk_sign_ext(ctx, width - from.width, opaque[0])
      : z3.mk_zero_ext(ctx, width - from.width, opaque[0]);
  }

  /** Run one node builder with build()'s reference discipline: the result carries one reference. */
  private buildWith(make: () => Z3_ast): Z3_ast {
    try {
      const ast = this.own(make());
      this.z3.inc_ref(this.ctx, ast);
      return ast;
    } finally {
      for (const tmp of this.temps) this.z3.dec_ref(this.ctx, tmp);
      this.temps = [];
    }
  }

  private lookup(t: Term): Z3_ast | undefined {
    const e = this.cache.get(t.id);
    return e !== undefined && e.term === t ? e.ast : undefined;
  }

  private store(t: Term, ast: Z3_ast): void {
    const old = this.cache.get(t.id);
    if (old !== undefined) this.z3.dec_ref(this.ctx, old.ast);
    this.cache.set(t.id, { term: t, ast });
  }

  /** Build one node from translated arguments; the result carries one reference. */
  private build(t: Term): Z3_ast {
    return this.buildWith(() =>
      this.node(
        t,
        t.args.map((a) => this.lookup(a)!),
      ),
    );
  }

  /** Keep a temporary alive until the node under construction is finished. */
  private own(ast: Z3_ast | null): Z3_ast {
    const code = this.z3.get_error_code(this.ctx);
    if (!ast || code !== 0) {
      throw new Error(`Z3 error while translating: ${this.z3.get_error_msg(this.ctx, code)}`);
    }
    this.z3.inc_ref(this.ctx, ast);
    this.temps.push(ast);
    return ast;
  }

  private node(t: Term, a: Z3_ast[]): Z3_ast {
    const { z3, ctx } = this;
    const bv = t.args.length > 0 && t.args[0].sort.kind === 'bv';
    const signed = t.args.length > 0 && t.args[0].sort.kind === 'bv' && t.args[0].sort.signed;
    switch (t.op) {
      case 'const':
        return this.constant(t);
      case 'sym':
        return z3.mk_const(ctx, z3.mk_string_symbol(ctx, t.symbol!.name), this.sort(t.sort));
      // Binder names are Sym identifiers, never containing the '!' every symbol name has.
      case 'bound':
        return z3.mk_const(ctx, z3.mk_string_symbol(ctx, t.name!), this.sort(t.sort));
      case 'not':
        return z3.mk_not(ctx, a[0]);
      case 'and':
        return a.length === 0 ? z3.mk_true(ctx) : z3.mk_and(ctx, a);
      case 'or':
        return a.length === 0 ? z3.mk_false(ctx) : z3.mk_or(ctx, a);
      case 'implies':
        return z3.mk_implies(ctx, a[0], a[1]);
      case 'ite':
        return z3.mk_ite(ctx, a[0], a[1], a[2]);
      case 'eq':
        return z3.mk_eq(ctx, a[0], a[1]);
      case 'add':
        return bv ? this.fold(a, z3.mk_bvadd) : z3.mk_add(ctx, a);
      case 'sub':
        return bv ? this.fold(a, z3.mk_bvsub) : z3.mk_sub(ctx, a);
      case 'mul':
        return bv ? this.fold(a, z3.mk_bvmul) : z3.mk_mul(ctx, a);
      case 'div':
        if (bv) return signed ? z3.mk_bvsdiv(ctx, a[0], a[1]) : z3.mk_bvudiv(ctx, a[0], a[1]);
        return this.truncating('div', a[0], a[1]);
      case 'mod':
        if (bv) return signed ? z3.mk_bvsrem(ctx, a[0], a[1]) : z3.mk_bvurem(ctx, a[0], a[1]);
        return this.truncating('mod', a[0], a[1]);
      case 'neg':
        return bv ? z3.mk_bvneg(ctx, a[0]) : z3.mk_unary_minus(ctx, a[0]);
      case 'lt':
        if (!bv) return z3.mk_lt(ctx, a[0], a[1]);
        return signed ? z3.mk_bvslt(ctx, a[0], a[1]) : z3.mk_bvult(ctx, a[0], a[1]);
      case 'le':
        if (!bv) return z3.mk_le(ctx, a[0], a[1]);
        return signed ? z3.mk_bvsle(ctx, a[0], a[1]) : z3.mk_bvule(ctx, a[0], a[1]);
      case 'bvand':
        return this.fold(a, z3.mk_bvand);
      case 'bvor':
        return this.fold(a, z3.mk_bvor);
      case 'bvxor':
        return this.fold(a, z3.mk_bvxor);
      case 'bvnot':
        return z3.mk_bvnot(ctx, a[0]);
      case 'shl':
        return z3.mk_bvshl(ctx, a[0], a[1]);
      case 'shr':
        return signed ? z3.mk_bvashr(ctx, a[0], a[1]) : z3.mk_bvlshr(ctx, a[0], a[1]);
      case 'cast':
        return this.cast(t.args[0].sort, t.sort, a[0]);
      case 'select':
        return z3.mk_select(ctx, a[0], a[1]);
      case 'store':
        return z3.mk_store(ctx, a[0], a[1], a[2]);
      case 'constArray':
        return z3.mk_const_array(ctx, this.sort({ kind: 'int' }), a[0]);
      case 'app':
        return z3.mk_app(ctx, this.func(t), a);
      case 'forall':
      case 'exists': {
        // quantParts's layout: binders, patterns (built by the 'pattern' case), body.
        const n = quantParts(t).bounds.length;
        const bound = a.slice(0, n) as unknown as Z3_app[];
        const patterns = a.slice(n, -1) as unknown as Z3_pattern[];
        const body = a[a.length - 1];
        return t.op === 'forall'
          ? z3.mk_forall_const(ctx, 0, bound, patterns, body)
          : z3.mk_exists_const(ctx, 0, bound, patterns, body);
      }
      case 'pattern':
        // A Z3 pattern is an AST (Z3_pattern_to_ast is the identity): cached and counted like one.
        return z3.mk_pattern(ctx, a) as unknown as Z3_ast;
      case 'coll':
        return this.coll(t, a);
      case 'real':
        return this.real(t, a);
    }
  }

  /** A real operation (terms/reals.ts): permission amounts in Z3's real arithmetic. */
  private real(t: Term, a: Z3_ast[]): Z3_ast {
    const { z3, ctx } = this;
    const q = realConstant(t);
    if (q) return z3.mk_numeral(ctx, `${q.n}/${q.d}`, this.sort(t.sort));
    switch (t.name) {
      case 'add':
        return z3.mk_add(ctx, a);
      case 'sub':
        return z3.mk_sub(ctx, a);
      case 'mul':
        return z3.mk_mul(ctx, a);
      case 'div':
        return z3.mk_div(ctx, a[0], a[1]);
      case 'neg':
        return z3.mk_unary_minus(ctx, a[0]);
      case 'lt':
        return z3.mk_lt(ctx, a[0], a[1]);
      case 'le':
        return z3.mk_le(ctx, a[0], a[1]);
      case 'of_int':
        return z3.mk_int2real(ctx, a[0]);
    }
    throw new Error(`internal: real operation ${t.name}`);
  }

  /** A set or sequence operation (terms/collections.ts) by Z3's own functions. */
  private coll(t: Term, a: Z3_ast[]): Z3_ast {
    const { z3, ctx } = this;
    const op = t.name as CollOp;
    switch (op) {
      case 'set.empty':
        return z3.mk_empty_set(ctx, this.sort((t.sort as { elem: Sort }).elem));
      case 'set.insert':
        return z3.mk_set_add(ctx, a[0], a[1]);
      case 'set.union':
        return z3.mk_set_union(ctx, a);
      case 'set.inter':
        return z3.mk_set_intersect(ctx, a);
      case 'set.minus':
        return z3.mk_set_difference(ctx, a[0], a[1]);
      case 'set.subset':
        return z3.mk_set_subset(ctx, a[0], a[1]);
      case 'set.in':
        return z3.mk_set_member(ctx, a[0], a[1]);
      case 'seq.empty':
        return z3.mk_seq_empty(ctx, this.sort(t.sort));
      case 'seq.unit':
        return z3.mk_seq_unit(ctx, a[0]);
      case 'seq.concat':
        return z3.mk_seq_concat(ctx, a);
      case 'seq.len':
        return z3.mk_seq_length(ctx, a[0]);
      case 'seq.nth':
        return z3.mk_seq_nth(ctx, a[0], a[1]);
      case 'seq.extract':
        return z3.mk_seq_extract(ctx, a[0], a[1], a[2]);
      case 'seq.in':
        return z3.mk_seq_contains(ctx, a[1], this.own(z3.mk_seq_unit(ctx, a[0])));
    }
  }

  /** The declaration of the uninterpreted function `app` applies (cached with a reference). */
  private func(app: Term): Z3_func_decl {
    const key = `${app.name!}:${signatureKey(app, sortKey)}`;
    let f = this.functions.get(key);
    if (f === undefined) {
      const { z3, ctx } = this;
      const domain = app.args.map((a) => this.sort(a.sort));
      f = z3.mk_func_decl(ctx, z3.mk_string_symbol(ctx, functionSmtName(app.name!)), domain, this.sort(app.sort));
      z3.inc_ref(ctx, f as unknown as Z3_ast);
      this.functions.set(key, f);
    }
    return f;
  }

  private constant(t: Term): Z3_ast {
    const { z3, ctx } = this;
    const v = t.value!;
    if (typeof v === 'boolean') return v ? z3.mk_true(ctx) : z3.mk_false(ctx);
    // Z3 bit-vector numerals are unsigned: write the two's-complement bits.
    const digits = t.sort.kind === 'bv' ? BigInt.asUintN(t.sort.width, v).toString() : v.toString();
    return z3.mk_numeral(ctx, digits, this.sort(t.sort));
  }

  private fold(a: Z3_ast[], mk: (c: Z3_context, x: Z3_ast, y: Z3_ast) => Z3_ast): Z3_ast {
    let acc = a[0];
    for (let i = 1; i < a.length; i++) {
      acc = i === a.length - 1 ? mk(this.ctx, acc, a[i]) : this.own(mk(this.ctx, acc, a[i]));
    }
    return acc;
  }

  /** Int division and remainder truncating toward zero (Z3's div/mod are Euclidean), with
   *  x / 0 = 0 and x % 0 = x as in semantics.ts: for a >= 0 Euclidean and truncating agree,
   *  for a < 0 negate the dividend and the result. */
  private truncating(op: 'div' | 'mod', x: Z3_ast, y: Z3_ast): Z3_ast {
    const { z3, ctx } = this;
    const int = this.sort({ kind: 'int' });
    const zero = this.own(z3.mk_numeral(ctx, '0', int));
    const euclid = op === 'div' ? z3.mk_div : z3.mk_mod;
    const pos = this.own(euclid(ctx, x, y));
    const negX = this.own(z3.mk_unary_minus(ctx, x));
    const neg = this.own(z3.mk_unary_minus(ctx, this.own(euclid(ctx, negX, y))));
    const nonNeg = this.own(z3.mk_ge(ctx, x, zero));
    const result = this.own(z3.mk_ite(ctx, nonNeg, pos, neg));
    const byZero = this.own(z3.mk_eq(ctx, y, zero));
    return z3.mk_ite(ctx, byZero, op === 'div' ? zero : x, result);
  }

  /** int<->bv wraps, bv->int reads by the source signedness, bv->bv extends by the source
   *  signedness or truncates; bool<->numeric (should the checker allow it) is 1/0 and != 0. */
  private cast(from: Sort, to: Sort, x: Z3_ast): Z3_ast {
    const { z3, ctx } = this;
    if (from.kind === 'bool' && to.kind !== 'bool') {
      const one = this.own(z3.mk_numeral(ctx, '1', this.sort(to)));
      const zero = this.own(z3.mk_numeral(ctx, '0', this.sort(to)));
      return z3.mk_ite(ctx, x, one, zero);
    }
    if (to.kind === 'bool' && from.kind !== 'bool') {
      const zero = this.own(z3.mk_numeral(ctx, '0', this.sort(from)));
      return z3.mk_not(ctx, this.own(z3.mk_eq(ctx, x, zero)));
    }
    if (from.kind === 'int' && to.kind === 'bv') return z3.mk_int2bv(ctx, to.width, x);
    if (from.kind === 'bv' && to.kind === 'int') return z3.mk_bv2int(ctx, x, from.signed);
    if (from.kind === 'bv' && to.kind === 'bv') {
      if (to.width > from.width) {
        const extra = to.width - from.width;
        return from.signed ? z3.mk_sign_ext(ctx, extra, x) : z3.mk_zero_ext(ctx, extra, x);
      }
      if (to.width < from.width) return z3.mk_extract(ctx, to.width - 1, 0, x);
    }
    return x; // same representation (e.g. i8 -> u8): only the reading changes
  }
}
