// Every expression of a checked program, with the statement kinds that hold expressions:
// the one traversal the language server's index needs (names live in expressions and
// declarations). Iterative, so very deep expressions do not overflow the stack.

import type { Expr, Stmt, TopDecl } from '../lang/ast';
import { forEachStmt } from '../engine/rules/walkStmts';
import { pushAll } from '../lang/pushAll';

/** The direct sub-expressions of `e`. */
export function childExprs(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'arrayLit':
      return e.elems;
    case 'coll':
      return e.args;
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'cond':
      return [e.cond, e.then, e.otherwise];
    case 'index':
      return [e.array, e.index];
    case 'length':
      return [e.array];
    case 'call':
    case 'domainApp':
      return e.args;
    case 'old':
    case 'cast':
      return [e.expr];
    case 'quant':
    case 'untouched':
      return [e.body];
    case 'field':
      return [e.object];
    case 'acc':
      return [e.target];
    case 'unfolding':
      return [e.pred, e.body];
    case 'asserting':
      return [e.assertion, e.body];
    default:
      return [];
  }
}

/** The expressions a statement holds directly (not those of nested statements). */
export function stmtExprs(s: Stmt): readonly Expr[] {
  switch (s.kind) {
    case 'varDecl':
      return s.init && s.init.kind !== 'havoc' ? [s.init] : [];
    case 'assign':
      return s.value.kind === 'havoc' ? [s.target] : [s.target, s.value];
    case 'callAssign':
      return [...s.targets, s.call];
    case 'if':
      return [s.cond];
    case 'while':
      return [s.cond, ...s.invariants];
    case 'assume':
    case 'assert':
      return [s.cond];
    case 'join':
      return s.cond ? [s.cond] : [];
    case 'callStmt':
      return [s.call];
    case 'return':
      return s.value ? [s.value] : [];
    case 'fold':
    case 'unfold':
      return [s.pred];
    case 'quasihavoc':
      return s.cond ? [s.cond, s.target] : [s.target];
    case 'refute':
      return [s.cond];
    default:
      return [];
  }
}

/** The top-level expressions and statements of a declaration. */
function declRoots(d: TopDecl): { exprs: Expr[]; stmts: readonly Stmt[] } {
  switch (d.kind) {
    case 'proc':
      return { exprs: [...d.requires, ...d.ensures], stmts: d.body.stmts };
    case 'varDecl':
      return { exprs: [], stmts: [d] };
    case 'predicate':
      return { exprs: [d.body], stmts: [] };
    case 'function':
      return { exprs: [...d.requires, ...(d.body ? [d.body] : []), ...(d.ensures ?? [])], stmts: [] };
    case 'class':
      return { exprs: [], stmts: [] };
    case 'synth':
      return { exprs: d.rules.flatMap((r) => r.alts), stmts: [] };
    case 'axiom':
      return { exprs: [d.body], stmts: [] };
  }
}

/** Calls `visit` on every statement of `d` (parents first) and `visitExpr` on every expression. */
export function walkDecl(d: TopDecl, visitStmt: (s: Stmt) => void, visitExpr: (e: Expr) => void): void {
  const { exprs, stmts } = declRoots(d);
  const stack: Expr[] = [...exprs];
  forEachStmt(stmts, (s) => {
    visitStmt(s);
    pushAll(stack, stmtExprs(s));
  });
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    visitExpr(e);
    pushAll(stack, childExprs(e));
  }
}
