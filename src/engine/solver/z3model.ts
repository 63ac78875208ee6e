// Reading a Z3 model back into our values. Each symbol is evaluated with model completion;
// numerals come back as decimal strings (bit-vectors unsigned, converted to the symbol's
// signed range); arrays are read structurally from the value Z3 gives: a chain of `store`
// over `(as const ...)`, or `(_ as-array f)` whose function interpretation lists the entries
// and the else value. Anything else (a lambda) is reported as an error, never guessed.

import type { Z3_ast, Z3_context, Z3_func_decl, Z3_model, Z3Core } from 'z3-solver';
import type { Sort, Term } from '../terms/term';
import { arrayValue, type Value } from '../terms/values';

const Z3_L_TRUE = 1;
const Z3_APP_AST = 1;
const Z3_OP_STORE = 768;
const Z3_OP_CONST_ARRAY = 770;

export class Z3ModelReader {
  constructor(
    private readonly z3: Z3Core,
    private readonly ctx: Z3_context,
    private readonly model: Z3_model,
  ) {}

  /** The value of `symbol` (whose Z3 AST is `ast`) in the model. */
  read(symbol: Term, ast: Z3_ast): Value {
    const v = this.z3.model_eval(this.ctx, this.model, ast, true);
    if (v === null) throw new Error(`Z3 could not evaluate ${symbol.symbol?.name ?? symbol.id}`);
    return this.withRef(v, () => this.value(v, symbol.sort));
  }

  private value(ast: Z3_ast, sort: Sort): Value {
    const { z3, ctx } = this;
    switch (sort.kind) {
      case 'bool':
        return z3.get_bool_value(ctx, ast) === Z3_L_TRUE;
      case 'int':
        return BigInt(this.numeral(ast));
      case 'bv': {
        const bits = BigInt(this.numeral(ast));
        return sort.signed ? BigInt.asIntN(sort.width, bits) : bits;
      }
      case 'array':
        return this.array(ast, sort.elem);
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
      const kind = z3.get_ast_kind(ctx, ast) === Z3_APP_AST
        ? z3.get_decl_kind(ctx, z3.get_app_decl(ctx, ast as never)) : -1;
      if (kind === Z3_OP_CONST_ARRAY) {
        return arrayValue(this.value(z3.get_app_arg(ctx, ast as never, 0), elem), entries);
      }
      if (kind !== Z3_OP_STORE) {
        throw new Error(`unsupported array value in Z3 model: ${z3.ast_to_string(ctx, ast)}`);
      }
      const index = BigInt(this.numeral(z3.get_app_arg(ctx, ast as never, 1)));
      if (!entries.has(index)) entries.set(index, this.value(z3.get_app_arg(ctx, ast as never, 2), elem));
      ast = z3.get_app_arg(ctx, ast as never, 0);
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
