// ADT expressions (adt.ts): constructor applications `Cons(1, Nil())`, destructors `e.head` and
// discriminators `e.isNil` (written as field reads: a name that is not a field of a receiver of an
// ADT type is one of these), ascriptions `(e: T)`. A generic constructor's instance is found as
// Viper's type checker finds it: from its arguments' types and the type its context expects (the
// other side of `==`, the variable or field assigned, an ascription, the enclosing constructor's
// parameter; expectedType.ts carries it); a type parameter nothing fixes is Int (Viper only warns there). `typeOf` is the
// small type synthesis this needs: the type of an expression where it is evident, else undefined.

import type { Expr } from '../ast';
import type { VAdt, VAdtConstructor, VExpr, VType } from './ast';
import { fail, refuse, type LowerCtx } from './context';
import { expect, expectedOf } from './expectedType';
import { substVType } from './genericTypes';
import { groundTypeOf } from './generics';
import { domainOf } from './typeInference';

function isGenericDomainFunction(name: string, ctx: LowerCtx): boolean {
  return ctx.decls.domainFunctions.has(name) && (domainOf(name, ctx)?.typeParams.length ?? 0) > 0;
}
import { bindings, ctorApp, destructorApp, discriminator, instanceOf, selfType, unify, type SymType } from './adt';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type App = Extract<VExpr, { kind: 'app' }>;
type Field = Extract<VExpr, { kind: 'field' }>;
type AdtType = Extract<VType, { kind: 'other' }>;

const INT: VType = { kind: 'Int' };
const BOOL: VType = { kind: 'Bool' };

export function isConstructor(name: string, ctx: LowerCtx): boolean {
  return ctx.decls.adtConstructors.has(name) && !ctx.decls.macros.has(name);
}

/** The instance a constructor application builds, or undefined while a type parameter is open. */
function constructorType(e: App, ctx: LowerCtx, expect?: VType): { type: AdtType; open: boolean } {
  const { adt, ctor } = ctx.decls.adtConstructors.get(e.name)!;
  const params = new Set(adt.typeParams);
  const s = new Map<string, VType>();
  if (expect !== undefined) unify(selfType(adt), expect, params, s);
  ctor.params.forEach((p, i) => {
    const arg = e.args[i];
    if (arg === undefined) return;
    const open = adt.typeParams.some((t) => !s.has(t));
    const t = open ? typeOf(arg, ctx, substVType(p.type, s)) : undefined;
    // a clash leaves the bindings as they were (the checker reports the ill-typed argument)
    if (t !== undefined && unify(p.type, t, params, new Map(s))) unify(p.type, t, params, s);
  });
  const open = adt.typeParams.some((t) => !s.has(t));
  return { type: { kind: 'other', name: adt.name, args: adt.typeParams.map((t) => s.get(t) ?? INT) }, open };
}

export function lowerConstructor(e: App, ctx: LowerCtx, lower: Lower, symType: SymType): Expr {
  const { ctor } = ctx.decls.adtConstructors.get(e.name)!;
  if (e.args.length !== ctor.params.length) {
    const n = ctor.params.length;
    fail(ctx, `'${e.name}' expects ${n} argument${n === 1 ? '' : 's'} but got ${e.args.length}`, e.span);
  }
  const inst = instanceOf(constructorType(e, ctx, expectedOf(e, ctx)).type, e.span, ctx, symType);
  const s = bindings(inst);
  const args = e.args.map((a, i) => lower(a, expect(ctx, a, ctor.params[i] && substVType(ctor.params[i].type, s))));
  return ctorApp(inst, ctor, args, e.span, ctx, symType);
}

/** For a side of `==`/`!=` whose instance its context decides (a constructor's): the other side's type. */
export function adtSideType(side: VExpr, other: VExpr, ctx: LowerCtx): VType | undefined {
  if (ctx.decls.adts.size === 0 || !decidedByContext(side, ctx)) return undefined;
  return typeOf(other, ctx);
}

function decidedByContext(e: VExpr, ctx: LowerCtx): boolean {
  if (e.kind === 'cond') return decidedByContext(e.then, ctx) || decidedByContext(e.otherwise, ctx);
  return e.kind === 'app' && isConstructor(e.name, ctx);
}

/** `e.f` where f is a destructor or discriminator of the receiver's ADT; undefined for a field read. */
export function lowerAdtMember(e: Field, ctx: LowerCtx, lower: Lower, symType: SymType): Expr | undefined {
  if (ctx.decls.adts.size === 0) return undefined;
  const rt = receiverType(e.object, ctx);
  const adt = rt?.kind === 'other' ? ctx.decls.adts.get(rt.name) : undefined;
  if (adt === undefined) {
    if (rt !== undefined || ctx.decls.fields.has(e.field) || !isMember(e.field, ctx)) return undefined;
    refuse(ctx, 'an ADT destructor or discriminator whose receiver type symdap cannot infer', e.span);
    return { kind: 'boolLit', value: true, span: e.span };
  }
  const inst = instanceOf(rt as AdtType, e.span, ctx, symType);
  const object = lower(e.object, ctx);
  const tested = discriminated(adt, e.field);
  if (tested !== undefined) return discriminator(inst, tested.name, object, e.span);
  const p = destructorOf(adt, e.field);
  if (p !== undefined) return destructorApp(inst, p, object, e.span, ctx, symType);
  fail(ctx, `'${adt.name}' has no destructor or discriminator '${e.field}'`, e.span);
  return object;
}

