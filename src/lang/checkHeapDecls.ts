// Checking of the declarations objects and permissions add: classes (field names and types),
// predicates (parameters and an assertion body) and heap-dependent functions (parameters,
// `requires` assertions, a pure body of the result type, and the termination rule: a call in
// a function body names a function declared earlier, or lies inside `unfolding`).

import type { ClassDecl, Expr, FunctionDecl, Param, PredicateDecl, Proc, Program } from './ast';
import type { CheckTables } from './checkTables';
import { checkExpr, NESTED_CALL, type ExprContext } from './checkExpr';
import { checkTypeKnown } from './checkHeap';
import { checkBool } from './checkStmt';
import type { HeapEnv } from './heapEnv';
import { Scope } from './scope';
import { typeEquals, typeName } from './types';

export function checkHeapDecls(
  program: Program,
  tables: CheckTables,
  procs: ReadonlyMap<string, Proc>,
  heap: HeapEnv,
  globals: Scope,
  anyOrder = false,
): void {
  // In any order (Viper's): every function counts as declared before every other.
  const earlier = new Set<string>(anyOrder ? heap.functions.keys() : []);
  for (const d of program.decls) {
    if (d.kind === 'class') checkClass(d, tables, heap);
    if (d.kind === 'predicate') checkPredicate(d, contextFor(d.params, tables, procs, heap, globals));
    if (d.kind === 'function') {
      checkFunction(d, contextFor(d.params, tables, procs, heap, globals), new Set(earlier));
      earlier.add(d.name);
    }
  }
}

function checkClass(c: ClassDecl, tables: CheckTables, heap: HeapEnv): void {
  const seen = new Map<string, number>();
  const ctx = { tables, heap };
  for (const f of c.fields) {
    const line = seen.get(f.name);
    if (line !== undefined) tables.error(f.nameSpan, `class ${c.name} already has a field '${f.name}' (line ${line})`);
    else seen.set(f.name, f.span.line);
    checkTypeKnown(f.type, f.span, ctx);
  }
}

/** A scope with the parameters declared; predicates and functions see the globals too. */
function contextFor(
  params: readonly Param[],
  tables: CheckTables,
  procs: ReadonlyMap<string, Proc>,
  heap: HeapEnv,
  globals: Scope,
): ExprContext {
  const scope = new Scope((name) => globals.lookup(name));
  const ctx: ExprContext = {
    tables,
    scope,
    procs,
    heap,
    spec: true,
    old: false,
    beforeReturns: false,
    callMessage: NESTED_CALL,
  };
  for (const p of params) {
    checkTypeKnown(p.type, p.span, ctx);
    const clash = scope.declare(p.name, { type: p.type, decl: p, kind: 'parameter' });
    if (clash) tables.error(p.span, clash);
    tables.declared(p, p.type);
  }
  return ctx;
}

function checkPredicate(p: PredicateDecl, ctx: ExprContext): void {
  checkBool(p.body, ctx, `the body of predicate '${p.name}'`);
}

function checkFunction(f: FunctionDecl, ctx: ExprContext, earlier: ReadonlySet<string>): void {
  checkTypeKnown(f.result, f.nameSpan, ctx);
  const requiresCtx: ExprContext = {
    ...ctx,
    heap: { ...ctx.heap!, inFunction: { decl: f, earlier, inUnfolding: false, inRequires: true } },
  };
  for (const r of f.requires) checkBool(r, requiresCtx, `a 'requires' clause`);
  // The body runs in code too (functions are expressions); quantifiers are allowed there as in
  // any code (checkStmt.ts).
  const bodyCtx: ExprContext = {
    ...ctx,
    heap: { ...ctx.heap!, inFunction: { decl: f, earlier, inUnfolding: false } },
  };
  if (f.ensures) checkPosts(f, f.ensures, ctx);
  if (!f.body) return;
  const t = checkExpr(f.body, bodyCtx, f.result);
  if (t && !typeEquals(t, f.result)) {
    ctx.tables.error(
      f.body.span,
      `the body of '${f.name}' has type ${typeName(t)}, but the function returns ${typeName(f.result)}`,
    );
  }
}

/** An abstract function's postconditions (Viper's): assertions over the parameters and `result`. */
function checkPosts(f: FunctionDecl, posts: readonly Expr[], ctx: ExprContext): void {
  const scope = new Scope((name) => ctx.scope.lookup(name));
  const result: Param = { name: 'result', type: f.result, span: f.nameSpan };
  const clash = scope.declare('result', { type: f.result, decl: result, kind: 'parameter' });
  if (clash) ctx.tables.error(f.nameSpan, clash);
  for (const e of posts) checkBool(e, { ...ctx, scope }, `an 'ensures' clause`);
}
