// Type checking of the object and permission expressions: field reads, `null`, `new C`,
// `acc(e.f)`, `unfolding`, `untouched`, and calls of functions and predicates. Where
// permissions may appear is a separate pass (checkPermissions.ts); here `acc(…)` and a
// predicate instance are typed bool, which is what they are on a pure path. Sub-expressions
// are checked with the expression checker each function is given (`check`, exprContext.ts).

import type { Acc, Call, Expr, FieldRead, FunctionDecl, Length, New, Param, PredicateDecl, Unfolding } from './ast';
import type { CheckExpr, ExprContext } from './exprContext';
import { checkAmount, permOfType } from './checkPermAmount';
import { EMPTY_HEAP_ENV, fieldOf, type HeapEnv } from './heapEnv';
import type { Span } from './span';
import { BOOL, INT, refType, typeEquals, typeName, type Type } from './types';

export function heapOf(ctx: Pick<ExprContext, 'heap'>): HeapEnv {
  return ctx.heap ?? EMPTY_HEAP_ENV;
}

/** Reports a class type whose class is not declared (also inside array types). */
export function checkTypeKnown(t: Type | undefined, span: Span, ctx: Pick<ExprContext, 'tables' | 'heap'>): void {
  if (t?.kind === 'array') return checkTypeKnown(t.elem, span, ctx);
  if (t?.kind === 'ref' && !heapOf(ctx).classes.has(t.className)) {
    ctx.tables.error(span, `unknown class '${t.className}'`);
  }
}

export function nullType(span: Span, ctx: ExprContext, hint: Type | undefined): Type | undefined {
  if (hint?.kind === 'ref') return hint;
  ctx.tables.error(span, `cannot infer the class of null: compare or assign it to a reference (e.g. 'c == null')`);
  return undefined;
}

/** `new C` typed on its own: only the whole right-hand side of an assignment may allocate. */
export function newInExpr(e: New, ctx: ExprContext): Type | undefined {
  ctx.tables.error(e.span, `'new' must be the whole right-hand side of an assignment or declaration`);
  return newType(e, ctx);
}

export function newType(e: New, ctx: ExprContext): Type | undefined {
  if (!heapOf(ctx).classes.has(e.className)) {
    ctx.tables.error(e.classSpan, `unknown class '${e.className}'`);
    return undefined;
  }
  return ctx.tables.typed(e, refType(e.className));
}

/** `e.f`: e must be an object of a class with a field f. */
export function fieldType(check: CheckExpr, e: FieldRead, ctx: ExprContext): Type | undefined {
  const t = check(e.object, ctx);
  return t && memberType(t, e.field, e.object.span, e.fieldSpan, ctx);
}

/** `e.length`: an array's length, or the field `length` of an object. */
export function lengthType(check: CheckExpr, e: Length, ctx: ExprContext): Type | undefined {
  const t = check(e.array, ctx);
  if (!t || t.kind === 'array') return INT;
  if (t.kind === 'ref') return memberType(t, 'length', e.array.span, e.span, ctx);
  ctx.tables.error(e.array.span, `'.length' needs an array, not ${typeName(t)}`);
  return INT;
}

function memberType(t: Type, field: string, objectSpan: Span, fieldSpan: Span, ctx: ExprContext): Type | undefined {
  if (t.kind !== 'ref') {
    ctx.tables.error(objectSpan, `cannot read field '${field}' of a value of type ${typeName(t)}: it is not an object`);
    return undefined;
  }
  const f = fieldOf(heapOf(ctx), t.className, field);
  if (f) return f.type;
  if (heapOf(ctx).classes.has(t.className)) ctx.tables.error(fieldSpan, `class ${t.className} has no field '${field}'`);
  return undefined;
}

/** `acc(e.f)`: the argument must be a field access. */
export function accType(check: CheckExpr, e: Acc, ctx: ExprContext): Type {
  const target = e.target;
  if (target.kind === 'call' && heapOf(ctx).predicates.has(target.callee)) return instancePartType(check, e, ctx);
  check(target, ctx);
  const onObject = target.kind === 'length' && ctx.tables.exprTypes.get(target.array)?.kind === 'ref';
  if (target.kind !== 'field' && !onObject)
    ctx.tables.error(target.span, `'acc' needs a field access such as 'acc(c.x)'`);
  if (e.amount) checkAmount(check, e.amount, ctx);
  return BOOL;
}

/** The amount of a predicate instance's part (`acc(q(ē), p)`, a part `fold` or `unfolding`): as a field's, a
 *  constant the engine folds (lang/permAmount.ts) or an expression of type perm (checkPermAmount.ts). */
