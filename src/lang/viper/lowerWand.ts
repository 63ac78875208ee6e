// A magic wand `A --* B` as an assertion (docs/viper.md "Magic wands", docs/design.md "Magic
// wands"). Silicon holds a wand as a chunk identified by its shape and the values of its holes:
// the wand with every subexpression it can evaluate in the state at hand replaced by a hole
// (Silver's MagicWand.structure and subexpressionsToEvaluate). Here the holes are the wand's
// variables and its permission amounts, a subset of Silver's: two wands of one shape with equal
// holes mean the same assertion in every state, so taking them for one another is sound; a
// wand Silver would match and this does not is at worst a false alarm. Each shape is an abstract
// predicate `wand@N(holes)` of the lowered program, so a wand is held, produced and consumed as
// a predicate instance. Each wand is also given a contract-only procedure `wandwf@…` (requires
// A, ensures B) that the well-formedness pass checks: A and B must each frame their own reads
// (Viper's wand.not.wellformed), which makes producing B at an apply sound (rules/packageWand.ts).
// Refused by name: a wand in a function or predicate, under a quantifier, inside another wand,
// and wands whose parts old, let, unfolding, quantifiers, macros or perm(…) would reach.

import type { Call, Expr, PredicateDecl } from '../ast';
import type { Span } from '../span';
import type { VExpr, VType } from './ast';
import { refuse, type LowerCtx } from './context';
import { helperParams } from './helperParams';
import { lowerAmount } from './lowerPerm';
import { symType } from './types';

export type VWand = Extract<VExpr, { kind: 'wand' }>;

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

/** Where a wand may stand: in a method's contracts, loop invariants and statements' assertions. */
const PLACES: ReadonlySet<LowerCtx['place']> = new Set(['requires', 'ensures', 'invariant', 'assertion']);

/** Expressions whose meaning a hole's value would not fix, or that Silver evaluates apart. */
const REFUSED: Readonly<Record<string, string>> = {
  wand: 'magic wands inside magic wands',
  quant: 'magic wands with quantifiers inside',
  old: 'magic wands with old(…) inside',
  let: 'magic wands with let inside',
  unfolding: 'magic wands with unfolding inside',
  asserting: 'magic wands with asserting inside',
  inhaleExhale: 'magic wands with [A, B] inside',
  unsupported: 'magic wands with an unsupported expression inside',
  result: 'magic wands with result inside',
  ascribe: 'magic wands with a type ascription inside',
};

const PERM_TYPE: VType = { kind: 'other', name: 'Perm' };

interface Hole {
  readonly expr: Expr;
  readonly type: VType;
}

/** The wand's instance `wand@N(holes)`, or undefined where it is refused. */
export function lowerWand(e: VWand, ctx: LowerCtx, lower: Lower): Call | undefined {
  if (!PLACES.has(ctx.place) || ctx.inFunction) {
    refuse(ctx, 'magic wands in a function, a predicate or an impure assume', e.span);
    return undefined;
  }
  if (ctx.inQuantifier) {
    refuse(ctx, 'magic wands under a quantifier', e.span);
    return undefined;
  }
  const unframed = unframedReceiver(e.left) ?? unframedReceiver(e.right);
  if (unframed !== undefined) {
    // Viper reports such a wand twice (insufficient.permission and receiver.null); the
    // well-formedness pass would find the first only.
    refuse(ctx, 'magic wands with an acc whose receiver the wand does not frame', unframed.span);
    return undefined;
  }
  const holes: Hole[] = [];
  const inner = { ...ctx, place: 'assertion' as const };
  const skeleton = shape(e.left, inner, holes, lower) + ' --* ' + shape(e.right, inner, holes, lower);
  if (skeleton.includes('\u0000')) return undefined;
  const key = `${skeleton} :: ${holes.map((h) => JSON.stringify(h.type)).join(', ')}`;
  const decl = wandPredicate(key, holes, e.span, ctx);
  ctx.out.sites.push({ kind: 'wand', span: e.span });
  wellFormednessHelper(e, inner, lower);
  return { kind: 'call', callee: decl.name, calleeSpan: e.span, args: holes.map((h) => h.expr), span: e.span };
}

/** The shape of `e` as text, its holes appended to `holes`; a refused part marks it with NUL. */
function shape(e: VExpr, ctx: LowerCtx, holes: Hole[], lower: Lower): string {
  const refused = REFUSED[e.kind];
  if (refused !== undefined) {
    refuse(ctx, refused, e.span);
    return '\u0000';
  }
  if (e.kind === 'var') return varShape(e.name, e.span, ctx, holes, lower);
  // Quantified chunks of one field merge (state/quantifiedChunks.ts): the left side's would not stay apart.
  if (e.kind === 'field' && ctx.decls.quantifiedFields?.has(e.field)) {
    refuse(ctx, 'magic wands over a field held by quantified permissions', e.span);
    return '\u0000';
  }
  // The footprint would depend on the branch taken: the package's consume goes on on several paths.
  if (
    (e.kind === 'cond' && (impure(e.then, ctx) || impure(e.otherwise, ctx))) ||
    (e.kind === 'binary' && e.op === '==>' && impure(e.right, ctx))
  ) {
    refuse(ctx, 'magic wands with a conditional permission inside', e.span);
    return '\u0000';
  }
  if (e.kind === 'app' && (ctx.decls.macros.has(e.name) || e.name === 'perm')) {
    refuse(ctx, e.name === 'perm' ? 'magic wands with perm(…) inside' : 'magic wands with macros inside', e.span);
    return '\u0000';
  }
  if (e.kind === 'acc' && e.amount !== undefined && !readsHeap(e.amount, ctx)) {
    const amount = lowerAmount(e.amount, e.span, ctx, lower);
    const loc = shape(e.loc, ctx, holes, lower);
    if (amount === undefined) return `acc(${loc})`;
    holes.push({ expr: amount, type: PERM_TYPE });
    return `acc(${loc}, _)`;
  }
  return (
    '{' +
    Object.entries(e)
      .filter(([k]) => k !== 'span' && k !== 'nameSpan')
      .map(([k, v]) => `${k}:${partShape(v, ctx, holes, lower)}`)
      .join(',') +
    '}'
  );
}

