// Type inference for generic domain function applications (docs/viper.md, Generic domains), as
// Silver's type checker does it: an application's type parameters are fresh unknowns, unified
// with the types of its arguments and with the type its context expects (an assignment's target,
// the other side of `==`, `(e : T)`); what stays unknown defaults, as in Silver, to the enclosing
// domain's own type variable inside that domain's axioms and to Int elsewhere. Types here are
// terms over constructors (`Int`, `Seq`, a domain's name) and numbered unknowns; one `Infer`
// holds the bindings of one application's inference and dies with it.

import type { Expr } from '../ast';
import type { Type } from '../types';
import type { VDomain, VDomainFunction, VExpr, VType } from './ast';
import type { LowerCtx } from './context';

export type TT = { readonly con: string; readonly args: readonly TT[] } | { readonly uvar: number };

export interface Infer {
  readonly sub: Map<number, TT>;
  /** The domain type parameter an unknown stands for, at the application that made it. */
  readonly origin: Map<number, { readonly domain: string; readonly param: string }>;
  /** An unknown that is one of several types, and the one Silver takes when nothing decides (`/`). */
  readonly prefer: Map<number, VType>;
  next: number;
}

export const newInfer = (): Infer => ({ sub: new Map(), origin: new Map(), prefer: new Map(), next: 0 });

const con = (name: string, args: readonly TT[] = []): TT => ({ con: name, args });

export function fresh(inf: Infer): TT {
  return { uvar: inf.next++ };
}

export function resolve(t: TT, inf: Infer): TT {
  if ('uvar' in t) {
    const b = inf.sub.get(t.uvar);
    return b === undefined ? t : resolve(b, inf);
  }
  return t.args.length === 0
    ? t
    : con(
        t.con,
        t.args.map((a) => resolve(a, inf)),
      );
}

function occurs(id: number, t: TT): boolean {
  return 'uvar' in t ? t.uvar === id : t.args.some((a) => occurs(id, a));
}

/** Unifies a and b (binding unknowns); false when they cannot be equal. */
export function unify(a: TT, b: TT, inf: Infer): boolean {
  const x = resolve(a, inf);
  const y = resolve(b, inf);
  if ('uvar' in x) {
    if ('uvar' in y && y.uvar === x.uvar) return true;
    if (occurs(x.uvar, y)) return false;
    inf.sub.set(x.uvar, y);
    return true;
  }
  if ('uvar' in y) return unify(y, x, inf);
  if (x.con !== y.con || x.args.length !== y.args.length) return false;
  return x.args.every((xa, i) => unify(xa, y.args[i], inf));
}

/** A Viper type as a term: the enclosing instance's type arguments substituted, and the names
 *  of `vars` (a domain's type parameters at one application) read as those unknowns. */
export function fromVType(t: VType, ctx: LowerCtx, vars?: ReadonlyMap<string, TT>): TT {
  switch (t.kind) {
    case 'Int':
    case 'Bool':
    case 'Ref':
      return con(t.kind);
    case 'Set':
    case 'Seq':
      return con(t.kind, [fromVType(t.elem, ctx, vars)]);
    case 'other': {
      const args = t.args ?? [];
      if (args.length === 0) {
        const v = vars?.get(t.name);
        if (v !== undefined) return v;
        const bound = ctx.typeArgs?.get(t.name);
        if (bound !== undefined) return fromVType(bound, { ...ctx, typeArgs: undefined });
      }
      return con(
        t.name,
        args.map((a) => fromVType(a, ctx, vars)),
      );
    }
  }
}

/** A term back as a Viper type, each unknown left replaced by `dflt(id)`. */
export function toVType(t: TT, inf: Infer, dflt: (id: number) => VType): VType {
  const r = resolve(t, inf);
  if ('uvar' in r) return dflt(r.uvar);
  if (r.con === 'Int' || r.con === 'Bool' || r.con === 'Ref') return { kind: r.con };
  if ((r.con === 'Set' || r.con === 'Seq') && r.args.length === 1)
    return { kind: r.con, elem: toVType(r.args[0], inf, dflt) };
  return r.args.length === 0
    ? { kind: 'other', name: r.con }
    : { kind: 'other', name: r.con, args: r.args.map((a) => toVType(a, inf, dflt)) };
}

