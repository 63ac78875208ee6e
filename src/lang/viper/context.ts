// What the lowering of one Viper program carries: the program's declarations by name, the
// variables in scope with their Viper types, where an expression stands (which decides what it may
// contain), and three collectors for the run: refusals, generated helper procedures, and the
// Viper sites (statement or clause kinds by span) that give failures their Viper error ids.

import type { Span } from '../span';
import type { Proc } from '../ast';
import type { VAdt, VAdtConstructor, VDecl, VDefine, VDomainFunction, VExpr, VType } from './ast';

export type DeclOf<K extends VDecl['kind']> = Extract<VDecl, { kind: K }>;

export interface Decls {
  readonly fields: ReadonlyMap<string, DeclOf<'field'>>;
  readonly methods: ReadonlyMap<string, DeclOf<'method'>>;
  readonly functions: ReadonlyMap<string, DeclOf<'function'>>;
  readonly predicates: ReadonlyMap<string, DeclOf<'predicate'>>;
  readonly macros: ReadonlyMap<string, VDefine>;
  /** Domains, and their functions by name (lowerDomain.ts). */
  readonly domains: ReadonlyMap<string, DeclOf<'domain'>>;
  readonly domainFunctions: ReadonlyMap<string, VDomainFunction>;
  /** Fields named by a quantified permission (quantifiedPerms.ts). */
  readonly quantifiedFields?: ReadonlySet<string>;
  /** ADTs, and their constructors by name (adt.ts). */
  readonly adts: ReadonlyMap<string, VAdt>;
  readonly adtConstructors: ReadonlyMap<string, { adt: VAdt; ctor: VAdtConstructor }>;
}

/** One instance of an ADT (adt.ts): `List[Int]` of `adt List[T]`. */
export interface AdtInstance {
  readonly adt: VAdt;
  readonly args: readonly VType[];
  /** The instance's type name, `L[Int]` (the sort's name). */
  readonly name: string;
}

/** Where an expression is evaluated: decides whether `old`, `result` and permissions may appear. */
export type Place = 'code' | 'requires' | 'ensures' | 'invariant' | 'function' | 'fnPost' | 'predicate' | 'assertion';

/** A Viper construct at a span: the failure there gets this construct's error id. */
export type SiteKind =
  | 'assert'
  | 'assume'
  | 'inhale'
  | 'exhale'
  | 'call'
  | 'fold'
  | 'unfold'
  | 'assign'
  | 'fieldAssign'
  | 'new'
  | 'if'
  | 'while'
  | 'invariant'
  | 'requires'
  | 'ensures'
  | 'fnPost'
  | 'functionBody'
  | 'functionPre'
  | 'predicateBody'
  | 'application'
  | 'varDecl'
  | 'refute'
  | 'quasihavocall'
  | 'package'
  | 'apply'
  | 'wand';

export interface Site {
  readonly kind: SiteKind;
  readonly span: Span;
  /** Where Viper reports a failure at this site, when not at the failure itself (a function's or predicate's declaration). */
  readonly reportAt?: Span;
}

export interface Collect {
  readonly refusals: { feature: string; span: Span }[];
  readonly errors: { message: string; span: Span }[];
  readonly helpers: Proc[];
  readonly sites: Site[];
  /** The instances of generic domains the program uses, by their Sym name (genericTypes.ts). */
  readonly instances: Map<string, DomainInstance>;
  /** The applications of generic domains' functions, by their Sym name (instanceAxioms.ts). */
  readonly apps: Map<string, { readonly fn: string; readonly typeArgs: readonly VType[] }>;
  /** The ADT instances the program uses, by type name (adt.ts makes their axioms). */
  adts?: Map<string, AdtInstance>;
  /** The abstract predicates that stand for magic wands, by their shape (lowerWand.ts). */
  wands?: Map<string, import('../ast').PredicateDecl>;
}

/** `D[Int, Seq[Ref]]`: a generic domain with ground type arguments (genericTypes.ts). */
export interface DomainInstance {
  readonly domain: string;
  readonly args: readonly VType[];
  /** Nesting depth of the arguments (`D[D[Int]]`: 2), which bounds the instances axioms add. */
  readonly depth: number;
}

export interface LowerCtx {
  readonly decls: Decls;
  /** Variables in scope (parameters, results, locals) with their Viper types. */
  readonly vars: Map<string, VType>;
  readonly place: Place;
  /** Macro expansion depth, to refuse a macro that expands itself. */
  readonly depth: number;
  /** Let-bound names and macro parameters: replaced by these (already lowered) expressions. */
  readonly subst: ReadonlyMap<string, import('../ast').Expr>;
  readonly out: Collect;
  /** In a statement that only inhales or only exhales, the side of `[A, B]` it reads (lowerInhaleExhale.ts). */
  readonly side?: 'inhale' | 'exhale';
  /** A function's requires (read as a pure or guarded assertion, never produced or consumed whole). */
  readonly inFunction?: boolean;
  /** In an axiom of a generic domain's instance: the domain, and its type parameters' ground types (generics.ts). */
  readonly domain?: string;
  readonly typeArgs?: ReadonlyMap<string, VType>;
  /** The type the context expects of `node` (Silver's expected type; expectedType.ts). */
  readonly expected?: { readonly node: VExpr; readonly type: VType };
  /** Inside a quantifier's body (bindVars, quantifiers.ts): a magic wand there is refused (lowerWand.ts). */
  readonly inQuantifier?: true;
}

export function refuse(ctx: LowerCtx, feature: string, span: Span): void {
  ctx.out.refusals.push({ feature, span });
}

export function fail(ctx: LowerCtx, message: string, span: Span): void {
  ctx.out.errors.push({ message, span });
}