function discriminated(adt: VAdt, member: string): VAdtConstructor | undefined {
  return member.startsWith('is') ? adt.constructors.find((c) => `is${c.name}` === member) : undefined;
}

function destructorOf(adt: VAdt, member: string): VAdtConstructor['params'][number] | undefined {
  for (const c of adt.constructors) for (const p of c.params) if (p.name === member) return p;
  return undefined;
}

function isMember(member: string, ctx: LowerCtx): boolean {
  return [...ctx.decls.adts.values()].some((a) => discriminated(a, member) || destructorOf(a, member));
}

/** The Viper type of `e` where it is evident without a full type checker; undefined otherwise. */
export function typeOf(e: VExpr, ctx: LowerCtx, expect?: VType): VType | undefined {
  switch (e.kind) {
    case 'int':
      return INT;
    case 'bool':
    case 'quant':
      return BOOL;
    case 'null':
      return { kind: 'Ref' };
    case 'var':
      return ctx.subst.has(e.name) ? undefined : ctx.vars.get(e.name);
    case 'result':
      return ctx.vars.get('result');
    case 'ascribe':
      return e.type;
    case 'old':
      return typeOf(e.expr, ctx, expect);
    case 'cond':
      return typeOf(e.then, ctx, expect) ?? typeOf(e.otherwise, ctx, expect);
    case 'unary':
      return e.op === '!' ? BOOL : INT;
    case 'binary':
      return binaryType(e, ctx);
    case 'app':
      return appType(e, ctx, expect);
    case 'field':
      return memberType(e, ctx);
    case 'coll':
      return collType(e, ctx);
    default:
      return undefined;
  }
}

function binaryType(e: Extract<VExpr, { kind: 'binary' }>, ctx: LowerCtx): VType | undefined {
  if (['+', '-', '*', '\\', '%'].includes(e.op)) return typeOf(e.left, ctx) ?? INT;
  if (['union', 'intersection', 'setminus', '++'].includes(e.op)) return typeOf(e.left, ctx) ?? typeOf(e.right, ctx);
  return e.op === '/' ? undefined : BOOL;
}

function appType(e: App, ctx: LowerCtx, expect?: VType): VType | undefined {
  if (isConstructor(e.name, ctx)) {
    const { type, open } = constructorType(e, ctx, expect);
    return open ? undefined : type;
  }
  if (ctx.decls.macros.has(e.name)) return undefined;
  // a generic domain function's result is its instance's (type inference, generics.ts)
  if (isGenericDomainFunction(e.name, ctx)) return groundTypeOf(e, ctx);
  const f = ctx.decls.functions.get(e.name) ?? ctx.decls.domainFunctions.get(e.name);
  if (f !== undefined) return f.result;
  if ((e.name === 'Set' || e.name === 'Seq') && e.args.length > 0) {
    const elem = typeOf(e.args[0], ctx);
    return elem && { kind: e.name, elem };
  }
  return undefined;
}

/** A receiver's type; a constructor whose type parameters nothing fixes is read at Int, as lowerConstructor reads it. */
function receiverType(e: VExpr, ctx: LowerCtx): VType | undefined {
  return e.kind === 'app' && isConstructor(e.name, ctx) ? constructorType(e, ctx).type : typeOf(e, ctx);
}

function memberType(e: Field, ctx: LowerCtx): VType | undefined {
  const rt = receiverType(e.object, ctx);
  const adt = rt?.kind === 'other' ? ctx.decls.adts.get(rt.name) : undefined;
  if (adt === undefined || rt?.kind !== 'other') return ctx.decls.fields.get(e.field)?.type;
  if (discriminated(adt, e.field)) return BOOL;
  const p = destructorOf(adt, e.field);
  const s = new Map(adt.typeParams.map((t, i) => [t, rt.args?.[i] ?? INT]));
  return p && substVType(p.type, s);
}

function collType(e: Extract<VExpr, { kind: 'coll' }>, ctx: LowerCtx): VType | undefined {
  switch (e.op) {
    case 'size':
      return INT;
    case 'lit':
      if (e.collection === 'Multiset' && e.elem) return { kind: 'other', name: 'Multiset', args: [e.elem] };
      if ((e.collection === 'Set' || e.collection === 'Seq') && e.elem) return { kind: e.collection, elem: e.elem };
      return undefined;
    case 'at': {
      const s = typeOf(e.args[0], ctx);
      return s?.kind === 'Seq' ? s.elem : undefined;
    }
    case 'range':
      return { kind: 'Seq', elem: INT };
    default:
      return typeOf(e.args[0], ctx);
  }
}

/** Whether `e` applies an ADT constructor, destructor or discriminator anywhere. */
export function mentionsAdt(e: unknown, ctx: LowerCtx): boolean {
  if (e === null || typeof e !== 'object') return false;
  const node = e as { kind?: unknown; name?: unknown; field?: unknown };
  if (node.kind === 'app' && typeof node.name === 'string' && isConstructor(node.name, ctx)) return true;
  if (
    node.kind === 'field' &&
    typeof node.field === 'string' &&
    !ctx.decls.fields.has(node.field) &&
    isMember(node.field, ctx)
  )
    return true;
  return Object.values(e).some((v) => mentionsAdt(v, ctx));
}
