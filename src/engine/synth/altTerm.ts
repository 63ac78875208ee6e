// One grammar alternative as a term: parameters become the application's arguments, the
// k-th nonterminal occurrence the k-th child's output, each `const` its shared constant.
// Only the checked subset of Sym a grammar allows (docs/design.md D.22) can appear here.

import type { Expr } from '../../lang/ast';
import type { Type } from '../../lang/types';
import { sortOfType } from '../state/sorts';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { binaryTerm } from '../terms/operators';
import type { AltShape } from './shape';

export interface AltBindings {
  param(name: string): Term;
  child(index: number): Term;
  constant(index: number, type: Type): Term;
}

export function altTerm(T: TermStore, alt: AltShape, types: ReadonlyMap<Expr, Type>, b: AltBindings): Term {
  const typeOf = (e: Expr): Type => {
    const t = types.get(e);
    if (!t) throw new Error(`internal: no type for a grammar expression at line ${e.span.line}`);
    return t;
  };
  const go = (e: Expr): Term => {
    switch (e.kind) {
      case 'intLit':
      case 'charLit':
        return T.constOf(BigInt(e.value), sortOfType(typeOf(e)));
      case 'boolLit':
        return T.bool(e.value);
      case 'var': {
        const c = alt.children.get(e);
        if (c !== undefined) return b.child(c);
        const k = alt.consts.get(e);
        if (k !== undefined) return b.constant(k, typeOf(e));
        return b.param(e.name);
      }
      case 'unary': {
        const t = go(e.operand);
        return e.op === '-' ? T.neg(t) : e.op === '!' ? T.not(t) : T.bvnot(t);
      }
      case 'cond':
        return T.ite(go(e.cond), go(e.then), go(e.otherwise));
      case 'cast':
        return T.cast(go(e.expr), sortOfType(e.type));
      case 'binary':
        return binaryTerm(T, e.op, go(e.left), go(e.right));
      default:
        throw new Error(`internal: ${e.kind} in a grammar alternative`);
    }
  };
  return go(alt.expr);
}
