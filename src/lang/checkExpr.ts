// Type checking of Sym expressions. Integer literals have no type of their own: they take
// the type their context expects (the other operand, the declared variable, the parameter),
// defaulting to int. A sub-expression whose type is unknown (undefined) has already been
// reported, so nothing built on it reports again.

import type { ArrayLit, Binary, Call, Cast, Cond, Expr, Index, Proc, Quant } from './ast';
import { binaryOutcome, isLogical, passesTypeThrough, unaryOutcome, type OpOutcome } from './checkOps';
import type { ExprContext } from './exprContext';
import {
  accType,
  fieldType,
  heapCallType,
  lengthType,
  newInExpr,
  nullType,
  unfoldingType,
  untouchedType,
} from './checkHeap';
import type { Span } from './span';
import { domainAppType } from './checkDomain';
import { collType } from './checkColl';
import { arrayOf, BOOL, bvRange, INT, isNumeric, PERM, typeEquals, typeName, U8, type Type } from './types';
import { PERM_NAMES } from './checkPermAmount';
import { checkForperm } from './checkForperm';

export type { ExprContext } from './exprContext';

export const NESTED_CALL = 'a procedure call must be the whole right-hand side of an assignment';

/**
 * Literal-only arithmetic such as `1`, `-(2 + 3)`: it adapts to whatever type is needed.
 * A binary operator's left operands are walked in a loop: chains can be any length.
 */
function isFlexible(e: Expr, grammar = false): boolean {
  for (let x = e; ; x = (x as Binary).left) {
    switch (x.kind) {
      case 'intLit':
      case 'null':
        return true;
      case 'var':
        return grammar && x.name === 'const';
      case 'unary':
        return x.op !== '!' && isFlexible(x.operand, grammar);
      case 'binary':
        if (!passesTypeThrough(x.op) || !isFlexible(x.right, grammar)) return false;
        continue;
      case 'cond':
        return isFlexible(x.then, grammar) && isFlexible(x.otherwise, grammar);
      default:
        return false;
    }
  }
}

/** Checks `a` and `b`, which must share a type: a flexible one is checked second, in the other's type. */
function checkPair(a: Expr, b: Expr, ctx: ExprContext, hint: Type | undefined): [Type | undefined, Type | undefined] {
  if (isFlexible(a, ctx.grammar) && !isFlexible(b, ctx.grammar)) {
    const tb = checkExpr(b, ctx, hint);
    return [checkExpr(a, ctx, tb ?? hint), tb];
  }
  const ta = checkExpr(a, ctx, hint);
  return [ta, checkExpr(b, ctx, ta ?? hint)];
}

function numericHint(hint: Type | undefined): Type {
  return hint && isNumeric(hint) ? hint : INT;
}

/** The type of `e`, checked where a value of type `hint` is wanted (the hint is not enforced). */
export function checkExpr(e: Expr, ctx: ExprContext, hint?: Type): Type | undefined {
  return ctx.tables.typed(e, typeOf(e, ctx, hint));
}

