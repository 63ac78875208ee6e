// Reading a function back from a model of the selector encoding (the seed's sval2term):
// walk from the root along the true selectors, put the constants' model values in, and
// print the body in Sym syntax (the printer parenthesizes by precedence).

import type { Expr, SynthDecl } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Model } from '../solver/solver';
import type { TermStore } from '../terms/store';
import { allowed, constant, selector } from './encode';
import { childPos, shapeOf, type AltShape, type GrammarShape } from './shape';
import type { Type } from '../../lang/types';
import type { Term } from '../terms/term';

export interface SynthesizedFunction {
  readonly params: string[];
  readonly body: string;
  readonly depth: number;
}

/** `rho(x, i) = 5 - i`: how verify, `symdap run` and the debugger print a function. */
export function functionDefinition(name: string, f: SynthesizedFunction): string {
  return `${name}(${f.params.join(', ')}) = ${f.body}`;
}

/** The body of `decl` the model chooses, as an expression over its parameters. */
export function bodyFromModel(
  T: TermStore,
  decl: SynthDecl,
  model: Model,
  types: ReadonlyMap<Expr, Type>,
): { expr: Expr; depth: number } {
  const g = shapeOf(decl);
  return build(T, g, model, types, '', g.start, 0);
}

export function describeFunction(
  T: TermStore,
  decl: SynthDecl,
  model: Model,
  types: ReadonlyMap<Expr, Type>,
): SynthesizedFunction {
  const { expr, depth } = bodyFromModel(T, decl, model, types);
  return { params: decl.params.map((p) => p.name), body: printExpr(expr, 400), depth };
}

function build(
  T: TermStore,
  g: GrammarShape,
  model: Model,
  types: ReadonlyMap<Expr, Type>,
  pos: string,
  nt: string,
  level: number,
): { expr: Expr; depth: number } {
  const alts = g.alts.get(nt)!;
  const chosen = alts.findIndex(
    (_, a) => allowed(g, nt, a, level) && model.get(selector(T, g.decl.name, pos, nt, a).id) === true,
  );
  // A function no path applies is unconstrained: its first leaf alternative will do.
  const a =
    chosen >= 0
      ? chosen
      : Math.max(
          0,
          alts.findIndex((alt) => alt.childNames.length === 0),
        );
  const alt = alts[a];
  let depth = 1;
  const children = alt.childNames.map((child, c) => {
    const sub = build(T, g, model, types, childPos(pos, c), child, level + 1);
    depth = Math.max(depth, sub.depth + 1);
    return sub.expr;
  });
  const constValue = (e: Expr, j: number): Expr => {
    const v = model.get(constant(T, g.decl.name, pos, nt, a, j, types.get(e)!).id);
    if (typeof v === 'boolean') return { kind: 'boolLit', value: v, span: e.span };
    return { kind: 'intLit', value: typeof v === 'bigint' ? v : 0n, span: e.span };
  };
  return { expr: substitute(alt, children, constValue), depth };
}

/** The choices a model makes for `decl`: the true selectors of the nodes the function uses and
 *  its constants' values, as literals (their conjunction pins this one term of the grammar). */
export function chosenLiterals(T: TermStore, decl: SynthDecl, model: Model, types: ReadonlyMap<Expr, Type>): Term[] {
  const g = shapeOf(decl);
  const out: Term[] = [];
  const walk = (pos: string, nt: string, level: number): void => {
    const alts = g.alts.get(nt)!;
    const a = alts.findIndex(
      (_, i) => allowed(g, nt, i, level) && model.get(selector(T, decl.name, pos, nt, i).id) === true,
    );
    if (a < 0) return;
    out.push(selector(T, decl.name, pos, nt, a));
    for (const [e, j] of alts[a].consts) {
      const c = constant(T, decl.name, pos, nt, a, j, types.get(e)!);
      const v = model.get(c.id);
      if (v !== undefined) out.push(T.eq(c, T.constOf(v, c.sort)));
    }
    alts[a].childNames.forEach((child, c) => walk(childPos(pos, c), child, level + 1));
  };
  walk('', g.start, 0);
  return out;
}

function substitute(alt: AltShape, children: readonly Expr[], constValue: (e: Expr, j: number) => Expr): Expr {
  const go = (e: Expr): Expr => {
    switch (e.kind) {
      case 'var': {
        const c = alt.children.get(e);
        if (c !== undefined) return children[c];
        const j = alt.consts.get(e);
        return j !== undefined ? constValue(e, j) : e;
      }
      case 'unary':
        return { ...e, operand: go(e.operand) };
      case 'cast':
        return { ...e, expr: go(e.expr) };
      case 'binary':
        return { ...e, left: go(e.left), right: go(e.right) };
      case 'cond':
        return { ...e, cond: go(e.cond), then: go(e.then), otherwise: go(e.otherwise) };
      default:
        return e;
    }
  };
  return go(alt.expr);
}
