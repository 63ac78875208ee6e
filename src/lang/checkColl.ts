// Type checking of set and sequence operations (Coll nodes, which only the Viper front end
// makes). An empty literal takes its element type from `Set[T]()` or from the type its context
// expects (`s == Set()`); the cardinality of a set has no term the solver decides
// (terms/collections.ts) and is refused by name here, so a `.vpr` file using it is `unsupported`.

import type { Coll, Expr } from './ast';
import type { CheckExpr, ExprContext } from './exprContext';
import { BOOL, INT, typeEquals, typeName, type Type } from './types';

type Kind = 'set' | 'seq';

export const SET_CARDINALITY = 'set cardinality (|s| of a Set)';

function collOf(kind: Kind, elem: Type): Type {
  return { kind, elem };
}

/** The element type of `t` when it is a collection of this kind. */
function elemOf(t: Type | undefined, kind: Kind): Type | undefined {
  return t !== undefined && t.kind === kind ? t.elem : undefined;
}

export function collType(check: CheckExpr, e: Coll, ctx: ExprContext, hint?: Type): Type | undefined {
  const err = (span: Coll['span'], message: string): undefined => {
    ctx.tables.error(span, message);
    return undefined;
  };
  /** `x`, which must be of type `want` (when known). */
  const expect = (x: Expr, want: Type | undefined, what: string): Type | undefined => {
    const t = check(x, ctx, want);
    if (t === undefined || want === undefined || typeEquals(t, want)) return t;
    return err(x.span, `${what} must be ${typeName(want)}, not ${typeName(t)}`);
  };
  /** An operand that must be a collection of this kind. */
  const coll = (x: Expr, kind: Kind, want?: Type): Type | undefined => {
    const t = check(x, ctx, want);
    if (t !== undefined && t.kind !== kind)
      return err(x.span, `expected a ${kind === 'set' ? 'Set' : 'Seq'}, not ${typeName(t)}`);
    if (t === undefined || want === undefined || typeEquals(t, want)) return t;
    return err(x.span, `the operand must be ${typeName(want)}, not ${typeName(t)}`);
  };
  const [a, b, c] = e.args;
  switch (e.op) {
    case 'setLit':
    case 'seqLit': {
      const kind: Kind = e.op === 'setLit' ? 'set' : 'seq';
      let elem = e.elem ?? elemOf(hint, kind);
      for (const x of e.args) elem = expect(x, elem, 'an element') ?? elem;
      if (elem === undefined)
        return err(
          e.span,
          `the element type of an empty ${kind === 'set' ? 'Set' : 'Seq'} is not known here: write ${kind === 'set' ? 'Set' : 'Seq'}[T]()`,
        );
      return collOf(kind, elem);
    }
    case 'union':
    case 'intersection':
    case 'setminus': {
      const l = coll(a, 'set', hint?.kind === 'set' ? hint : undefined);
      const r = l === undefined ? check(b, ctx) : coll(b, 'set', l);
      return l && r;
    }
    case 'subset': {
      const l = coll(a, 'set');
      return l && coll(b, 'set', l) && BOOL;
    }
    case 'in': {
      const t = check(b, ctx);
      if (t === undefined) return check(a, ctx) && undefined;
      if (t.kind !== 'set' && t.kind !== 'seq')
        return err(b.span, `'in' needs a Set or a Seq on its right, not ${typeName(t)}`);
      return expect(a, t.elem, 'the element') && BOOL;
    }
    case 'size': {
      const t = check(a, ctx);
      if (t === undefined) return INT;
      if (t.kind === 'set') return err(e.span, SET_CARDINALITY);
      if (t.kind !== 'seq') return err(a.span, `|…| needs a Seq, not ${typeName(t)}`);
      return INT;
    }
    case 'at': {
      const s = coll(a, 'seq');
      expect(b, INT, 'an index');
      return elemOf(s, 'seq');
    }
    case 'concat': {
      const l = coll(a, 'seq', hint?.kind === 'seq' ? hint : undefined);
      const r = l === undefined ? check(b, ctx) : coll(b, 'seq', l);
      return l && r;
    }
    case 'take':
    case 'drop': {
      const s = coll(a, 'seq', hint?.kind === 'seq' ? hint : undefined);
      expect(b, INT, 'a bound');
      return s;
    }
    case 'range':
      expect(a, INT, 'a bound');
      expect(b, INT, 'a bound');
      return collOf('seq', INT);
    case 'update': {
      const s = coll(a, 'seq', hint?.kind === 'seq' ? hint : undefined);
      expect(b, INT, 'an index');
      expect(c, elemOf(s, 'seq'), 'the new element');
      return s;
    }
  }
}