function typeOf(e: Expr, ctx: ExprContext, hint: Type | undefined): Type | undefined {
  switch (e.kind) {
    case 'intLit':
      return intLitType(e.value, e.span, ctx, numericHint(hint));
    case 'boolLit':
      return BOOL;
    case 'charLit':
      return U8;
    case 'arrayLit':
      return arrayLitType(e, ctx, hint);
    case 'coll':
      return collType(checkExpr, e, ctx, hint);
    case 'var':
      return e.name === 'const' && ctx.grammar ? constType(hint) : varType(e.name, e, ctx);
    case 'unary': {
      const t = checkExpr(e.operand, ctx, e.op === '!' ? BOOL : hint);
      return t && report(unaryOutcome(e.op, t), e.span, e.operand.span, e.span, ctx);
    }
    case 'binary':
      return binaryType(e, ctx, hint);
    case 'cond':
      return condType(e, ctx, hint);
    case 'index':
      return indexType(e, ctx);
    case 'length':
      return lengthType(checkExpr, e, ctx);
    case 'call':
      return callInExpr(e, ctx);
    case 'domainApp':
      return domainAppType(checkExpr, e, ctx);
    case 'old': {
      if (!ctx.old)
        ctx.tables.error(e.span, `'old' is only allowed in procedure bodies, ensures clauses and join formulas`);
      const problem = e.label === undefined ? undefined : ctx.labels?.problem(e.label);
      if (problem) ctx.tables.error(e.labelSpan ?? e.span, problem);
      return checkExpr(e.expr, ctx, hint);
    }
    case 'quant':
      return quantType(e, ctx);
    case 'cast':
      return castType(e, ctx);
    case 'field':
      return fieldType(checkExpr, e, ctx);
    case 'null':
      return nullType(e.span, ctx, hint);
    case 'new':
      return newInExpr(e, ctx);
    case 'acc':
      return accType(checkExpr, e, ctx);
    case 'unfolding':
      return unfoldingType(checkExpr, e, ctx, hint);
    case 'untouched':
      return untouchedType(checkExpr, e.body, ctx);
    case 'inhaleExhale':
      untouchedType(checkExpr, e.inhale, ctx, 'an inhale-exhale assertion');
      return untouchedType(checkExpr, e.exhale, ctx, 'an inhale-exhale assertion');
    case 'asserting':
      untouchedType(checkExpr, e.assertion, ctx, "'asserting'");
      return checkExpr(e.body, ctx, hint);
  }
}

function report(outcome: OpOutcome, left: Span, right: Span, whole: Span, ctx: ExprContext): Type | undefined {
  if ('type' in outcome) return outcome.type;
  ctx.tables.error(outcome.at === 'left' ? left : outcome.at === 'right' ? right : whole, outcome.message);
  return undefined;
}

function intLitType(value: bigint, span: Span, ctx: ExprContext, type: Type): Type {
  if (type.kind === 'bv') {
    const { min, max } = bvRange(type);
    if (value < min || value > max) ctx.tables.error(span, `literal ${value} does not fit ${typeName(type)}`);
  }
  return type;
}

/**
 * `const` in a grammar: a synthesised constant, typed by its context like an integer literal.
 * Outside a grammar `const` is an ordinary name (the word is contextual, not reserved).
 */
function constType(hint: Type | undefined): Type {
  return hint && (hint.kind === 'bool' || isNumeric(hint)) ? hint : INT;
}

function varType(name: string, e: Expr, ctx: ExprContext): Type | undefined {
  const b = ctx.scope.lookup(name);
  if (!b && PERM_NAMES.has(name)) return PERM;
  if (!b) {
    const msg = ctx.procs.has(name) ? `'${name}' is a procedure, not a variable` : ctx.scope.unknownMessage(name);
    ctx.tables.error(e.span, msg);
    return undefined;
  }
  ctx.tables.resolution.set(e, b.decl);
  if (b.kind === 'return value' && ctx.beforeReturns) {
    ctx.tables.error(e.span, `'${name}' is a return value and cannot be used in requires`);
  }
  return b.type;
}

/**
 * A binary operator and the binary operators down its left operands (`a + b + c + …`), in
 * loops rather than recursion, with the same rules as checking each operator on its own:
 * both operands of an operator share a type, and a literal-only left operand is checked
 * after its right operand, in the right operand's type.
 */
