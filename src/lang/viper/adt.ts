// Viper's ADTs (the ADT plugin; docs/viper.md "ADTs") as domains, the way Silver's own AdtEncoder
// turns them into domains: each ADT type is an uninterpreted sort, each constructor and
// destructor an uninterpreted function, a discriminator `e.isC` is `tag(e) == k` (k: the index of
// C among the constructors sorted by name), and four kinds of axioms give them their meaning:
// injectivity (`D_i(C(x1..xn)) == x_i`), the tag of each constructor, and exhaustiveness
// (`t == C1(D(t)…) || … || t == Cn(D(t)…)`). A generic ADT `adt L[T]` is instantiated per type
// used (`L[Int]`, `L[L[Bool]]`): each instance is its own sort with its own functions and axioms,
// made when the lowering first meets the type (`adtSymType`) and closed over the types its
// constructors mention (`adtAxioms`, at the end of the program).

import type { AxiomDecl, DomainApp, Expr } from '../ast';
import type { Type } from '../types';
import type { Span } from '../span';
import type { VAdt, VAdtConstructor, VType } from './ast';
import { fail, type AdtInstance, type LowerCtx } from './context';
import { opaqueCollSort } from './opaqueColl';
// Types are named and substituted as generic domains' are.
import { substVType, vTypeName as typeName } from './genericTypes';

export type { AdtInstance } from './context';

const INT: VType = { kind: 'Int' };

/** Match `pattern` (over the type parameters `params`) against `t`, extending `s`; false on a clash. */
export function unify(pattern: VType, t: VType, params: ReadonlySet<string>, s: Map<string, VType>): boolean {
  if (pattern.kind === 'other' && !pattern.args && params.has(pattern.name)) {
    const bound = s.get(pattern.name);
    if (bound === undefined) s.set(pattern.name, t);
    return bound === undefined || typeName(bound) === typeName(t);
  }
  if (pattern.kind !== t.kind) return false;
  if ((pattern.kind === 'Set' || pattern.kind === 'Seq') && (t.kind === 'Set' || t.kind === 'Seq'))
    return unify(pattern.elem, t.elem, params, s);
  if (pattern.kind === 'other' && t.kind === 'other') {
    const [pa, ta] = [pattern.args ?? [], t.args ?? []];
    return pattern.name === t.name && pa.length === ta.length && pa.every((p, i) => unify(p, ta[i], params, s));
  }
  return true;
}

/** The ADT's own type over its parameters: `L[T]`. */
export function selfType(adt: VAdt): VType {
  return { kind: 'other', name: adt.name, args: adt.typeParams.map((name) => ({ kind: 'other', name })) };
}

/** The instance's type arguments by parameter name. */
export function bindings(inst: AdtInstance): Map<string, VType> {
  return new Map(inst.adt.typeParams.map((p, i) => [p, inst.args[i] ?? INT]));
}

function registry(ctx: LowerCtx): Map<string, AdtInstance> {
  return (ctx.out.adts ??= new Map());
}

/**
 * The sort of an ADT type (the instance is recorded, so that its axioms are made) or of a
 * multiset or map type (opaqueColl.ts); undefined for another type (a domain's: genericTypes.ts).
 */
export function adtSymType(t: Extract<VType, { kind: 'other' }>, span: Span, ctx: LowerCtx): Type | undefined {
  const adt = ctx.decls.adts.get(t.name);
  if (adt === undefined && (ctx.decls.domains.has(t.name) || ctx.typeArgs?.has(t.name))) return undefined;
  if (adt === undefined) return opaqueCollSort(substVType(t, ctx.typeArgs), typeName);
  // in a generic domain's axiom, its type variables stand for its instance's arguments
  const args = (t.args ?? []).map((a) => substVType(a, ctx.typeArgs));
  if (args.length !== adt.typeParams.length) {
    fail(ctx, `'${adt.name}' expects ${adt.typeParams.length} type argument(s) but got ${args.length}`, span);
    return { kind: 'int' };
  }
  const name = typeName({ ...t, args });
  if (!registry(ctx).has(name)) registry(ctx).set(name, { adt, args, name });
  return { kind: 'domain', name };
}

/** The instance named by an ADT type (recorded by adtSymType). */
export function instanceOf(
  t: Extract<VType, { kind: 'other' }>,
  span: Span,
  ctx: LowerCtx,
  symType: SymType,
): AdtInstance {
  symType(t, span, ctx);
  const adt = ctx.decls.adts.get(t.name)!;
  const ground = substVType(t, ctx.typeArgs) as typeof t;
  return registry(ctx).get(typeName(ground)) ?? { adt, args: ground.args ?? [], name: typeName(ground) };
}

export type SymType = (t: VType, span: Span, ctx: LowerCtx) => Type;

/** Function names of an instance: no Viper identifier holds `[`, `.` or `@`, so they never clash. */
function ctorName(inst: AdtInstance, c: VAdtConstructor): string {
  return inst.adt.typeParams.length === 0 ? c.name : `${c.name}@${inst.name}`;
}
function destructorName(inst: AdtInstance, field: string): string {
  return `${inst.name}.${field}`;
}
function tagName(inst: AdtInstance): string {
  return `${inst.name}.tag`;
}

