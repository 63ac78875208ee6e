// Types of generic domains (docs/viper.md, Generic domains): `D[Int, Seq[Ref]]` is lowered by
// monomorphisation, as Silicon does: each instance the program uses is a Sym domain (an
// uninterpreted sort) of its own, named as Viper prints the type (`D[Int, Seq[Ref]]`), so errors
// and counterexamples read as Viper's. Every instance met is recorded (Collect.instances) so
// that its axioms are instantiated for it (generics.ts). A domain's type variable stands for the
// type its instance gives it (LowerCtx.typeArgs). Nothing here imports types.ts: `sym` lowers
// a type argument (types.ts calls in).

import type { Type } from '../types';
import type { Span } from '../span';
import type { VType } from './ast';
import { fail, type LowerCtx } from './context';

type Other = Extract<VType, { kind: 'other' }>;

/** How Viper prints a type: `Int`, `Seq[Ref]`, `D[Int, Bool]`. */
export function vTypeName(t: VType): string {
  switch (t.kind) {
    case 'Int':
    case 'Bool':
    case 'Ref':
      return t.kind;
    case 'Set':
    case 'Seq':
      return `${t.kind}[${vTypeName(t.elem)}]`;
    case 'other':
      return t.args && t.args.length > 0 ? `${t.name}[${t.args.map(vTypeName).join(', ')}]` : t.name;
  }
}

/** `t` with the type variables of `typeArgs` replaced. */
export function substVType(t: VType, typeArgs: ReadonlyMap<string, VType> | undefined): VType {
  if (typeArgs === undefined) return t;
  switch (t.kind) {
    case 'Set':
    case 'Seq':
      return { kind: t.kind, elem: substVType(t.elem, typeArgs) };
    case 'other': {
      const bound = typeArgs.get(t.name);
      if (bound !== undefined && (t.args ?? []).length === 0) return bound;
      return t.args ? { kind: 'other', name: t.name, args: t.args.map((a) => substVType(a, typeArgs)) } : t;
    }
    default:
      return t;
  }
}

/** How deep type arguments nest: `Int` 0, `D[Int]` 1, `D[Seq[D[Int]]]` 3. */
export function typeDepth(t: VType): number {
  if (t.kind === 'Set' || t.kind === 'Seq') return 1 + typeDepth(t.elem);
  if (t.kind === 'other' && t.args && t.args.length > 0) return 1 + Math.max(...t.args.map(typeDepth));
  return 0;
}

/** Whether a domain has type parameters. */
export function isGenericDomain(name: string, ctx: LowerCtx): boolean {
  return (ctx.decls.domains.get(name)?.typeParams.length ?? 0) > 0;
}

/**
 * The Sym type of a type variable in scope or of a generic domain's type (its instance recorded),
 * or undefined for any other name (types.ts reads those). A wrong number of type arguments is
 * Silver's type error.
 */
export function genericDomainType(t: Other, span: Span, ctx: LowerCtx, sym: (a: VType) => Type): Type | undefined {
  const bound = (t.args ?? []).length === 0 ? ctx.typeArgs?.get(t.name) : undefined;
  if (bound !== undefined) return sym(bound);
  const d = ctx.decls.domains.get(t.name);
  if (d === undefined || (d.typeParams.length === 0 && (t.args ?? []).length === 0)) return undefined;
  const args = (t.args ?? []).map((a) => substVType(a, ctx.typeArgs));
  if (args.length !== d.typeParams.length) {
    fail(
      ctx,
      `wrong number of type arguments for '${t.name}': expected ${d.typeParams.length}, got ${args.length}`,
      span,
    );
    return { kind: 'domain', name: t.name };
  }
  args.forEach(sym); // records the instances the arguments name
  return { kind: 'domain', name: recordInstance(t.name, args, ctx) };
}

/** Records `D[args]` (ground) among the program's instances; its Sym name. */
export function recordInstance(domain: string, args: readonly VType[], ctx: LowerCtx): string {
  const name = vTypeName({ kind: 'other', name: domain, args });
  if (!ctx.out.instances.has(name))
    ctx.out.instances.set(name, { domain, args, depth: typeDepth({ kind: 'other', name: domain, args }) });
  return name;
}
