// Viper expressions to Sym expressions, with the `.vpr` spans kept. `<==>` is `==` on booleans;
// `\` and `%` are Euclidean in Viper (SMT-LIB div/mod) but truncating in Sym, so they are
// rewritten over Sym's `/` and `%` (same division-by-zero check, Euclidean result). Macros and
// `let` are expanded by substitution (lowerLet.ts: where that is not the let's value, refused). What Sym cannot express here is refused by name.

import type { Call, Expr } from '../ast';
import { lowerAmount, lowerPermOf, mentionsWildcard, permDivision, WRITE_VALUE } from './lowerPerm';
import { spanFrom, type Span } from '../span';
import type { VExpr } from './ast';
import { refuse, fail, type LowerCtx, type Place } from './context';
import { expandExprMacro } from './macros';
import { lowerQuant } from './quantifiers';
import { lowerForperm } from './lowerForperm';
import { arithType, chooseSig, operandType, type AT } from './arithTypes';
import { PERM } from '../types';
import { lowerInhaleExhale } from './lowerInhaleExhale';
import { lowerAsserting } from './lowerAsserting';
import { lowerLet } from './lowerLet';
import { lowerOld } from './lowerLabel';
import { domainApp } from './lowerDomain';
import { branchCtx, equalitySideType } from './siblingTypes';
import { expect, expectedOf, paramType, passOn } from './expectedType';
import { isCollLiteral, isCollOp, lowerColl, lowerCollBinary, lowerCollLiteral } from './lowerColl';
import { isRange, lowerRangeMembership } from './rangeMembership';
import { isConstructor, lowerAdtMember, lowerConstructor } from './adtExpr';
import { symType } from './types';
import { multisetExpr } from './multisets';
import { groundTypeOf } from './generics';
import { lowerWand } from './lowerWand';

export function lowerExpr(e: VExpr, ctx: LowerCtx): Expr {
  const multiset = multisetExpr(e, ctx, (x) => groundTypeOf(x, ctx));
  if (multiset !== undefined) return lowerExpr(multiset, passOn(ctx, e, multiset));
  switch (e.kind) {
    case 'int':
      return { kind: 'intLit', value: e.value, span: e.span };
    case 'bool':
      return { kind: 'boolLit', value: e.value, span: e.span };
    case 'null':
      return { kind: 'null', span: e.span };
    case 'result':
      if (ctx.place !== 'fnPost') fail(ctx, "'result' may appear only in a function's postcondition", e.span);
      return { kind: 'var', name: 'result', span: e.span };
    case 'var':
      return lowerVar(e.name, e.span, ctx);
    case 'app':
      return lowerApp(e, ctx);
    case 'field':
      return (
        lowerAdtMember(e, ctx, lowerExpr, symType) ?? {
          kind: 'field',
          object: lowerExpr(e.object, ctx),
          field: fieldName(e.field, e.span, ctx),
          fieldSpan: e.span,
          span: e.span,
        }
      );
    case 'unary':
      return e.op === '+'
        ? lowerExpr(e.operand, passOn(ctx, e, e.operand))
        : {
            kind: 'unary',
            op: e.op,
            operand: lowerExpr(e.operand, e.op === '-' ? passOn(ctx, e, e.operand) : ctx),
            span: e.span,
          };
    case 'binary':
      return lowerBinary(e, ctx);
    case 'cond':
      return {
        kind: 'cond',
        cond: lowerExpr(e.cond, ctx),
        then: lowerExpr(e.then, branchCtx(ctx, e, e.then)),
        otherwise: lowerExpr(e.otherwise, branchCtx(ctx, e, e.otherwise)),
        span: e.span,
      };
    case 'old':
      return lowerOld(e, ctx, lowerExpr);
    case 'acc':
      return lowerAcc(e.loc, e.span, ctx, e.amount);
    case 'unfolding':
      return {
        kind: 'unfolding',
        pred: predicateCall(e.pred, ctx, 'unfolding'),
        ...instancePart(e.pred, ctx),
        body: lowerExpr(e.body, ctx),
        span: e.span,
      };
    case 'let':
      return lowerLet(e, ctx, lowerExpr);
    case 'quant':
      if (e.quantifier === 'forperm') return lowerForperm(e, ctx, lowerExpr);
      return lowerQuant(e, ctx, lowerExpr, hasPermissions);
    case 'inhaleExhale':
      return lowerInhaleExhale(e, ctx, lowerExpr);
    case 'wand':
      return lowerWand(e, ctx, lowerExpr) ?? { kind: 'boolLit', value: true, span: e.span };
    case 'asserting':
      return lowerAsserting(e, ctx, lowerExpr);
    case 'unsupported':
      if (e.feature === WRITE_VALUE) return { kind: 'var', name: 'write', span: e.span };
      refuse(ctx, e.feature, e.span);
      return { kind: 'boolLit', value: true, span: e.span };
    case 'coll':
      return lowerColl(e, ctx, lowerExpr);
    case 'ascribe':
      return lowerExpr(e.expr, expect(ctx, e.expr, e.type));
  }
}

