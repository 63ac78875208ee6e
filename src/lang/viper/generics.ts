// Generic domains by monomorphisation (docs/viper.md, Generic domains). An application of a
// generic domain's function gets its type arguments by inference (typeInference.ts) and becomes
// the application of one uninterpreted function per instance, named `f[Int]` (the instance's
// type arguments), over the instance's sort `D[Int]` (genericTypes.ts). The axioms of a generic
// domain are lowered once per instance the program uses, the type variables standing for the
// instance's arguments (instanceAxioms.ts).
//
// For other front-end parts (ADTs): `typeArgsOf` infers an application's type arguments from a
// signature, and `recordInstance`/`genericDomainType` (genericTypes.ts) name instances.

import type { DomainApp, Expr } from '../ast';
import type { Span } from '../span';
import type { VDomain, VDomainFunction, VExpr, VType } from './ast';
import { fail, type LowerCtx } from './context';
import { recordInstance, substVType, vTypeName } from './genericTypes';
import {
  domainOf,
  fromVType,
  instantiate,
  newInfer,
  toVType,
  typeOf,
  unify,
  type Infer,
  type TT,
} from './typeInference';
import { symType } from './types';
import { expect, expectedOf } from './expectedType';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type App = Extract<VExpr, { kind: 'app' }>;

/** For a side of `==`/`!=` applying a generic domain's function: the other side's type, where known. */
export function domainSideType(side: VExpr, other: VExpr, ctx: LowerCtx): VType | undefined {
  return needsExpectation(side, ctx) ? groundTypeOf(other, ctx) : undefined;
}

/** The type of `e` where inference fixes it whole (no unknown left), else undefined. */
export function groundTypeOf(e: VExpr, ctx: LowerCtx): VType | undefined {
  const inf = newInfer();
  const t = typeOf(e, ctx, inf);
  let ground = true;
  const v = toVType(t, inf, () => {
    ground = false;
    return { kind: 'Int' };
  });
  return ground ? v : undefined;
}

function needsExpectation(e: VExpr, ctx: LowerCtx): boolean {
  if (e.kind !== 'app') return false;
  const d = ctx.decls.domainFunctions.has(e.name) ? domainOf(e.name, ctx) : undefined;
  return d !== undefined && d.typeParams.length > 0;
}

/**
 * The ground type arguments of `d`'s parameters at an application of `f` to `args` (Silver's
 * rules): unified with the arguments' types and the expected result type; an unknown left over
 * is the domain's own type variable in that domain's axioms (its instance's argument), else Int.
 */
export function typeArgsOf(f: VDomainFunction, d: VDomain, args: readonly VExpr[], e: VExpr, ctx: LowerCtx): VType[] {
  const inf: Infer = newInfer();
  const sig = instantiate(f, d, ctx, inf);
  args.forEach((a, i) => {
    const got = typeOf(a, ctx, inf);
    if (sig.params[i] && !unify(sig.params[i], got, inf))
      typeError(ctx, a.span, got, sig.params[i], inf, `argument ${i + 1} of '${f.name}'`);
  });
  const expected = expectedOf(e, ctx);
  if (expected !== undefined) {
    const want = fromVType(expected, ctx);
    if (!unify(sig.result, want, inf)) typeError(ctx, e.span, sig.result, want, inf, `'${f.name}(…)'`);
  }
  // Silver: an unknown from the enclosing domain's own type parameter is that parameter.
  const dflt = (id: number): VType => {
    const preferred = inf.prefer.get(id);
    if (preferred !== undefined) return preferred;
    const o = inf.origin.get(id);
    return (o !== undefined && o.domain === ctx.domain ? ctx.typeArgs?.get(o.param) : undefined) ?? { kind: 'Int' };
  };
  return d.typeParams.map((p) => toVType(sig.vars.get(p) as TT, inf, dflt));
}

/** Silver's type error: what was found where another type was expected. */
function typeError(ctx: LowerCtx, span: Span, found: TT, wanted: TT, inf: Infer, what: string): void {
  const name = (t: TT): string => vTypeName(toVType(t, inf, () => ({ kind: 'other', name: '_' })));
  fail(ctx, `type error: ${what} has type ${name(found)}, but ${name(wanted)} is expected`, span);
}

/** `f(args)` of a generic domain's function: the application of f's instance. */
export function genericApp(f: VDomainFunction, d: VDomain, e: App, ctx: LowerCtx, lower: Lower): DomainApp {
  const typeArgs = typeArgsOf(f, d, e.args, e, ctx);
  const args = e.args.map((a, i) => {
    const p = f.params[i];
    return lower(a, p ? expect(ctx, a, substVType(p.type, bindings(d, typeArgs))) : ctx);
  });
  return instanceApp(f, d, typeArgs, args, e.span, ctx);
}

export function bindings(d: VDomain, typeArgs: readonly VType[]): Map<string, VType> {
  return new Map(d.typeParams.map((p, i) => [p, typeArgs[i]]));
}

/** The application of f's instance at `typeArgs` (its instance recorded). */
export function instanceApp(
  f: VDomainFunction,
  d: VDomain,
  typeArgs: readonly VType[],
  args: Expr[],
  span: Span,
  ctx: LowerCtx,
): DomainApp {
  const sctx: LowerCtx = { ...ctx, typeArgs: bindings(d, typeArgs) };
  recordInstance(d.name, typeArgs, ctx);
  const name = `${f.name}[${typeArgs.map(vTypeName).join(', ')}]`;
  ctx.out.apps.set(name, { fn: f.name, typeArgs });
  return {
    kind: 'domainApp',
    name,
    params: f.params.map((p) => symType(p.type, p.span, sctx)),
    result: symType(f.result, f.span, sctx),
    args,
    span,
  };
}