export function checkPartAmount(check: CheckExpr, amount: Expr | undefined, ctx: ExprContext): void {
  if (amount) checkAmount(check, amount, ctx);
}

/** `acc(q(ē), p)`: a part of a predicate instance (docs/language.md "Fractions of predicate instances"). */
function instancePartType(check: CheckExpr, e: Acc, ctx: ExprContext): Type {
  checkPredicateInstance(check, e.target as Call, ctx);
  checkPartAmount(check, e.amount, ctx);
  return BOOL;
}

/** `untouched(A)` (or a side of `[A, B]`, `what`): A must be an assertion. */
export function untouchedType(check: CheckExpr, body: Expr, ctx: ExprContext, what = "'untouched'"): Type {
  const t = check(body, ctx, BOOL);
  if (t && t.kind !== 'bool')
    ctx.tables.error(body.span, `the argument of ${what} must be an assertion, not ${typeName(t)}`);
  return BOOL;
}

/** `unfolding q(args) in e`: q must be a predicate; calls inside e may recurse (termination). */
export function unfoldingType(
  check: CheckExpr,
  e: Unfolding,
  ctx: ExprContext,
  hint: Type | undefined,
): Type | undefined {
  checkPredicateInstance(check, e.pred, ctx);
  checkPartAmount(check, e.amount, ctx);
  const heap = heapOf(ctx);
  const inner: ExprContext = heap.inFunction
    ? { ...ctx, heap: { ...heap, inFunction: { ...heap.inFunction, inUnfolding: true } } }
    : ctx;
  return check(e.body, inner, hint);
}

/** `fold q(args);`, `unfold q(args);` and the instance of `unfolding`: q must be a predicate. */
export function checkPredicateInstance(check: CheckExpr, call: Call, ctx: ExprContext): PredicateDecl | undefined {
  const pred = heapOf(ctx).predicates.get(call.callee);
  if (!pred) {
    ctx.tables.error(call.calleeSpan, `'${call.callee}' is not a predicate`);
    for (const a of call.args) check(a, ctx);
    return undefined;
  }
  checkArguments(check, call, pred.params, 'predicate', ctx);
  ctx.tables.typed(call, BOOL);
  return pred;
}

/**
 * The type of a call of a function or predicate in an expression, or 'none' when the callee
 * is neither (the caller then treats it as a procedure call).
 */
export function heapCallType(check: CheckExpr, call: Call, ctx: ExprContext): Type | undefined | 'none' {
  const heap = heapOf(ctx);
  const fn = heap.functions.get(call.callee);
  if (fn) return functionCallType(check, call, fn, ctx);
  if (call.callee === 'perm' && !ctx.procs.has('perm')) return permOfType(check, call, ctx);
  const synth = heap.synths?.get(call.callee);
  if (synth) {
    checkArguments(check, call, synth.params, 'synth function', ctx);
    return synth.result;
  }
  if (heap.predicates.has(call.callee)) {
    checkPredicateInstance(check, call, ctx);
    return BOOL;
  }
  return 'none';
}

function functionCallType(check: CheckExpr, call: Call, fn: FunctionDecl, ctx: ExprContext): Type {
  const within = heapOf(ctx).inFunction;
  if (within?.inRequires && !within.earlier.has(fn.name)) {
    ctx.tables.error(
      call.span,
      `a call in the requires of '${within.decl.name}' may not terminate: '${fn.name}' is not declared before '${within.decl.name}'`,
    );
  } else if (within && !within.inUnfolding && !within.earlier.has(fn.name)) {
    ctx.tables.error(
      call.span,
      `recursive call outside 'unfolding' may not terminate: '${fn.name}' is not declared before '${within.decl.name}'`,
    );
  }
  checkArguments(check, call, fn.params, 'function', ctx);
  return fn.result;
}

function checkArguments(check: CheckExpr, call: Call, params: readonly Param[], what: string, ctx: ExprContext): void {
  if (params.length !== call.args.length) {
    const n = params.length;
    ctx.tables.error(
      call.span,
      `${what} '${call.callee}' expects ${n} argument${n === 1 ? '' : 's'} but got ${call.args.length}`,
    );
    for (const a of call.args) check(a, ctx);
    return;
  }
  call.args.forEach((a, i) => {
    const t = check(a, ctx, params[i].type);
    if (t && !typeEquals(t, params[i].type)) {
      ctx.tables.error(
        a.span,
        `argument ${i + 1} of '${call.callee}' ('${params[i].name}') must have type ${typeName(params[i].type)}, not ${typeName(t)}`,
      );
    }
  });
}
