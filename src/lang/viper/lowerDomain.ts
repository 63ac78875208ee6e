// Viper domains (docs/viper.md, Domains): a domain type is an uninterpreted sort, its functions
// uninterpreted functions (Sym's DomainApp, carrying the signature), its axioms closed formulas
// the engine assumes in every initial state (Sym's AxiomDecl). `unique` functions (constants)
// of one type take pairwise distinct values: one generated axiom says so, as Viper's does.
// Generic domains (`domain D[T]`) are lowered per instance (generics.ts); `interpretation` is
// refused by name before parsing (unsupportedTokens.ts). `lower` is lowerExpr, passed in so that the two files do not import
// each other.

import type { AxiomDecl, DomainApp, Expr } from '../ast';
import { spanFrom } from '../span';
import type { VDomain, VDomainFunction, VExpr } from './ast';
import { fail, type LowerCtx } from './context';
import { symType } from './types';
import { genericApp } from './generics';
import { expect } from './expectedType';
import { domainOf } from './typeInference';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type App = Extract<VExpr, { kind: 'app' }>;

/** `f(args)` of a domain function (of a generic domain: generics.ts). */
export function domainApp(f: VDomainFunction, e: App, ctx: LowerCtx, lower: Lower): DomainApp {
  if (e.args.length !== f.params.length) {
    const n = f.params.length;
    fail(ctx, `'${f.name}' expects ${n} argument${n === 1 ? '' : 's'} but got ${e.args.length}`, e.span);
  }
  const d = domainOf(f.name, ctx);
  if (d !== undefined && d.typeParams.length > 0) return genericApp(f, d, e, ctx, lower);
  return {
    kind: 'domainApp',
    name: f.name,
    params: f.params.map((p) => symType(p.type, p.span, ctx)),
    result: symType(f.result, f.span, ctx),
    args: e.args.map((a, i) => lower(a, expect(ctx, a, f.params[i]?.type))),
    span: e.span,
  };
}

/** The axioms of a domain, and the distinctness of its unique constants, as Sym axioms. */
export function lowerDomain(d: VDomain, ctx: LowerCtx, lower: Lower): AxiomDecl[] {
  // A generic domain's axioms are lowered per instance (generics.ts).
  if (d.typeParams.length > 0) return [];
  for (const f of d.functions) {
    for (const p of f.params) symType(p.type, p.span, ctx);
    symType(f.result, f.span, ctx);
    if (f.unique && f.params.length > 0) fail(ctx, `unique function '${f.name}' may not have parameters`, f.nameSpan);
  }
  const axioms: AxiomDecl[] = d.axioms.map((a) => ({
    kind: 'axiom',
    // `@` keeps the name apart from every Viper identifier (the checker's top-level names).
    name: `${d.name}@${a.name ?? `${a.span.line}:${a.span.col}`}`,
    nameSpan: a.span,
    body: lower(a.body, { ...ctx, vars: new Map(), place: 'function' }),
    span: a.span,
  }));
  const unique = uniqueAxiom(d, ctx);
  return unique === undefined ? axioms : [...axioms, unique];
}

/** `c1() != c2() && …` over every pair of unique constants of one result type declared in `d`. */
function uniqueAxiom(d: VDomain, ctx: LowerCtx): AxiomDecl | undefined {
  const unique = d.functions.filter((f) => f.unique && f.params.length === 0);
  const apps = unique.map((f) => ({
    f,
    app: {
      kind: 'domainApp' as const,
      name: f.name,
      params: [],
      result: symType(f.result, f.span, ctx),
      args: [],
      span: f.nameSpan,
    },
  }));
  const distinct: Expr[] = [];
  for (let i = 0; i < apps.length; i++)
    for (let j = i + 1; j < apps.length; j++) {
      const [a, b] = [apps[i], apps[j]];
      if (typeNameOf(a.f) !== typeNameOf(b.f)) continue;
      distinct.push({ kind: 'binary', op: '!=', left: a.app, right: b.app, span: spanFrom(a.f.span, b.f.span) });
    }
  if (distinct.length === 0) return undefined;
  const body = distinct.reduce((l, r) => ({ kind: 'binary', op: '&&', left: l, right: r, span: l.span }));
  return { kind: 'axiom', name: `${d.name}@unique`, nameSpan: d.nameSpan, body, span: d.span };
}

function typeNameOf(f: VDomainFunction): string {
  return f.result.kind === 'other' ? f.result.name : f.result.kind;
}
