// Type checking of Sym statements inside a procedure body: declarations, assignments,
// calls (only as a whole right-hand side or as a statement), control flow and the
// specification statements with their bool formulas.

import type { Block, CallAssign, Expr, Havoc, If, LValue, Proc, Quasihavoc, Return, Stmt, VarDecl, While } from './ast';
import { checkCall, checkExpr, NESTED_CALL, type ExprContext } from './checkExpr';
import { checkPartAmount, checkPredicateInstance, checkTypeKnown, heapOf, newType } from './checkHeap';
import type { HeapEnv } from './heapEnv';
import type { CheckTables } from './checkTables';
import type { DeclKind, Scope } from './scope';
import type { LabelScope } from './labelScope';
import { checkCalleeLabels } from './helperLabels';
import { BOOL, typeEquals, typeName, type Type } from './types';

export interface StmtContext {
  readonly tables: CheckTables;
  readonly scope: Scope;
  readonly procs: ReadonlyMap<string, Proc>;
  readonly proc: Proc;
  readonly heap?: HeapEnv;
  readonly labels?: LabelScope;
}

type Where = { spec: boolean; old: boolean };
// `old(e)` reads the entry state anywhere in a body (docs/language.md "Procedures, contracts and old").
// Quantifiers too: the symbolic engine evaluates one in code as the term it is in an assert, and a
// concrete run refuses it where it meets it (engine/concrete/eval.ts), as it does in an assert.
const CODE: Where = { spec: true, old: true };
const SPEC: Where = { spec: true, old: true };
const SPEC_OLD: Where = { spec: true, old: true };

function exprCtx(sc: StmtContext, where: Where): ExprContext {
  return { ...sc, ...where, beforeReturns: false, callMessage: NESTED_CALL };
}

/** Checks a formula or test that must be bool; `what` names it in the message. */
export function checkBool(e: Expr, ctx: ExprContext, what: string): void {
  const t = checkExpr(e, ctx, BOOL);
  if (t && t.kind !== 'bool') ctx.tables.error(e.span, `${what} must be bool, not ${typeName(t)}`);
}

export function checkStmt(s: Stmt, sc: StmtContext): void {
  switch (s.kind) {
    case 'varDecl':
      return checkVarDecl(s, exprCtx(sc, CODE), 'local variable');
    case 'assign':
      return checkAssign(s.target, s.value, sc);
    case 'callAssign':
      return checkCallAssign(s, sc);
    case 'if':
      return checkIf(s, sc);
    case 'while':
      return checkWhile(s, sc);
    case 'assume':
      return checkBool(s.cond, exprCtx(sc, SPEC), `the 'assume' formula`);
    case 'assert':
      return checkBool(s.cond, exprCtx(sc, SPEC), `the 'assert' formula`);
    case 'join':
      if (s.cond) checkBool(s.cond, exprCtx(sc, SPEC_OLD), `the 'join' formula`);
      return;
    case 'callStmt':
      checkCall(s.call, exprCtx(sc, CODE));
      checkCalleeLabels(sc.procs.get(s.call.callee), sc.labels, sc.tables);
      return;
    case 'return':
      return checkReturn(s, sc);
    case 'block':
      return checkBlock(s, sc);
    case 'fold':
    case 'unfold':
      checkPredicateInstance(checkExpr, s.pred, exprCtx(sc, CODE));
      checkPartAmount(checkExpr, s.amount, exprCtx(sc, CODE));
      return;
    case 'label': {
      const clash = sc.labels?.declare(s);
      if (clash) sc.tables.error(s.nameSpan, clash);
      return;
    }
    case 'quasihavoc':
      return checkQuasihavoc(s, sc);
    case 'refute':
      return checkBool(s.cond, exprCtx(sc, CODE), `the 'refute' formula`);
    case 'break':
      // No Sym syntax: only Viper's lowering makes one, inside a loop (viper/lowerGoto.ts).
      return;
  }
}

/** `quasihavoc [c ==>] target`; quasihavocall's binders are in scope for c and the target. */
function checkQuasihavoc(s: Quasihavoc, sc: StmtContext): void {
  sc.scope.enter();
  for (const b of s.vars ?? []) {
    const clash = sc.scope.declare(b.name, { type: b.type, decl: b, kind: 'quantified variable' });
    if (clash) sc.tables.error(b.span, clash);
    sc.tables.declared(b, b.type);
  }
  const what = s.vars ? 'quasihavocall' : 'quasihavoc';
  if (s.cond) checkBool(s.cond, exprCtx(sc, CODE), `the condition of '${what}'`);
  if (s.target.kind === 'call') checkPredicateInstance(checkExpr, s.target, exprCtx(sc, CODE));
  else checkExpr(s.target, exprCtx(sc, CODE));
  sc.scope.exit();
}

export function checkBlock(b: Block, sc: StmtContext): void {
  sc.scope.enter();
  sc.labels?.enter();
  for (const s of b.stmts) checkStmt(s, sc);
  sc.labels?.exit();
  sc.scope.exit();
}

/** The type of a right-hand side; a call is allowed here when the callee returns one value. */
function checkRhs(
  value: Expr | Havoc,
  ctx: ExprContext,
  expected: Type | undefined,
  callable = true,
): Type | undefined {
  if (value.kind === 'havoc') return expected;
  if (value.kind === 'new') {
    if (!callable) ctx.tables.error(value.span, 'a global initializer cannot allocate an object');
    return newType(value, ctx);
  }
  if (value.kind !== 'call' || !callable || isHeapCallee(value.callee, ctx)) return checkExpr(value, ctx, expected);
  const proc = checkCall(value, ctx);
  if (!proc) return undefined;
  if (proc.returns.length === 1) return proc.returns[0].type;
  ctx.tables.error(
    value.span,
    proc.returns.length === 0
      ? `'${proc.name}' returns no value`
      : `'${proc.name}' returns ${proc.returns.length} values: assign them all with 'a, b := ${proc.name}(…);'`,
  );
  return undefined;
}