function partShape(v: unknown, ctx: LowerCtx, holes: Hole[], lower: Lower): string {
  if (Array.isArray(v)) return '[' + v.map((x) => partShape(x, ctx, holes, lower)).join(',') + ']';
  if (v !== null && typeof v === 'object' && 'kind' in v && 'span' in v) return shape(v as VExpr, ctx, holes, lower);
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'undefined';
}

/** An `acc(r.g.f)` whose receiver `r.g` no `acc(r.g)` before it in the same side frames. */
function unframedReceiver(side: VExpr): VExpr | undefined {
  const framed = new Set<string>();
  const conjuncts = (e: VExpr): VExpr[] =>
    e.kind === 'binary' && e.op === '&&' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
  for (const c of conjuncts(side)) {
    if (c.kind !== 'acc' || c.loc.kind !== 'field') continue;
    if (c.loc.object.kind === 'field' && !framed.has(locKey(c.loc.object))) return c;
    framed.add(locKey(c.loc));
  }
  return undefined;
}

const locKey = (e: VExpr): string =>
  JSON.stringify(e, (k, v: unknown) => (k === 'span' ? undefined : typeof v === 'bigint' ? v.toString() : v));

/** Whether an expression may read the heap (a field, a function's application): it is no hole, its value is not the state's at hand. */
function readsHeap(e: unknown, ctx: LowerCtx): boolean {
  if (Array.isArray(e)) return e.some((x) => readsHeap(x, ctx));
  if (e === null || typeof e !== 'object') return false;
  const n = e as { kind?: unknown; name?: unknown };
  if (n.kind === 'field' || n.kind === 'old' || n.kind === 'unfolding') return true;
  if (n.kind === 'app' && typeof n.name === 'string' && !ctx.decls.domainFunctions.has(n.name)) return true;
  return Object.entries(e).some(([k, v]) => k !== 'span' && readsHeap(v, ctx));
}

/** Whether a part of a wand holds permissions (an acc or a predicate instance). */
function impure(e: unknown, ctx: LowerCtx): boolean {
  if (Array.isArray(e)) return e.some((x) => impure(x, ctx));
  if (e === null || typeof e !== 'object') return false;
  const n = e as { kind?: unknown; name?: unknown };
  if (n.kind === 'acc' || (n.kind === 'app' && typeof n.name === 'string' && ctx.decls.predicates.has(n.name)))
    return true;
  return Object.entries(e).some(([k, v]) => k !== 'span' && impure(v, ctx));
}

/** A variable in scope is a hole; a macro's or let's name is refused (its meaning is not its name). */
function varShape(name: string, span: Span, ctx: LowerCtx, holes: Hole[], lower: Lower): string {
  if (ctx.subst.has(name) || (ctx.decls.macros.has(name) && !ctx.vars.has(name))) {
    refuse(ctx, 'magic wands with macros or let-bound names inside', span);
    return '\u0000';
  }
  const type = ctx.vars.get(name);
  if (type === undefined) return `{var:${JSON.stringify(name)}}`;
  holes.push({ expr: lower({ kind: 'var', name, span }, ctx), type });
  return '_';
}

/** The abstract predicate of a wand's shape, declared once per shape. */
function wandPredicate(key: string, holes: readonly Hole[], span: Span, ctx: LowerCtx): PredicateDecl {
  const wands = (ctx.out.wands ??= new Map());
  const known = wands.get(key);
  if (known !== undefined) return known;
  const params = holes.map((h, i) => ({ name: `h${i}`, type: symType(h.type, span, ctx), span }));
  const decl: PredicateDecl = {
    kind: 'predicate',
    name: `wand@${wands.size + 1}`,
    nameSpan: span,
    params,
    body: { kind: 'boolLit', value: true, span },
    abstract: true,
    span,
  };
  wands.set(key, decl);
  return decl;
}

/** `wandwf@L:C#k`: requires A, ensures B, checked by the well-formedness pass only (contract-only, never called). */
function wellFormednessHelper(e: VWand, ctx: LowerCtx, lower: Lower): void {
  const left = lower(e.left, ctx);
  const right = lower(e.right, ctx);
  const span = e.span;
  ctx.out.helpers.push({
    kind: 'proc',
    name: `wandwf@${span.line}:${span.col}#${ctx.out.helpers.length + 1}`,
    nameSpan: span,
    params: helperParams([left, right], span, ctx),
    returns: [],
    requires: [left],
    ensures: [right],
    body: { kind: 'block', stmts: [], span },
    contractOnly: true,
    span,
  });
}