function lowerVar(name: string, span: Span, ctx: LowerCtx): Expr {
  const bound = ctx.subst.get(name);
  if (bound !== undefined) return structuredClone(bound);
  if (ctx.vars.has(name)) return { kind: 'var', name, span };
  if (name === 'none') return { kind: 'var', name, span };
  const macro = ctx.decls.macros.get(name);
  if (macro !== undefined) return expandExprMacro(macro, [], span, ctx, lowerExpr);
  fail(ctx, `unknown name '${name}'`, span);
  return { kind: 'var', name, span };
}

function fieldName(name: string, span: Span, ctx: LowerCtx): string {
  if (!ctx.decls.fields.has(name)) fail(ctx, `unknown field '${name}'`, span);
  return name;
}

/** The well-founded order's functions of Viper's termination library (silver's decreases/*.vpr). */
const TERMINATION_FUNCTIONS: ReadonlySet<string> = new Set(['decreasing', 'bounded']);

function lowerApp(e: Extract<VExpr, { kind: 'app' }>, ctx: LowerCtx): Expr {
  if (isCollLiteral(e, ctx)) return lowerCollLiteral(e, ctx, lowerExpr);
  const macro = ctx.decls.macros.get(e.name);
  if (macro !== undefined) return expandExprMacro(macro, e.args, e.span, ctx, lowerExpr);
  if (e.name === 'perm' && !ctx.decls.functions.has('perm')) return lowerPermOf(e, ctx, lowerExpr);
  const domainFn = ctx.decls.domainFunctions.get(e.name);
  if (domainFn !== undefined) return domainApp(domainFn, e, ctx, lowerExpr);
  if (isConstructor(e.name, ctx)) return lowerConstructor(e, ctx, lowerExpr, symType);
  if (ctx.decls.methods.has(e.name)) {
    fail(ctx, `method '${e.name}' cannot be called inside an expression`, e.span);
  } else if (ctx.decls.functions.has(e.name)) {
    ctx.out.sites.push({ kind: 'application', span: e.span });
  } else if (ctx.decls.predicates.has(e.name)) {
    if (!allowsPermissions(ctx.place)) fail(ctx, `predicate '${e.name}' may appear only in assertions`, e.span);
  } else if (TERMINATION_FUNCTIONS.has(e.name)) {
    // Declared by Viper's `import <decreases/…>` library, which symdap reads as nothing.
    refuse(ctx, `the termination library's ${e.name} (import <decreases/…>)`, e.nameSpan);
  } else {
    fail(ctx, `unknown function or predicate '${e.name}'`, e.nameSpan);
  }
  const call: Call = {
    kind: 'call',
    callee: e.name,
    calleeSpan: e.nameSpan,
    args: e.args.map((a, i) => lowerExpr(a, expect(ctx, a, paramType(e.name, i, ctx)))),
    span: e.span,
  };
  return call;
}

export function allowsPermissions(place: Place): boolean {
  return place !== 'code' && place !== 'function';
}

