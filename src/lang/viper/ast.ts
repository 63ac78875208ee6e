// The abstract syntax of the Silver (Viper) subset symdap reads. Every node keeps its span in the
// `.vpr` file: the lowering to Sym's AST copies these spans, so errors, failures, breakpoints and
// stack frames point into the Viper source. A construct outside the subset that the parser still
// recognises is an `unsupported` node naming it; the lowering refuses it by that name.

import type { Span } from '../span';

export type VType =
  | { readonly kind: 'Int' }
  | { readonly kind: 'Bool' }
  | { readonly kind: 'Ref' }
  /** A domain or ADT type with its type arguments (generics.ts, adt.ts), or a domain's type variable. */
  | { readonly kind: 'other'; readonly name: string; readonly args?: readonly VType[] }
  | { readonly kind: 'Set' | 'Seq'; readonly elem: VType };

export type VBinaryOp =
  '+' | '-' | '*' | '/' | '\\' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | '==>' | '<==>' | VCollOp;

/** Set and sequence operators of the chain (lowerColl.ts). */
export type VCollOp = 'in' | 'union' | 'intersection' | 'setminus' | 'subset' | '++';

export interface Unsupported {
  readonly kind: 'unsupported';
  readonly feature: string;
  readonly span: Span;
}

export type VExpr =
  | { readonly kind: 'int'; readonly value: bigint; readonly span: Span }
  | { readonly kind: 'bool'; readonly value: boolean; readonly span: Span }
  | { readonly kind: 'null'; readonly span: Span }
  | { readonly kind: 'result'; readonly span: Span }
  | { readonly kind: 'var'; readonly name: string; readonly span: Span }
  /** A function, predicate or macro application (which one is decided by the resolver). */
  | {
      readonly kind: 'app';
      readonly name: string;
      readonly nameSpan: Span;
      readonly args: readonly VExpr[];
      readonly span: Span;
    }
  | { readonly kind: 'field'; readonly object: VExpr; readonly field: string; readonly span: Span }
  | { readonly kind: 'unary'; readonly op: '!' | '-' | '+'; readonly operand: VExpr; readonly span: Span }
  | {
      readonly kind: 'binary';
      readonly op: VBinaryOp;
      readonly left: VExpr;
      readonly right: VExpr;
      readonly span: Span;
    }
  | {
      readonly kind: 'cond';
      readonly cond: VExpr;
      readonly then: VExpr;
      readonly otherwise: VExpr;
      readonly span: Span;
    }
  /** `old(e)`, or `old[l](e)` with its label (lowerLabel.ts). */
  | {
      readonly kind: 'old';
      readonly expr: VExpr;
      readonly label?: string;
      readonly labelSpan?: Span;
      readonly span: Span;
    }
  /** `acc(loc)` or `acc(loc, p)`; loc is a field access or a predicate application (lowerPerm.ts lowers p). */
  | { readonly kind: 'acc'; readonly loc: VExpr; readonly amount?: VExpr; readonly span: Span }
  | { readonly kind: 'unfolding'; readonly pred: VExpr; readonly body: VExpr; readonly span: Span }
  /** `asserting (A) in e`: A checked, the state unchanged, then e (lowerAsserting.ts). */
  | { readonly kind: 'asserting'; readonly assertion: VExpr; readonly body: VExpr; readonly span: Span }
  /** `[A, B]`: an inhale-exhale assertion (lowerInhaleExhale.ts). */
  | { readonly kind: 'inhaleExhale'; readonly inhale: VExpr; readonly exhale: VExpr; readonly span: Span }
  /** `forall x: T :: body` / `exists …` (triggers dropped: they only guide Viper's solver). */
  | {
      readonly kind: 'quant';
      readonly quantifier: 'forall' | 'exists' | 'forperm';
      readonly vars: readonly VParam[];
      /** forperm's resource: `x.f` or `P(…, x, …)` (lowerForperm.ts). */
      readonly resource?: VExpr;
      readonly body: VExpr;
      /** Triggers were given; one of them is not a term of the body (triggers.ts). */
      readonly triggered?: true;
      readonly looseTrigger?: true;
      /** The trigger terms, kept only to refuse those Viper's verdicts depend on (adtExpr.ts). */
      readonly triggers?: readonly (readonly VExpr[])[];
      readonly span: Span;
    }
  | { readonly kind: 'let'; readonly name: string; readonly value: VExpr; readonly body: VExpr; readonly span: Span }
  /** A set or sequence form other than an operator of the chain (grammarColl.ts). */
  | {
      readonly kind: 'coll';
      readonly op: 'lit' | 'size' | 'at' | 'take' | 'drop' | 'slice' | 'update' | 'range';
      readonly args: readonly VExpr[];
      /** For 'lit': Set or Seq, and the element type when written (`Set[Int]()`). */
      readonly collection?: 'Set' | 'Seq' | 'Multiset';
      readonly elem?: VType;
      readonly span: Span;
    }
  /** `(e : T)`: Viper's type ascription, which fixes type arguments (expectedType.ts). */
  | { readonly kind: 'ascribe'; readonly expr: VExpr; readonly type: VType; readonly span: Span }
  /** `A --* B`, a magic wand (lowerWand.ts). */
  | { readonly kind: 'wand'; readonly left: VExpr; readonly right: VExpr; readonly span: Span }
  | Unsupported;

