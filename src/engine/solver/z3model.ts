// Reading a Z3 model back into our values. Each symbol is evaluated with model completion;
// numerals come back as decimal strings (bit-vectors unsigned, converted to the symbol's
// signed range); arrays are read structurally from the value Z3 gives: a chain of `store`
// over `(as const ...)`, or `(_ as-array f)` whose function interpretation lists the entries
// and the else value. A lambda (Z3 answers so when quantifiers constrain the array) has no
// finite form: it is sampled at the integer numerals of its body and their neighbours (its
// breakpoints), and the default is the element sort's default. Documented, not exact.

import type { Z3_ast, Z3_context, Z3_func_decl, Z3_model, Z3Core } from 'z3-solver';
import type { Sort, Term } from '../terms/term';
import { arrayValue, defaultValue, type Value } from '../terms/values';
import { uninterpretedValueIndex } from '../terms/uninterpreted';
import { readCollection, type ValueTree } from './collvalue';
import { UnreadCollection } from './smtvalue';

const Z3_L_TRUE = 1;
const Z3_APP_AST = 1;
const Z3_QUANTIFIER_AST = 3;
const Z3_NUMERAL_AST = 0;
const MAX_SAMPLES = 256;
const Z3_INT_SORT = 2;
const Z3_OP_STORE = 768;
const Z3_OP_CONST_ARRAY = 770;

export class Z3ModelReader {
  constructor(
    private readonly z3: Z3Core,
    private readonly ctx: Z3_context,
    private readonly model: Z3_model,
  ) {}

  /** The value of `symbol` (whose Z3 AST is `ast`) in the model; undefined for a set or
   *  sequence value the display does not read (collvalue.ts). */
  read(symbol: Term, ast: Z3_ast): Value | undefined {
    const v = this.z3.model_eval(this.ctx, this.model, ast, true);
    if (v === null) throw new Error(`Z3 could not evaluate ${symbol.symbol?.name ?? symbol.id}`);
    try {
      return this.withRef(v, () => this.value(v, symbol.sort));
    } catch (e) {
      if (e instanceof UnreadCollection) return undefined;
      throw e;
    }
  }

  private readonly tree: ValueTree<Z3_ast> = {
    app: (e) => {
      const { z3, ctx } = this;
      if (z3.get_ast_kind(ctx, e) !== Z3_APP_AST) return undefined;
      const decl = z3.get_app_decl(ctx, e as never);
      const name = z3.get_symbol_string(ctx, z3.get_decl_name(ctx, decl));
      const n = z3.get_app_num_args(ctx, e as never);
      return { name, args: Array.from({ length: n }, (_, i) => z3.get_app_arg(ctx, e as never, i)) };
    },
    scalar: (e, sort) => this.value(e, sort),
    array: (e) => this.array(e, { kind: 'bool' }),
  };

  private value(ast: Z3_ast, sort: Sort): Value {
    const { z3, ctx } = this;
    switch (sort.kind) {
      case 'real':
        // A permission amount: no Value holds a rational, so the model leaves it out (reals.ts).
        throw new UnreadCollection();
      case 'set':
      case 'seq': {
        const v = readCollection(this.tree, ast, sort);
        if (v === undefined) throw new UnreadCollection();
        return v;
      }
      case 'bool':
        return z3.get_bool_value(ctx, ast) === Z3_L_TRUE;
      case 'int':
      case 'ref':
        return BigInt(this.numeral(ast));
      case 'bv': {
        const bits = BigInt(this.numeral(ast));
        return sort.signed ? BigInt.asIntN(sort.width, bits) : bits;
      }
      case 'array':
        return this.array(ast, sort.elem);
      case 'uninterpreted': {
        // Z3 names the elements of a declared sort `D!val!0`, `D!val!1`, …
        const text = z3.ast_to_string(ctx, ast);
        const index = uninterpretedValueIndex(text);
        if (index === undefined) throw new Error(`Z3 model value is not a value of ${sort.name}: ${text}`);
        return index;
      }
    }
  }

  private numeral(ast: Z3_ast): string {
    if (!this.z3.is_numeral_ast(this.ctx, ast)) {
      throw new Error(`Z3 model value is not a numeral: ${this.z3.ast_to_string(this.ctx, ast)}`);
    }
    return this.z3.get_numeral_string(this.ctx, ast);
  }