/** The domain that declares function `name`. */
export function domainOf(name: string, ctx: LowerCtx): VDomain | undefined {
  for (const d of ctx.decls.domains.values()) if (d.functions.some((f) => f.name === name)) return d;
  return undefined;
}

/** A domain function's signature with its domain's type parameters fresh unknowns. */
export function instantiate(
  f: VDomainFunction,
  d: VDomain,
  ctx: LowerCtx,
  inf: Infer,
): { vars: Map<string, TT>; params: TT[]; result: TT } {
  const vars = new Map(
    d.typeParams.map((p) => {
      const u = fresh(inf);
      inf.origin.set(inf.next - 1, { domain: d.name, param: p });
      return [p, u];
    }),
  );
  return {
    vars,
    params: f.params.map((p) => fromVType(p.type, ctx, vars)),
    result: fromVType(f.result, ctx, vars),
  };
}

const BOOL_OPS = new Set(['==', '!=', '<', '<=', '>', '>=', '&&', '||', '==>', '<==>', 'in', 'subset']);

/** The type of a Viper expression, as far as it is known; unknown parts are fresh unknowns. */
export function typeOf(e: VExpr, ctx: LowerCtx, inf: Infer, locals: ReadonlyMap<string, TT> = new Map()): TT {
  const of = (x: VExpr): TT => typeOf(x, ctx, inf, locals);
  switch (e.kind) {
    case 'int':
      return con('Int');
    case 'bool':
    case 'acc':
    case 'quant':
    case 'inhaleExhale':
      return con('Bool');
    case 'null':
      return con('Ref');
    case 'result': {
      const r = ctx.vars.get('result');
      return r ? fromVType(r, ctx) : fresh(inf);
    }
    case 'var':
      return varType(e.name, ctx, inf, locals);
    case 'app':
      return appType(e, ctx, inf, of);
    case 'field': {
      const f = ctx.decls.fields.get(e.field);
      return f ? fromVType(f.type, ctx) : fresh(inf);
    }
    case 'unary':
      return e.op === '!' ? con('Bool') : of(e.operand);
    case 'binary':
      return binaryType(e, inf, of);
    case 'cond': {
      const t = of(e.then);
      unify(t, of(e.otherwise), inf);
      return t;
    }
    case 'old':
      return of(e.expr);
    case 'unfolding':
    case 'asserting':
      return of(e.body);
    case 'let':
      return typeOf(e.body, ctx, inf, new Map([...locals, [e.name, of(e.value)]]));
    case 'wand':
      return con('Bool');
    case 'ascribe': {
      const t = fromVType(e.type, ctx);
      unify(of(e.expr), t, inf);
      return t;
    }
    case 'coll':
      return collType(e, ctx, inf, of);
    case 'unsupported':
      return fresh(inf);
  }
}

function varType(name: string, ctx: LowerCtx, inf: Infer, locals: ReadonlyMap<string, TT>): TT {
  const local = locals.get(name);
  if (local !== undefined) return local;
  const bound = ctx.subst.get(name);
  const declared = ctx.vars.get(name);
  if (bound !== undefined && (bound.kind !== 'var' || declared === undefined)) return loweredType(bound, ctx, inf);
  if (declared !== undefined) return fromVType(declared, ctx);
  if (name === 'none' || name === 'write' || name === 'wildcard') return con('Perm');
  return fresh(inf);
}

function appType(e: Extract<VExpr, { kind: 'app' }>, ctx: LowerCtx, inf: Infer, of: (x: VExpr) => TT): TT {
  const f = ctx.decls.domainFunctions.get(e.name);
  const d = f && domainOf(e.name, ctx);
  if (f && d) {
    const sig = instantiate(f, d, ctx, inf);
    e.args.forEach((a, i) => sig.params[i] && unify(sig.params[i], of(a), inf));
    return sig.result;
  }
  const fn = ctx.decls.functions.get(e.name);
  if (fn) return fromVType(fn.result, ctx);
  if (ctx.decls.predicates.has(e.name)) return con('Bool');
  if ((e.name === 'Set' || e.name === 'Seq') && !ctx.decls.macros.has(e.name))
    return con(e.name, [e.args.length > 0 ? of(e.args[0]) : fresh(inf)]);
  if (e.name === 'Multiset' && !ctx.decls.macros.has(e.name))
    return con(e.name, [e.args.length > 0 ? of(e.args[0]) : fresh(inf)]);
  if (e.name === 'perm') return con('Perm');
  return fresh(inf);
}