export interface VIf {
  readonly kind: 'if';
  readonly cond: VExpr;
  readonly then: VBlock;
  readonly otherwise?: VBlock | VIf;
  readonly span: Span;
}
export interface VBlock {
  readonly kind: 'block';
  readonly stmts: readonly VStmt[];
  readonly span: Span;
}

export type VStmt =
  | {
      readonly kind: 'varDecl';
      readonly name: string;
      readonly nameSpan: Span;
      readonly type: VType;
      readonly init?: VExpr;
      readonly span: Span;
    }
  | {
      readonly kind: 'assign';
      readonly target: string;
      readonly targetSpan: Span;
      readonly value: VExpr;
      readonly span: Span;
    }
  | { readonly kind: 'fieldAssign'; readonly target: VExpr; readonly value: VExpr; readonly span: Span }
  /** `x := new(f, g)`; fields undefined for `new(*)`. */
  | {
      readonly kind: 'new';
      readonly target: string;
      readonly targetSpan: Span;
      readonly fields?: readonly string[];
      readonly span: Span;
    }
  /** `x, y := m(args)` or `m(args)`; with one target it may also be a function application (resolver). */
  | {
      readonly kind: 'call';
      readonly targets: readonly { name: string; span: Span }[];
      readonly callee: string;
      readonly calleeSpan: Span;
      readonly args: readonly VExpr[];
      readonly span: Span;
      readonly bare?: true;
    }
  | { readonly kind: 'assert' | 'assume' | 'inhale' | 'exhale'; readonly expr: VExpr; readonly span: Span }
  /** `unreachable` (the smoke plugin's; smoke.ts): no check after it; a no-op otherwise. */
  | { readonly kind: 'unreachable'; readonly span: Span }
  /** `package A --* B [{ proof }]` and `apply A --* B` (lowerWandStmt.ts). */
  | {
      readonly kind: 'package';
      readonly wand: VExpr;
      readonly proof?: VBlock;
      /** Without a proof: marked so that a following block is read as its proof (grammarWand.ts). */
      readonly bare?: true;
      readonly span: Span;
    }
  | { readonly kind: 'apply'; readonly wand: VExpr; readonly span: Span }
  /** `refute A` (lowerRefute.ts). */
  | { readonly kind: 'refute'; readonly expr: VExpr; readonly span: Span }
  | { readonly kind: 'fold' | 'unfold'; readonly pred: VExpr; readonly span: Span }
  /** `label l invariant I…`: the invariants count where l heads a loop made of gotos (lowerGotoLoop.ts). */
  | {
      readonly kind: 'label';
      readonly name: string;
      readonly nameSpan: Span;
      readonly span: Span;
      readonly invariants?: readonly VExpr[];
    }
  /** `quasihavoc [c ==>] e.f`, and `quasihavocall x̄ :: [c ==>] e.f` with `vars` (lowerLabel.ts). */
  | { readonly kind: 'quasihavoc'; readonly vars?: readonly VParam[]; readonly expr: VExpr; readonly span: Span }
  /** `goto l`: lowered by lowerGoto.ts where it is a forward jump, refused elsewhere. */
  | { readonly kind: 'goto'; readonly name: string; readonly span: Span }
  /** Leaves the innermost loop: no Viper syntax, made by lowerGoto.ts for a goto out of a loop. */
  | { readonly kind: 'break'; readonly span: Span }
  | VIf
  | {
      readonly kind: 'while';
      readonly cond: VExpr;
      readonly invariants: readonly VExpr[];
      readonly body: VBlock;
      readonly span: Span;
    }
  | VBlock
  | VDefine
  | Unsupported;