function lowerAcc(loc: VExpr, span: Span, ctx: LowerCtx, p?: VExpr): Expr {
  if (!allowsPermissions(ctx.place)) fail(ctx, "'acc' may appear only in assertions", span);
  // `acc(l, c ? wildcard : p)`: wildcard is no value, so the choice is made over assertions,
  // `c ? acc(l, wildcard) : acc(l, p)` (Silicon: one branch of the conditional is consumed or produced).
  if (p?.kind === 'cond' && mentionsWildcard(p)) {
    const cond = lowerExpr(p.cond, ctx);
    const then = lowerAcc(loc, span, ctx, p.then);
    const otherwise = lowerAcc(loc, span, ctx, p.otherwise);
    return { kind: 'cond', cond, then, otherwise, span };
  }
  const amount = p && lowerAmount(p, span, ctx, lowerExpr);
  // A macro that stands for a field access (`define A(i) loc(a, i).val`, `acc(A(0))`) is that field's.
  const fieldMacro = loc.kind === 'app' && ctx.decls.macros.get(loc.name)?.body.kind === 'field';
  if (loc.kind === 'field' || fieldMacro)
    return { kind: 'acc', target: lowerExpr(loc, ctx), ...(amount ? { amount } : {}), span };
  if (loc.kind === 'app' && amount && ctx.decls.predicates.has(loc.name))
    return { kind: 'acc', target: predicateCall(loc, ctx, 'acc'), amount, span };
  if (amount) refuse(ctx, 'a part of what is not a predicate instance (acc(m(…), p))', span);
  if (loc.kind === 'app') return predicateCall(loc, ctx, 'acc');
  fail(ctx, "'acc' needs a field access or a predicate instance", span);
  return { kind: 'boolLit', value: true, span };
}

/** `P(args)` or `acc(P(args), p)` as the predicate instance of fold, unfold, unfolding (the part p: instancePart). */
export function predicateCall(e: VExpr, ctx: LowerCtx, what: string): Call {
  const inner = e.kind === 'acc' ? e.loc : e;
  if (inner.kind !== 'app' || !ctx.decls.predicates.has(inner.name)) {
    fail(ctx, `${what} needs a predicate instance`, e.span);
    return { kind: 'call', callee: '?', calleeSpan: e.span, args: [], span: e.span };
  }
  const pred = ctx.decls.predicates.get(inner.name);
  if (what !== 'acc' && pred !== undefined && pred.body === undefined)
    refuse(ctx, `${what} of an abstract predicate`, e.span);
  return {
    kind: 'call',
    callee: inner.name,
    calleeSpan: inner.nameSpan,
    args: inner.args.map((a) => lowerExpr(a, ctx)),
    span: inner.span,
  };
}

/** `{ amount }` of `acc(P(args), p)` (fold, unfold, unfolding), `{}` for all of the instance. */
export function instancePart(e: VExpr, ctx: LowerCtx): { amount?: Expr } {
  const amount = e.kind === 'acc' && e.amount ? lowerAmount(e.amount, e.span, ctx, lowerExpr) : undefined;
  return amount ? { amount } : {};
}

function lowerBinary(e: Extract<VExpr, { kind: 'binary' }>, ctx: LowerCtx): Expr {
  // Silver's typing of an overloaded operator (arithTypes.ts): its operands are expected at its
  // argument types; a side of `==` whose type its context decides expects the other side's.
  const sig = chooseSig(e.op, e.left, e.right, arithType(expectedOf(e, ctx)), ctx);
  const equality = e.op === '==' || e.op === '!=';
  const operand = (side: VExpr, other: VExpr, t: AT | undefined): LowerCtx => {
    const want = t === undefined ? undefined : operandType(t);
    return expect(ctx, side, want ?? (equality ? equalitySideType(side, other, ctx) : undefined));
  };
  let left = lowerExpr(e.left, operand(e.left, e.right, sig?.[0]));
  if (e.op === 'in' && isRange(e.right)) return lowerRangeMembership(left, e.right, e.span, ctx, lowerExpr);
  let right = lowerExpr(e.right, operand(e.right, e.left, sig?.[1]));
  if (isCollOp(e.op)) return lowerCollBinary(e.op, left, right, e.span);
  if (e.op === '/' && sig?.[2] === 'Int') return euclidean('div', left, right, e.span);
  if (e.op === '*' && sig?.[2] === 'Perm') [left, right] = [asPerm(left, sig[0]), asPerm(right, sig[1])];
  switch (e.op) {
    case '<==>':
      return { kind: 'binary', op: '==', left, right, span: e.span };
    case '\\':
      return euclidean('div', left, right, e.span);
    case '%':
      return euclidean('mod', left, right, e.span);
    case '/':
      return permDivision(left, right, e.span);
    default:
      return { kind: 'binary', op: e.op, left, right, span: e.span };
  }
}