/** Functions, predicates and `perm(…)` (unless a procedure has the name) are expressions, not procedures. */
function isHeapCallee(name: string, ctx: ExprContext): boolean {
  return (
    heapOf(ctx).functions.has(name) ||
    heapOf(ctx).predicates.has(name) ||
    (heapOf(ctx).synths?.has(name) ?? false) ||
    (name === 'perm' && !ctx.procs.has(name))
  );
}

/**
 * Local and global `var` declarations; the name becomes visible after the initializer.
 * Globals are initialized before any procedure runs, so their initializers call nothing.
 */
export function checkVarDecl(d: VarDecl, ctx: ExprContext, kind: DeclKind): void {
  let type = d.type;
  checkTypeKnown(type, d.nameSpan, ctx);
  if (d.init && d.init.kind !== 'havoc') {
    const t = checkRhs(d.init, ctx, type, kind !== 'global variable');
    if (type && t && !typeEquals(type, t)) {
      ctx.tables.error(
        d.init.span,
        `cannot initialize '${d.name}' of type ${typeName(type)} with a value of type ${typeName(t)}`,
      );
    }
    type ??= t;
  } else if (!type) {
    ctx.tables.error(d.nameSpan, `cannot infer the type of ${d.name}: declare it, e.g. 'var ${d.name}: int := *;'`);
  }
  const clash = ctx.scope.declare(d.name, { type, decl: d, kind });
  if (clash) ctx.tables.error(d.nameSpan, clash);
  ctx.tables.declared(d, type);
}

/** The type of an assignment target, with a name for messages. */
function checkTarget(target: LValue, ctx: ExprContext): { type: Type | undefined; name: string } {
  const type = checkExpr(target, ctx);
  const name =
    target.kind === 'var'
      ? `'${target.name}'`
      : target.kind === 'field'
        ? `field '${target.field}'`
        : 'an array element';
  return { type, name };
}

function checkAssign(target: LValue, value: Expr | Havoc, sc: StmtContext): void {
  const ctx = exprCtx(sc, CODE);
  const t = checkTarget(target, ctx);
  const v = checkRhs(value, ctx, t.type);
  if (t.type && v && !typeEquals(t.type, v)) {
    ctx.tables.error(
      value.span,
      `cannot assign a value of type ${typeName(v)} to ${t.name} of type ${typeName(t.type)}`,
    );
  }
}

function checkCallAssign(s: CallAssign, sc: StmtContext): void {
  const ctx = exprCtx(sc, CODE);
  const targets = s.targets.map((t) => checkTarget(t, ctx));
  const proc = checkCall(s.call, ctx);
  if (!proc) return;
  if (proc.returns.length !== targets.length) {
    ctx.tables.error(
      s.span,
      `'${proc.name}' returns ${proc.returns.length} value${proc.returns.length === 1 ? '' : 's'} ` +
        `but ${targets.length} targets are assigned`,
    );
    return;
  }
  targets.forEach((t, i) => {
    const r = proc.returns[i];
    if (t.type && !typeEquals(t.type, r.type)) {
      ctx.tables.error(
        s.targets[i].span,
        `cannot assign return value '${r.name}' of type ${typeName(r.type)} to ${t.name} of type ${typeName(t.type)}`,
      );
    }
  });
  reportRepeatedTargets(s.targets, ctx.tables);
}

function reportRepeatedTargets(targets: readonly LValue[], tables: CheckTables): void {
  const seen = new Set<string>();
  for (const t of targets) {
    if (t.kind !== 'var') continue;
    if (seen.has(t.name)) tables.error(t.span, `'${t.name}' is assigned twice in the same call`);
    seen.add(t.name);
  }
}

/** An if statement and its `else if` chain, in a loop: chains can be thousands of branches long. */
function checkIf(s: If, sc: StmtContext): void {
  for (let branch: If | undefined = s; branch !== undefined;) {
    checkBool(branch.cond, exprCtx(sc, CODE), `the condition of 'if'`);
    checkBlock(branch.then, sc);
    const rest: If | Block | undefined = branch.otherwise;
    if (rest?.kind === 'block') checkBlock(rest, sc);
    branch = rest?.kind === 'if' ? rest : undefined;
  }
}

function checkWhile(s: While, sc: StmtContext): void {
  checkBool(s.cond, exprCtx(sc, CODE), `the condition of 'while'`);
  for (const inv of s.invariants) checkBool(inv, exprCtx(sc, SPEC), 'a loop invariant');
  checkBlock(s.body, sc);
}

function checkReturn(s: Return, sc: StmtContext): void {
  if (!s.value) return;
  const ctx = exprCtx(sc, CODE);
  const returns = sc.proc.returns;
  if (returns.length !== 1) {
    checkExpr(s.value, ctx);
    ctx.tables.error(
      s.span,
      `'return e;' needs a procedure with exactly one return value, but '${sc.proc.name}' has ${returns.length}`,
    );
    return;
  }
  const t = checkExpr(s.value, ctx, returns[0].type);
  if (t && !typeEquals(t, returns[0].type)) {
    ctx.tables.error(
      s.value.span,
      `cannot return a value of type ${typeName(t)} from '${sc.proc.name}': ` +
        `its result '${returns[0].name}' has type ${typeName(returns[0].type)}`,
    );
  }
}