/** Viper's tag of a constructor: its index among the constructors sorted by name. */
export function tagOf(adt: VAdt, ctor: string): number {
  return [...adt.constructors.map((c) => c.name)].sort().indexOf(ctor);
}

export function ctorApp(
  inst: AdtInstance,
  c: VAdtConstructor,
  args: Expr[],
  span: Span,
  ctx: LowerCtx,
  symType: SymType,
): DomainApp {
  const s = bindings(inst);
  return {
    kind: 'domainApp',
    name: ctorName(inst, c),
    params: c.params.map((p) => symType(substVType(p.type, s), p.span, ctx)),
    result: { kind: 'domain', name: inst.name },
    args,
    span,
  };
}

export function destructorApp(
  inst: AdtInstance,
  p: VAdtConstructor['params'][number],
  object: Expr,
  span: Span,
  ctx: LowerCtx,
  symType: SymType,
): DomainApp {
  return {
    kind: 'domainApp',
    name: destructorName(inst, p.name),
    params: [{ kind: 'domain', name: inst.name }],
    result: symType(substVType(p.type, bindings(inst)), p.span, ctx),
    args: [object],
    span,
  };
}

/** `e.isC`: `tag(e) == k`, as Silver's encoder reads a discriminator. */
export function discriminator(inst: AdtInstance, ctor: string, object: Expr, span: Span): Expr {
  const tag: DomainApp = {
    kind: 'domainApp',
    name: tagName(inst),
    params: [{ kind: 'domain', name: inst.name }],
    result: { kind: 'int' },
    args: [object],
    span,
  };
  return {
    kind: 'binary',
    op: '==',
    left: tag,
    right: { kind: 'intLit', value: BigInt(tagOf(inst.adt, ctor)), span },
    span,
  };
}

/** The axioms of every instance recorded, and of those their constructors mention (to a fixpoint). */
export function adtAxioms(ctx: LowerCtx, symType: SymType): AxiomDecl[] {
  const done = new Set<string>();
  const out: AxiomDecl[] = [];
  for (;;) {
    const next = [...registry(ctx).values()].find((i) => !done.has(i.name));
    if (next === undefined) return out;
    done.add(next.name);
    out.push(...instanceAxioms(next, ctx, symType));
  }
}

function instanceAxioms(inst: AdtInstance, ctx: LowerCtx, symType: SymType): AxiomDecl[] {
  const span = inst.adt.span;
  const s = bindings(inst);
  const v = (name: string): Expr => ({ kind: 'var', name, span });
  const eq = (left: Expr, right: Expr): Expr => ({ kind: 'binary', op: '==', left, right, span });
  const axiom = (what: string, body: Expr): AxiomDecl => ({
    kind: 'axiom',
    name: `${inst.name}@${what}`,
    nameSpan: inst.adt.nameSpan,
    body,
    span,
  });
  const forall = (c: VAdtConstructor, body: Expr): Expr =>
    c.params.length === 0
      ? body
      : {
          kind: 'quant',
          quantifier: 'forall',
          vars: c.params.map((p, i) => ({ name: `x@${i}`, type: symType(substVType(p.type, s), p.span, ctx), span })),
          body,
          span,
        };
  const out: AxiomDecl[] = [];
  for (const c of inst.adt.constructors) {
    const app = ctorApp(
      inst,
      c,
      c.params.map((_, i) => v(`x@${i}`)),
      span,
      ctx,
      symType,
    );
    c.params.forEach((p, i) =>
      out.push(
        axiom(`${c.name}.${p.name}`, forall(c, eq(destructorApp(inst, p, app, span, ctx, symType), v(`x@${i}`)))),
      ),
    );
    out.push(axiom(`${c.name}.tag`, forall(c, discriminator(inst, c.name, app, span))));
  }
  const t = v('t@');
  const cases = inst.adt.constructors.map((c) =>
    eq(
      t,
      ctorApp(
        inst,
        c,
        c.params.map((p) => destructorApp(inst, p, t, span, ctx, symType)),
        span,
        ctx,
        symType,
      ),
    ),
  );
  if (cases.length > 0) {
    const body = cases.reduce((l, r) => ({ kind: 'binary', op: '||', left: l, right: r, span }));
    const vars = [{ name: 't@', type: { kind: 'domain' as const, name: inst.name }, span }];
    out.push(axiom('exhaustive', { kind: 'quant', quantifier: 'forall', vars, body, span }));
  }
  return out;
}

/** An ADT's constructors share the program's one namespace (Viper's), as domain functions do. */
export function adtNames(
  d: VAdt,
  names: Map<string, string>,
  ctors: Map<string, { adt: VAdt; ctor: VAdtConstructor }>,
  out: { errors: { message: string; span: Span }[] },
): void {
  for (const c of d.constructors) {
    if (names.has(c.name))
      out.errors.push({ message: `'${c.name}' is already declared as a ${names.get(c.name)}`, span: c.nameSpan });
    names.set(c.name, 'ADT constructor');
    ctors.set(c.name, { adt: d, ctor: c });
  }
}