function binaryType(e: Extract<VExpr, { kind: 'binary' }>, inf: Infer, of: (x: VExpr) => TT): TT {
  if (e.op === '==' || e.op === '!=') {
    unify(of(e.left), of(e.right), inf);
    return con('Bool');
  }
  if (e.op === 'in') {
    // `x in m` of a multiset is a count (multisets.ts)
    const r = resolve(of(e.right), inf);
    return 'con' in r && r.con === 'Multiset' ? con('Int') : con('Bool');
  }
  if (BOOL_OPS.has(e.op)) return con('Bool');
  if (e.op === '\\' || e.op === '%') return con('Int');
  const l = of(e.left);
  // Int / Int is a Perm or an Int (arithTypes.ts): the context decides, else the first, Perm.
  if (e.op === '/' && 'con' in resolve(l, inf) && (resolve(l, inf) as { con: string }).con === 'Int') {
    const t = fresh(inf) as { uvar: number };
    inf.prefer.set(t.uvar, { kind: 'other', name: 'Perm' });
    return t;
  }
  if (e.op === '/') return l;
  if (e.op === 'union' || e.op === 'intersection' || e.op === 'setminus' || e.op === '++') unify(l, of(e.right), inf);
  return l;
}

function collType(e: Extract<VExpr, { kind: 'coll' }>, ctx: LowerCtx, inf: Infer, of: (x: VExpr) => TT): TT {
  switch (e.op) {
    case 'size':
      return con('Int');
    case 'range':
      return con('Seq', [con('Int')]);
    case 'lit': {
      const elem = e.elem ? fromVType(e.elem, ctx) : fresh(inf);
      for (const a of e.args) unify(elem, of(a), inf);
      return con(e.collection ?? 'Seq', [elem]);
    }
    case 'at': {
      const elem = fresh(inf);
      unify(of(e.args[0]), con('Seq', [elem]), inf);
      return elem;
    }
    default:
      return of(e.args[0]);
  }
}

/** The type of an already lowered expression (a macro's argument, a let's value), as far as it shows. */
function loweredType(x: Expr, ctx: LowerCtx, inf: Infer): TT {
  switch (x.kind) {
    case 'intLit':
      return con('Int');
    case 'boolLit':
      return con('Bool');
    case 'null':
      return con('Ref');
    case 'domainApp':
      return fromSymType(x.result, ctx, inf);
    case 'var': {
      const t = ctx.vars.get(x.name);
      return t ? fromVType(t, ctx) : fresh(inf);
    }
    case 'call': {
      const fn = ctx.decls.functions.get(x.callee);
      return fn ? fromVType(fn.result, ctx) : fresh(inf);
    }
    case 'field': {
      const f = ctx.decls.fields.get(x.field);
      return f ? fromVType(f.type, ctx) : fresh(inf);
    }
    default:
      return fresh(inf);
  }
}

function fromSymType(t: Type, ctx: LowerCtx, inf: Infer): TT {
  switch (t.kind) {
    case 'int':
      return con('Int');
    case 'bool':
      return con('Bool');
    case 'ref':
      return con('Ref');
    case 'perm':
      return con('Perm');
    case 'set':
      return con('Set', [fromSymType(t.elem, ctx, inf)]);
    case 'seq':
      return con('Seq', [fromSymType(t.elem, ctx, inf)]);
    case 'domain': {
      const inst = ctx.out.instances.get(t.name);
      return inst
        ? con(
            inst.domain,
            inst.args.map((a) => fromVType(a, ctx)),
          )
        : con(t.name);
    }
    default:
      return fresh(inf);
  }
}