function binaryType(top: Binary, ctx: ExprContext, hint: Type | undefined): Type | undefined {
  const spine: Binary[] = [];
  let leaf: Expr = top;
  while (leaf.kind === 'binary') {
    spine.push(leaf);
    leaf = leaf.left;
  }
  // flexible[i]: spine[i] is literal-only; flexible[spine.length] is the leaf.
  const flexible: boolean[] = [];
  flexible[spine.length] = isFlexible(leaf, ctx.grammar);
  for (let i = spine.length - 1; i >= 0; i--) {
    flexible[i] = flexible[i + 1] && passesTypeThrough(spine[i].op) && isFlexible(spine[i].right, ctx.grammar);
  }
  // Downwards: the hint each operator passes on, and the right operands checked first.
  const operandHints: (Type | undefined)[] = [];
  const checkedFirst = new Map<number, Type | undefined>();
  let leftHint = hint;
  spine.forEach((b, i) => {
    if (isLogical(b.op)) {
      leftHint = BOOL;
      return;
    }
    operandHints[i] = passesTypeThrough(b.op) ? leftHint : undefined;
    leftHint = operandHints[i];
    if (flexible[i + 1] && !isFlexible(b.right, ctx.grammar)) {
      const tb = checkExpr(b.right, ctx, leftHint);
      checkedFirst.set(i, tb);
      leftHint = tb ?? leftHint;
    }
  });
  // Upwards: each operator from its left operand's type and its right operand's.
  let left = checkExpr(leaf, ctx, leftHint);
  for (let i = spine.length - 1; i >= 0; i--) {
    const b = spine[i];
    const right = isLogical(b.op)
      ? checkExpr(b.right, ctx, BOOL)
      : checkedFirst.has(i)
        ? checkedFirst.get(i)
        : checkExpr(b.right, ctx, left ?? operandHints[i]);
    const t = left && right && report(binaryOutcome(b.op, left, right), b.left.span, b.right.span, b.span, ctx);
    // checkExpr records the top operator's type; the ones below are recorded here.
    left = i === 0 ? t : ctx.tables.typed(b, t);
  }
  return left;
}

function condType(e: Cond, ctx: ExprContext, hint: Type | undefined): Type | undefined {
  const c = checkExpr(e.cond, ctx, BOOL);
  if (c && c.kind !== 'bool') ctx.tables.error(e.cond.span, `the condition of '?:' must be bool, not ${typeName(c)}`);
  const [a, b] = checkPair(e.then, e.otherwise, ctx, hint);
  if (!a || !b) return undefined;
  if (typeEquals(a, b)) return a;
  ctx.tables.error(e.span, `the branches of '?:' must have the same type, not ${typeName(a)} and ${typeName(b)}`);
  return undefined;
}

function indexType(e: Index, ctx: ExprContext): Type | undefined {
  const a = checkExpr(e.array, ctx);
  const i = checkExpr(e.index, ctx, INT);
  if (i && i.kind !== 'int') ctx.tables.error(e.index.span, `an array index must be int, not ${typeName(i)}`);
  if (!a) return undefined;
  if (a.kind === 'array') return a.elem;
  ctx.tables.error(e.array.span, `cannot index a value of type ${typeName(a)}: it is not an array`);
  return undefined;
}

function arrayLitType(e: ArrayLit, ctx: ExprContext, hint: Type | undefined): Type | undefined {
  const elemHint = hint?.kind === 'array' ? hint.elem : undefined;
  if (e.elems.length === 0) {
    if (elemHint) return arrayOf(elemHint);
    ctx.tables.error(
      e.span,
      `cannot infer the type of an empty array literal (declare it, e.g. 'var a: int[] := [];')`,
    );
    return undefined;
  }
  // The first element with a type of its own decides the type of literal elements;
  // mismatches are reported against the first element, in reading order.
  const lead = e.elems.find((x) => !isFlexible(x, ctx.grammar)) ?? e.elems[0];
  const leadType = checkExpr(lead, ctx, elemHint);
  const types = e.elems.map((x) => (x === lead ? leadType : checkExpr(x, ctx, leadType ?? elemHint)));
  if (types.some((t) => t === undefined)) return undefined;
  const first = types[0] as Type;
  const bad = types.findIndex((t) => !typeEquals(first, t as Type));
  if (bad < 0) return arrayOf(first);
  ctx.tables.error(
    e.elems[bad].span,
    `array elements must have the same type: expected ${typeName(first)}, found ${typeName(types[bad] as Type)}`,
  );
  return undefined;
}