/** An Int operand of a Perm product (Silver's IntPermMul): converted to perm. */
function asPerm(x: Expr, t: string): Expr {
  return t === 'Int' ? { kind: 'cast', expr: x, type: PERM, span: x.span } : x;
}

/**
 * Euclidean `a \ b` and `a % b` from Sym's truncating `/` and `%` (q, r): when r < 0 the
 * Euclidean remainder is r + |b| and the quotient q - sign(b). The truncating division is
 * evaluated first, so division by zero is reported as by Sym's own operators.
 */
function euclidean(which: 'div' | 'mod', a: Expr, b: Expr, span: Span): Expr {
  const c = (x: Expr): Expr => structuredClone(x);
  const bin = (op: '/' | '%' | '+' | '-' | '<' | '>', l: Expr, r: Expr): Expr => ({
    kind: 'binary',
    op,
    left: l,
    right: r,
    span,
  });
  const zero: Expr = { kind: 'intLit', value: 0n, span };
  const one: Expr = { kind: 'intLit', value: 1n, span };
  const q = (): Expr => bin('/', c(a), c(b));
  const r = (): Expr => bin('%', c(a), c(b));
  const negative = bin('<', r(), c(zero));
  const bPositive = bin('>', c(b), c(zero));
  const fixed: Expr =
    which === 'div'
      ? { kind: 'cond', cond: bPositive, then: bin('-', q(), c(one)), otherwise: bin('+', q(), c(one)), span }
      : { kind: 'cond', cond: bPositive, then: bin('+', r(), c(b)), otherwise: bin('-', r(), c(b)), span };
  return {
    kind: 'cond',
    cond: negative,
    then: fixed,
    otherwise: which === 'div' ? q() : r(),
    span: spanFrom(span, span),
  };
}

/** Whether a Viper assertion holds permissions (an `acc` or a predicate instance) anywhere. */
export function hasPermissions(e: VExpr, ctx: LowerCtx): boolean {
  switch (e.kind) {
    case 'acc':
      return true;
    case 'app':
      if (ctx.decls.predicates.has(e.name)) return true;
      if (ctx.decls.macros.has(e.name)) return true; // conservatively: a macro may stand for an assertion
      return e.args.some((a) => hasPermissions(a, ctx));
    case 'var':
      return ctx.decls.macros.has(e.name) && !ctx.vars.has(e.name);
    case 'field':
      return hasPermissions(e.object, ctx);
    case 'unary':
      return hasPermissions(e.operand, ctx);
    case 'binary':
      return hasPermissions(e.left, ctx) || hasPermissions(e.right, ctx);
    case 'cond':
      return hasPermissions(e.cond, ctx) || hasPermissions(e.then, ctx) || hasPermissions(e.otherwise, ctx);
    case 'old':
      return hasPermissions(e.expr, ctx);
    case 'unfolding':
      return hasPermissions(e.body, ctx);
    case 'wand':
      return true;
    case 'inhaleExhale':
      return (
        hasPermissions(ctx.side === 'exhale' ? e.exhale : e.inhale, ctx) || (!ctx.side && hasPermissions(e.exhale, ctx))
      );
    case 'let':
      return hasPermissions(e.value, ctx) || hasPermissions(e.body, ctx);
    case 'quant':
      return hasPermissions(e.body, ctx);
    case 'coll':
      return e.args.some((a) => hasPermissions(a, ctx));
    case 'ascribe':
      return hasPermissions(e.expr, ctx);
    default:
      return false;
  }
}