  /** Walk store chains iteratively; an outer store shadows inner ones at the same index. */
  private array(root: Z3_ast, elem: Sort): Value {
    const { z3, ctx } = this;
    const entries = new Map<bigint, Value>();
    let ast = root;
    for (;;) {
      if (z3.is_as_array(ctx, ast)) return this.asArray(z3.get_as_array_func_decl(ctx, ast), elem, entries);
      const kind =
        z3.get_ast_kind(ctx, ast) === Z3_APP_AST ? z3.get_decl_kind(ctx, z3.get_app_decl(ctx, ast as never)) : -1;
      if (kind === Z3_OP_CONST_ARRAY) {
        return arrayValue(this.value(z3.get_app_arg(ctx, ast as never, 0), elem), entries);
      }
      if (z3.get_ast_kind(ctx, ast) === Z3_QUANTIFIER_AST) return this.sampled(root, ast, elem, entries);
      if (kind !== Z3_OP_STORE) {
        throw new Error(`unsupported array value in Z3 model: ${z3.ast_to_string(ctx, ast)}`);
      }
      const index = BigInt(this.numeral(z3.get_app_arg(ctx, ast as never, 1)));
      if (!entries.has(index)) entries.set(index, this.value(z3.get_app_arg(ctx, ast as never, 2), elem));
      ast = z3.get_app_arg(ctx, ast as never, 0);
    }
  }

  /** Values of a lambda-valued array at its breakpoints (numerals of the body, ±1). */
  private sampled(array: Z3_ast, lambda: Z3_ast, elem: Sort, entries: Map<bigint, Value>): Value {
    const { z3, ctx } = this;
    const indices = new Set<bigint>();
    const stack: Z3_ast[] = [z3.get_quantifier_body(ctx, lambda)];
    while (stack.length > 0 && indices.size < MAX_SAMPLES) {
      const a = stack.pop()!;
      const kind = z3.get_ast_kind(ctx, a);
      if (kind === Z3_NUMERAL_AST && z3.get_sort_kind(ctx, z3.get_sort(ctx, a)) === Z3_INT_SORT) {
        const k = BigInt(z3.get_numeral_string(ctx, a));
        for (const i of [k - 1n, k, k + 1n]) indices.add(i);
      } else if (kind === Z3_APP_AST) {
        const n = z3.get_app_num_args(ctx, a as never);
        for (let i = 0; i < n; i++) stack.push(z3.get_app_arg(ctx, a as never, i));
      }
    }
    const intSort = z3.get_array_sort_domain(ctx, z3.get_sort(ctx, array));
    for (const i of indices) {
      if (entries.has(i)) continue;
      const index = this.owned(z3.mk_numeral(ctx, i.toString(), intSort));
      const select = this.owned(z3.mk_select(ctx, array, index));
      const v = this.owned(z3.model_eval(ctx, this.model, select, true)!);
      entries.set(
        i,
        this.withRefs([index, select, v], () => this.value(v, elem)),
      );
    }
    return arrayValue(defaultValue(elem), entries);
  }

  private owned(ast: Z3_ast): Z3_ast {
    this.z3.inc_ref(this.ctx, ast);
    return ast;
  }

  private withRefs<T>(asts: Z3_ast[], f: () => T): T {
    try {
      return f();
    } finally {
      for (const a of asts) this.z3.dec_ref(this.ctx, a);
    }
  }

  private asArray(decl: Z3_func_decl, elem: Sort, entries: Map<bigint, Value>): Value {
    const { z3, ctx, model } = this;
    const fi = z3.model_get_func_interp(ctx, model, decl);
    z3.func_interp_inc_ref(ctx, fi);
    try {
      const n = z3.func_interp_get_num_entries(ctx, fi);
      for (let i = 0; i < n; i++) {
        const e = z3.func_interp_get_entry(ctx, fi, i);
        z3.func_entry_inc_ref(ctx, e);
        try {
          const index = BigInt(this.numeral(z3.func_entry_get_arg(ctx, e, 0)));
          if (!entries.has(index)) entries.set(index, this.value(z3.func_entry_get_value(ctx, e), elem));
        } finally {
          z3.func_entry_dec_ref(ctx, e);
        }
      }
      return arrayValue(this.value(z3.func_interp_get_else(ctx, fi), elem), entries);
    } finally {
      z3.func_interp_dec_ref(ctx, fi);
    }
  }

  private withRef<T>(ast: Z3_ast, f: () => T): T {
    this.z3.inc_ref(this.ctx, ast);
    try {
      return f();
    } finally {
      this.z3.dec_ref(this.ctx, ast);
    }
  }
}