export interface VParam {
  readonly name: string;
  readonly type: VType;
  readonly span: Span;
}
export interface VSpec {
  readonly kind: 'requires' | 'ensures' | 'invariant';
  readonly expr: VExpr;
}

export interface VDefine {
  readonly kind: 'define';
  readonly name: string;
  readonly nameSpan: Span;
  /** undefined for a macro without parentheses. */
  readonly params?: readonly { name: string; span: Span }[];
  readonly body: VExpr | VBlock;
  readonly span: Span;
}

export type VDecl =
  | {
      readonly kind: 'field';
      readonly name: string;
      readonly nameSpan: Span;
      readonly type: VType;
      readonly span: Span;
    }
  | {
      readonly kind: 'method';
      readonly name: string;
      readonly nameSpan: Span;
      readonly params: readonly VParam[];
      readonly returns: readonly VParam[];
      readonly specs: readonly VSpec[];
      readonly body?: VBlock;
      readonly span: Span;
    }
  | {
      readonly kind: 'function';
      readonly name: string;
      readonly nameSpan: Span;
      readonly params: readonly VParam[];
      readonly result: VType;
      readonly specs: readonly VSpec[];
      readonly body?: VExpr;
      readonly span: Span;
    }
  | {
      readonly kind: 'predicate';
      readonly name: string;
      readonly nameSpan: Span;
      readonly params: readonly VParam[];
      readonly body?: VExpr;
      readonly span: Span;
    }
  | VDefine
  | VDomain
  | VAdt
  | Unsupported;

/** `adt List[T] { Nil() Cons(head: T, tail: List[T]) }` (adt.ts). */
export interface VAdt {
  readonly kind: 'adt';
  readonly name: string;
  readonly nameSpan: Span;
  readonly typeParams: readonly string[];
  readonly constructors: readonly VAdtConstructor[];
  readonly span: Span;
}
export interface VAdtConstructor {
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly VParam[];
  readonly span: Span;
}

/** `domain D { function f(x: Int): D  unique function c(): D  axiom ax { e } }` (lowerDomain.ts). */
export interface VDomain {
  readonly kind: 'domain';
  readonly name: string;
  readonly nameSpan: Span;
  /** `domain D[T, S]`: its type parameters (generics.ts); empty for a domain without them. */
  readonly typeParams: readonly string[];
  readonly functions: readonly VDomainFunction[];
  readonly axioms: readonly VAxiom[];
  readonly span: Span;
}
export interface VDomainFunction {
  readonly kind: 'domainFunction';
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly VParam[];
  readonly result: VType;
  /** `unique function c(): D`: its value differs from every other unique function's of its type. */
  readonly unique: boolean;
  readonly span: Span;
}
export interface VAxiom {
  readonly kind: 'axiom';
  /** undefined for an unnamed `axiom { e }`. */
  readonly name?: string;
  readonly body: VExpr;
  readonly span: Span;
}

export interface VProgram {
  readonly decls: readonly VDecl[];
}
