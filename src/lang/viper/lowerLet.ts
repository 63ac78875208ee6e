// Viper's `let x == e in b` (docs/viper.md "The subset"): Silicon evaluates e once, where the let
// stands, and b then reads its value. Sym has no let, so b is lowered with e substituted for x,
// which is the same value only where every use of x is evaluated in the let's own state. Two places
// are not: under `old(…)`/`old[l](…)` a substituted heap read reads the earlier heap, and under
// `unfolding` a substituted perm(…) or forperm sees the unfolded instance's permissions; such a
// let is refused by name (substituting would verify `let v == x.f in old(v) == old(x.f)` after
// x.f changed). A value that may be undefined (a heap read, a call, a division, a collection
// access) is checked where the let stands, as Silicon does, even when b never reaches a use of x.

import type { Expr } from '../ast';
import { astNodes, isSpanKey, type AstNode } from '../astNodes';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export const LET_UNDER_OLD = 'let whose value reads the heap, used under old(…)';
export const LET_UNDER_UNFOLDING = 'let whose value reads permissions (perm, forperm), used under unfolding';

export function lowerLet(e: Extract<VExpr, { kind: 'let' }>, ctx: LowerCtx, lower: Lower): Expr {
  const value = lower(e.value, ctx);
  const uses = usesOf(e.name, e.body, ctx);
  if (uses.old && !stateFree(value)) refuse(ctx, LET_UNDER_OLD, e.span);
  if (uses.unfolding && readsPermissions(value)) refuse(ctx, LET_UNDER_UNFOLDING, e.span);
  const body = lower(e.body, { ...ctx, subst: new Map([...ctx.subst, [e.name, value]]) });
  return total(value) ? body : definedFirst(value, body, isAssertion(e.body, ctx));
}

/**
 * `e == e` evaluated before b, so that e's well-definedness is checked where the let stands:
 * `(e == e) && b` for a boolean or an assertion, `(e == e) ? b : b` otherwise (the same b on
 * both sides: the value is b's whatever the test says).
 */
function definedFirst(value: Expr, body: Expr, boolean: boolean): Expr {
  const span = value.span;
  const check: Expr = { kind: 'binary', op: '==', left: value, right: structuredClone(value), span };
  if (boolean) return { kind: 'binary', op: '&&', left: check, right: body, span: body.span };
  return { kind: 'cond', cond: check, then: body, otherwise: structuredClone(body), span: body.span };
}

interface Uses {
  old: boolean;
  unfolding: boolean;
}

/**
 * Whether `name` is used under an old or an unfolding in `body` (written there, or passed to a
 * macro whose body has either: the macro's text decides, and is read conservatively). A name
 * shadowed by an inner binder is still counted: a refusal too many, never one too few.
 */
function usesOf(name: string, body: VExpr, ctx: LowerCtx): Uses {
  const out: Uses = { old: false, unfolding: false };
  const walk = (x: unknown, old: boolean, unfolding: boolean): void => {
    if (Array.isArray(x)) return x.forEach((y) => walk(y, old, unfolding));
    if (x === null || typeof x !== 'object') return;
    const n = x as VExpr;
    if (n.kind === 'var' && n.name === name) {
      out.old ||= old;
      out.unfolding ||= unfolding;
      return;
    }
    const macro = n.kind === 'app' ? ctx.decls.macros.get(n.name) : undefined;
    const inMacro = macro === undefined ? undefined : changesState(macro.body);
    const o = old || n.kind === 'old' || inMacro === true;
    const u = unfolding || n.kind === 'unfolding' || inMacro === true;
    for (const [k, v] of Object.entries(n)) if (!isSpanKey(k)) walk(v, o, u);
  };
  walk(body, false, false);
  return out;
}

/** Whether a macro's body has an old, an unfolding or another application (which may be a macro that has one). */
function changesState(body: unknown): boolean {
  const s = JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return /"kind":"(old|unfolding|app)"/.test(s);
}

/** Kinds of lowered expressions that read the heap or permissions (a forperm too: a quant with a resource). */
const STATEFUL = new Set([
  'field',
  'call',
  'old',
  'unfolding',
  'asserting',
  'acc',
  'inhaleExhale',
  'untouched',
  'index',
  'length',
  'new',
]);

function stateFree(e: Expr): boolean {
  return !someNode(e, (n) => STATEFUL.has(n.kind) || isForperm(n));
}

function readsPermissions(e: Expr): boolean {
  return someNode(e, (n) => (n.kind === 'call' && (n as { callee?: string }).callee === 'perm') || isForperm(n));
}

/** Whether evaluating `e` cannot fail: it reads no state, divides by nothing, and indexes no collection. */
function total(e: Expr): boolean {
  const partial = (n: AstNode): boolean =>
    n.kind === 'coll' || (n.kind === 'binary' && ['/', '%'].includes((n as { op?: string }).op ?? ''));
  return stateFree(e) && !someNode(e, partial);
}

function isForperm(n: AstNode): boolean {
  return n.kind === 'quant' && (n as { resource?: unknown }).resource !== undefined;
}

function someNode(e: Expr, p: (n: AstNode) => boolean): boolean {
  for (const n of astNodes(e)) if (p(n)) return true;
  return false;
}

/** Whether the let's body is a boolean or an assertion (then `(e == e) && b` keeps its meaning). */
function isAssertion(b: VExpr, ctx: LowerCtx): boolean {
  switch (b.kind) {
    case 'bool':
    case 'acc':
    case 'quant':
      return true;
    case 'unary':
      return b.op === '!';
    case 'binary':
      return ['&&', '||', '==>', '<==>', '==', '!=', '<', '<=', '>', '>=', 'in'].includes(b.op);
    case 'let':
    case 'unfolding':
    case 'asserting':
      return isAssertion(b.body, ctx);
    case 'cond':
      return isAssertion(b.then, ctx) && isAssertion(b.otherwise, ctx);
    case 'app':
      return ctx.decls.predicates.has(b.name);
    default:
      return false;
  }
}