function quantType(e: Quant, ctx: ExprContext): Type {
  if (!ctx.spec && !e.resource) {
    ctx.tables.error(
      e.span,
      `'${e.quantifier}' is allowed only in procedures, functions and specifications (not in a global initializer or a synth grammar)`,
    );
  }
  ctx.scope.enter();
  for (const b of e.vars) {
    // Domain types (Viper's) are first-order values like ints: Z3 quantifies over them.
    if (b.type.kind === 'array' || (b.type.kind === 'ref' && !ctx.tables.refBinders && !e.resource)) {
      ctx.tables.error(b.span, `quantified variable '${b.name}' must have a scalar type, not ${typeName(b.type)}`);
    }
    const clash = ctx.scope.declare(b.name, { type: b.type, decl: b, kind: 'quantified variable' });
    if (clash) ctx.tables.error(b.span, clash);
    ctx.tables.declared(b, b.type);
  }
  if (e.resource) checkForperm(checkExpr, e, e.resource, ctx);
  const body = checkExpr(e.body, ctx, BOOL);
  // Trigger terms are typed in the binders' scope: the engine evaluates them as the body's terms.
  for (const group of e.triggers ?? []) for (const t of group) checkExpr(t, ctx);
  ctx.scope.exit();
  if (body && body.kind !== 'bool') {
    ctx.tables.error(e.body.span, `the body of '${e.quantifier}' must be bool, not ${typeName(body)}`);
  }
  return BOOL;
}

function castType(e: Cast, ctx: ExprContext): Type {
  const from = checkExpr(e.expr, ctx);
  if (from?.kind === 'perm' && e.type.kind !== 'perm')
    ctx.tables.error(e.span, `a perm cannot be converted to ${typeName(e.type)}`);
  else if (from && !(isNumeric(from) && isNumeric(e.type))) {
    ctx.tables.error(
      e.span,
      `cannot convert ${typeName(from)} to ${typeName(e.type)}: 'as' converts only between int and bit-vector types`,
    );
  }
  return e.type;
}

function callInExpr(call: Call, ctx: ExprContext): Type | undefined {
  const heapType = heapCallType(checkExpr, call, ctx);
  if (heapType !== 'none') return heapType;
  // An unknown callee is the more useful message, so report only that one.
  if (ctx.procs.has(call.callee)) ctx.tables.error(call.span, ctx.callMessage);
  const proc = checkCall(call, ctx);
  return proc?.returns.length === 1 ? proc.returns[0].type : undefined;
}

/** Checks the callee and the arguments of a call; the caller decides what to do with the results. */
export function checkCall(call: Call, ctx: ExprContext): Proc | undefined {
  const proc = ctx.procs.get(call.callee);
  const argCtx: ExprContext = { ...ctx, callMessage: NESTED_CALL };
  if (!proc) {
    ctx.tables.error(call.calleeSpan, notAProcedure(call.callee, ctx));
    for (const a of call.args) checkExpr(a, argCtx);
    return undefined;
  }
  if (proc.params.length !== call.args.length) {
    const n = proc.params.length;
    ctx.tables.error(
      call.span,
      `'${proc.name}' expects ${n} argument${n === 1 ? '' : 's'} but got ${call.args.length}`,
    );
    for (const a of call.args) checkExpr(a, argCtx);
  } else {
    call.args.forEach((a, i) => checkArgument(a, i, proc, argCtx));
  }
  if (proc.returns.length === 1) ctx.tables.typed(call, proc.returns[0].type);
  return proc;
}

function notAProcedure(name: string, ctx: ExprContext): string {
  if (ctx.heap?.functions.has(name) || ctx.heap?.synths?.has(name))
    return `'${name}' is a function, not a procedure: use its value in an expression`;
  if (ctx.heap?.predicates.has(name))
    return `'${name}' is a predicate, not a procedure: use it with fold, unfold or in an assertion`;
  return `unknown procedure '${name}'`;
}

function checkArgument(arg: Expr, i: number, proc: Proc, ctx: ExprContext): void {
  const param = proc.params[i];
  const t = checkExpr(arg, ctx, param.type);
  if (t && !typeEquals(t, param.type)) {
    ctx.tables.error(
      arg.span,
      `argument ${i + 1} of '${proc.name}' ('${param.name}') must have type ${typeName(param.type)}, not ${typeName(t)}`,
    );
  }
}
