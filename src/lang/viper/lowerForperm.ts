// Viper's `forperm x: Ref [x.f] :: body` and `forperm x: Ref [P(x)] :: body` (docs/viper.md
// "forperm") as Sym's forperm quantifier (a `quant` with a resource, checkForperm.ts): the engine
// conjoins the body over the chunks of the resource the heap holds (rules/forperm.ts). Refused by
// name where the engine would read another heap than Viper's: in a function (its body and
// precondition read the caller's heap here, Viper a function's own footprint) and in a predicate.
// A binder that would capture a name of the context is renamed, as a quantifier's is.

import type { Expr, ForpermResource } from '../ast';
import type { VExpr } from './ast';
import { refuse, fail, type LowerCtx } from './context';
import { symType } from './types';

type Quant = Extract<VExpr, { kind: 'quant' }>;
type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export function lowerForperm(q: Quant, ctx: LowerCtx, lowerExpr: Lower): Expr {
  const fallback: Expr = { kind: 'boolLit', value: true, span: q.span };
  if (ctx.place === 'function' || ctx.place === 'fnPost' || ctx.place === 'predicate' || ctx.inFunction) {
    refuse(ctx, 'forperm in a function or a predicate', q.span);
    return fallback;
  }
  if (q.resource === undefined) return fallback;
  const vars = new Map(ctx.vars);
  const subst = new Map(ctx.subst);
  const binders = q.vars.map((v) => {
    const taken = ctx.vars.has(v.name) || ctx.subst.has(v.name);
    const name = taken ? `${v.name}@${v.span.line}:${v.span.col}#${ctx.depth}` : v.name;
    vars.set(v.name, v.type);
    if (taken) subst.set(v.name, { kind: 'var', name, span: v.span });
    else subst.delete(v.name);
    return { name, type: symType(v.type, v.span, ctx), span: v.span };
  });
  const inner = { ...ctx, vars, subst };
  const resource = lowerResource(
    q.resource,
    q.vars.map((v) => v.name),
    inner,
    lowerExpr,
  );
  if (!resource) return fallback;
  return {
    kind: 'quant',
    quantifier: 'forperm',
    vars: binders,
    resource,
    body: lowerExpr(q.body, inner),
    span: q.span,
  };
}

function lowerResource(r: VExpr, xs: readonly string[], ctx: LowerCtx, lowerExpr: Lower): ForpermResource | undefined {
  if (r.kind === 'field' && r.object.kind === 'var' && xs.length === 1 && r.object.name === xs[0]) {
    if (ctx.decls.fields.has(r.field)) return { kind: 'field', field: r.field, span: r.span };
    fail(ctx, `unknown field '${r.field}'`, r.span);
    return undefined;
  }
  if (r.kind === 'app' && ctx.decls.predicates.has(r.name)) {
    const missing = binderNotArgument(r, xs);
    if (missing !== undefined) {
      fail(ctx, `the resource of 'forperm' must have '${missing}' as an argument`, r.span);
      return undefined;
    }
    return { kind: 'pred', predicate: r.name, args: r.args.map((a) => lowerExpr(a, ctx)), span: r.span };
  }
  // Silver's type checker: a field resource is x.f for the one quantified variable x.
  if (r.kind === 'field') fail(ctx, "the resource of 'forperm' over a field must be x.f, x its one variable", r.span);
  else if (r.kind === 'wand') refuse(ctx, 'magic wands in forperm', r.span);
  else refuse(ctx, 'forperm over a resource other than x.f or P(…, x, …)', r.span);
  return undefined;
}

/** A quantified variable of `forperm` that is no argument of the predicate resource `r` (Silver's type error), if any. */
export function binderNotArgument(r: Extract<VExpr, { kind: 'app' }>, xs: readonly string[]): string | undefined {
  return xs.find((x) => !r.args.some((a) => a.kind === 'var' && a.name === x));
}
