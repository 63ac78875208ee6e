// The abstract syntax of Sym. Every node carries its source span: the debugger places
// breakpoints and stops on statement spans, and diagnostics point at expression spans.
// Nodes are plain immutable data; node identity is what the checker's side tables key on.

import type { Span } from './span';
import type { Type } from './types';

export type UnaryOp = '-' | '!' | '~';

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&&'
  | '||'
  | '==>';

// ---------------------------------------------------------------- expressions

/** Integer literal. A minus sign right before a literal belongs to it: `-128` is one literal. */
export interface IntLit {
  readonly kind: 'intLit';
  readonly value: bigint;
  readonly span: Span;
}
export interface BoolLit {
  readonly kind: 'boolLit';
  readonly value: boolean;
  readonly span: Span;
}
/** Character literal such as `'b'` or `'\n'`; its type is u8 and `value` is the byte. */
export interface CharLit {
  readonly kind: 'charLit';
  readonly value: number;
  readonly span: Span;
}
/** `[e1, e2, …]`: a fresh array of that length. */
export interface ArrayLit {
  readonly kind: 'arrayLit';
  readonly elems: readonly Expr[];
  readonly span: Span;
}
export interface VarRef {
  readonly kind: 'var';
  readonly name: string;
  readonly span: Span;
}
export interface Unary {
  readonly kind: 'unary';
  readonly op: UnaryOp;
  readonly operand: Expr;
  readonly span: Span;
}
export interface Binary {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
  readonly span: Span;
}
/** `c ? a : b` */
export interface Cond {
  readonly kind: 'cond';
  readonly cond: Expr;
  readonly then: Expr;
  readonly otherwise: Expr;
  readonly span: Span;
}
export interface Index {
  readonly kind: 'index';
  readonly array: Expr;
  readonly index: Expr;
  readonly span: Span;
}
export interface Length {
  readonly kind: 'length';
  readonly array: Expr;
  readonly span: Span;
}
export interface Call {
  readonly kind: 'call';
  readonly callee: string;
  readonly calleeSpan: Span;
  readonly args: readonly Expr[];
  readonly span: Span;
  /** The application whose function's postcondition is being checked (Viper's `f@post`): it does not assume it. */
  readonly checksPostcondition?: boolean;
}
/**
 * `old(e)`: the value of `e` on entry to the procedure; `old[l](e)`: its value at `label l`
 * (rules/labels.ts). Not in `requires` nor functions. `heapOnly` (Viper's old): only the heap is
 * the earlier one, variables read their current values.
 */
export interface Old {
  readonly kind: 'old';
  readonly expr: Expr;
  readonly label?: string;
  readonly labelSpan?: Span;
  readonly heapOnly?: true;
  readonly span: Span;
}
export interface Binder {
  readonly name: string;
  readonly type: Type;
  readonly span: Span;
}
/** `forall x: int :: body` / `exists …`; only in specifications. */
export interface Quant {
  readonly kind: 'quant';
  readonly quantifier: 'forall' | 'exists' | 'forperm';
  readonly vars: readonly Binder[];
  readonly body: Expr;
  /** `forperm x: Ref [x.f] :: body` (Viper's): the resource whose held chunks bind x (rules/forperm.ts). */
  readonly resource?: ForpermResource;
  readonly span: Span;
  /** A quantified permission (Viper): the body is `acc(x.f, p)` or `d ==> acc(x.f, p)` (docs/design.md B.10). */
  readonly permission?: true;
  /** Viper's triggers `{ t̄ }`, lowered: the solver's patterns (terms/patterns.ts); none: it picks its own. */
  readonly triggers?: readonly (readonly Expr[])[];
}
/** The resource of a forperm: a field (x.f) or a predicate (P(…, x, …), each argument a binder or an expression). */
export type ForpermResource =
  | { readonly kind: 'field'; readonly field: string; readonly span: Span }
  | { readonly kind: 'pred'; readonly predicate: string; readonly args: readonly Expr[]; readonly span: Span };
/** `e as T` */
export interface Cast {
  readonly kind: 'cast';
  readonly expr: Expr;
  readonly type: Type;
  readonly span: Span;
}

// Objects and permissions (docs/language.md, "Objects and permissions"). `e.length` stays a
// Length node; the checker reads it as the field `length` when e is an object.

/** `e.f`: a field of the object e refers to. */
export interface FieldRead {
  readonly kind: 'field';
  readonly object: Expr;
  readonly field: string;
  readonly fieldSpan: Span;
  readonly span: Span;
}
/** `null`: the reference to no object; its class comes from the context. */
export interface NullLit {
  readonly kind: 'null';
  readonly span: Span;
}
/** `new C`: a fresh object; only as the whole right-hand side of an assignment or declaration. */
export interface New {
  readonly kind: 'new';
  readonly className: string;
  readonly classSpan: Span;
  readonly span: Span;
}
/** `acc(e.f)`: the permission to read and write e.f; only in assertions. */
export interface Acc {
  readonly kind: 'acc';
  readonly target: Expr;
  /** `acc(e.f, p)`: the part of the location (a fraction, `write`, `none`, `wildcard`); absent is `write`.
   *  With a predicate instance as target, `acc(q(args), p)` is that part of the instance. */
  readonly amount?: Expr;
  readonly span: Span;
}
/** `unfolding q(args) in e`: e evaluated with the predicate instance q(args) unfolded. */
export interface Unfolding {
  readonly kind: 'unfolding';
  readonly pred: Call;
  /** `unfolding acc(q(args), p) in e`: the part of the instance unfolded; absent is `write`. */
  readonly amount?: Expr;
  readonly body: Expr;
  readonly span: Span;
}
/** `asserting (A) in e` (Viper's): A is checked as an assert would (its permissions held, its
 *  facts true) without changing the state, then e is the value (engine rules/evalAsserting.ts). */
export interface Asserting {
  readonly kind: 'asserting';
  readonly assertion: Expr;
  readonly body: Expr;
  readonly span: Span;
}
/** `untouched(A)`: the locations A grants keep their values; only in ensures. */
export interface Untouched {
  readonly kind: 'untouched';
  readonly body: Expr;
  readonly span: Span;
}

/**
 * `[A, B]`: an inhale-exhale assertion (Viper's): A where the assertion is produced (inhaled,
 * assumed), B where it is consumed (exhaled, asserted); both must be well-formed. Only in assertions.
 */
export interface InhaleExhale {
  readonly kind: 'inhaleExhale';
  readonly inhale: Expr;
  readonly exhale: Expr;
  readonly span: Span;
}

/** `f(args)` of a Viper domain function: an uninterpreted function, its signature carried here
 *  (the Viper front end resolves it; no Sym syntax writes it). */
export interface DomainApp {
  readonly kind: 'domainApp';
  readonly name: string;
  readonly params: readonly Type[];
  readonly result: Type;
  readonly args: readonly Expr[];
  readonly span: Span;
}

/** A set or sequence operation: Viper's, with no Sym syntax (the Viper front end makes them;
 *  checkColl.ts types them, the engine's evalColl.ts evaluates them). */
export interface Coll {
  readonly kind: 'coll';
  readonly op: CollExprOp;
  readonly args: readonly Expr[];
  /** The element type of an empty literal (`Set[Int]()`, `Seq[Ref]()`). */
  readonly elem?: Type;
  readonly span: Span;
}

/** setLit/seqLit: `Set(a, …)`/`Seq(a, …)`; size: `|e|`; at: `s[i]`; take: `s[..n]`;
 *  drop: `s[n..]`; range: `[a..b)`; update: `s[i := v]`; in: `x in e`. */
export type CollExprOp =
  | 'setLit'
  | 'seqLit'
  | 'union'
  | 'intersection'
  | 'setminus'
  | 'subset'
  | 'in'
  | 'size'
  | 'at'
  | 'concat'
  | 'take'
  | 'drop'
  | 'range'
  | 'update';

export type Expr =
  | DomainApp
  | Coll
  | IntLit
  | BoolLit
  | CharLit
  | ArrayLit
  | VarRef
  | Unary
  | Binary
  | Cond
  | Index
  | Length
  | Call
  | Old
  | Quant
  | Cast
  | FieldRead
  | NullLit
  | New
  | Acc
  | Unfolding
  | Untouched
  | InhaleExhale
  | Asserting;

/** `*` on the right of `:=`: a fresh symbolic value. */
export interface Havoc {
  readonly kind: 'havoc';
  readonly span: Span;
}

/** What may stand left of `:=`: a variable, an array element (`a[i]`, `a[i][j]`) or a field (`c.f`, `l.items[i]`). */
export type LValue = VarRef | Index | FieldRead;

// ----------------------------------------------------------------- statements

export interface VarDecl {
  readonly kind: 'varDecl';
  readonly name: string;
  readonly nameSpan: Span;
  /** Omitted when the initializer gives the type. */
  readonly type?: Type;
  /** Omitted for `var x: T;` (the variable starts as a fresh symbol, like `:= *`). */
  readonly init?: Expr | Havoc;
  readonly span: Span;
}
export interface Assign {
  readonly kind: 'assign';
  readonly target: LValue;
  readonly value: Expr | Havoc;
  readonly span: Span;
}
/** `a, b := p(args);` for procedures with several return values. */
export interface CallAssign {
  readonly kind: 'callAssign';
  readonly targets: readonly LValue[];
  readonly call: Call;
  readonly span: Span;
}
export interface If {
  readonly kind: 'if';
  readonly cond: Expr;
  readonly then: Block;
  readonly otherwise?: Block | If;
  readonly span: Span;
}
export interface While {
  readonly kind: 'while';
  readonly cond: Expr;
  readonly invariants: readonly Expr[];
  readonly body: Block;
  readonly span: Span;
}
export interface Assume {
  readonly kind: 'assume';
  readonly cond: Expr;
  readonly span: Span;
}
export interface Assert {
  readonly kind: 'assert';
  readonly cond: Expr;
  readonly span: Span;
}
/** `join;` merges the waiting paths exactly; `join φ;` summarises them by φ. */
export interface Join {
  readonly kind: 'join';
  readonly cond?: Expr;
  readonly span: Span;
}
export interface CallStmt {
  readonly kind: 'callStmt';
  readonly call: Call;
  readonly span: Span;
}
export interface Return {
  readonly kind: 'return';
  readonly value?: Expr;
  readonly span: Span;
}
export interface Block {
  readonly kind: 'block';
  readonly stmts: readonly Stmt[];
  readonly span: Span;
}
/** `fold q(args);` exchanges q's body for the predicate instance; `unfold` the reverse. */
export interface Fold {
  readonly kind: 'fold' | 'unfold';
  readonly pred: Call;
  /** `fold acc(q(args), p);`: the part of the instance folded or unfolded; absent is `write`. */
  readonly amount?: Expr;
  readonly span: Span;
}

/** `label l;` records the state here for `old[l](e)` (rules/labels.ts). */
export interface Label {
  readonly kind: 'label';
  readonly name: string;
  readonly nameSpan: Span;
  readonly span: Span;
}
/**
 * Viper's `quasihavoc [c ==>] e.f` (no Sym syntax): where c holds and some permission to e.f is
 * held, its value becomes arbitrary; where none is, nothing happens (rules/quasihavoc.ts).
 */
export interface Quasihavoc {
  readonly kind: 'quasihavoc';
  /**
   * Viper's `quasihavocall x̄ :: [c ==>] target`: c and the target's receiver or arguments
   * mention these binders, and every location they select is havocked (rules/quasihavocAll.ts).
   */
  readonly vars?: readonly Binder[];
  readonly cond?: Expr;
  /** `e.f`, or a predicate instance `P(ē)` (rules/quasihavocPred.ts). */
  readonly target: FieldRead | Call;
  readonly span: Span;
}

/**
 * `refute φ;` (Viper's refute): holds when some path reaches it on which φ may be false; fails
 * when φ holds on every path that reaches it, or no path does (rules/refute.ts).
 */
export interface Refute {
  readonly kind: 'refute';
  readonly cond: Expr;
  readonly span: Span;
}

/**
 * Leaves the innermost enclosing `while` (no Sym syntax: Viper's gotos out of a loop lower to it,
 * src/lang/viper/lowerGoto.ts). The loop's invariant is not checked there; in modular mode the
 * loop's frame is put back, as at the loop's exit (rules/breakLoop.ts).
 */
export interface Break {
  readonly kind: 'break';
  readonly span: Span;
}

export type Stmt =
  | VarDecl
  | Assign
  | CallAssign
  | If
  | While
  | Assume
  | Assert
  | Join
  | CallStmt
  | Return
  | Block
  | Fold
  | Label
  | Quasihavoc
  | Refute
  | Break;

// ------------------------------------------------------------------ top level

export interface Param {
  readonly name: string;
  readonly type: Type;
  readonly span: Span;
}

export interface Proc {
  readonly kind: 'proc';
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly Param[];
  readonly returns: readonly Param[];
  readonly requires: readonly Expr[];
  readonly ensures: readonly Expr[];
  readonly body: Block;
  /** Checked only where it is called, never verified on its own (a Viper exhale's helper that reads the heap's permissions: lang/viper/helpers.ts). */
  readonly contractOnly?: true;
  /** A Viper inhale/exhale statement's helper: its quantified receivers' injectivity is checked at the call only (rules/quantifiedInjective.ts). */
  readonly statementHelper?: true;
  /**
   * A Viper `package A --* B`'s helper (requires A, ensures B): its call packages the wand
   * instead of consuming and producing its contract (rules/packageWand.ts).
   */
  readonly wand?: 'package';
  readonly span: Span;
}

export interface FieldDecl {
  /** Held only through quantified chunks (a quantified permission names it: docs/design.md B.10). */
  readonly quantified?: true;
  /** A predicate's snapshot held as a field (lang/viper/quantifiedPreds.ts): its amount may exceed write. */
  readonly unbounded?: true;
  readonly name: string;
  readonly nameSpan: Span;
  readonly type: Type;
  readonly span: Span;
}
/** `class C { var f: T; … }`: a reference type with fields (no methods). */
export interface ClassDecl {
  readonly kind: 'class';
  readonly name: string;
  readonly nameSpan: Span;
  readonly fields: readonly FieldDecl[];
  readonly span: Span;
}
/** `predicate q(params) { A }`: a named assertion, used through fold/unfold/unfolding. */
export interface PredicateDecl {
  readonly kind: 'predicate';
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly Param[];
  readonly body: Expr;
  /** Viper's predicate without a body (body `true` here): its instances carry snapshots, never unfolded. */
  readonly abstract?: boolean;
  readonly span: Span;
}
/** `function f(params): T requires A { e }`: a pure, heap-dependent function, usable in code and specs. */
export interface FunctionDecl {
  readonly kind: 'function';
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly Param[];
  readonly result: Type;
  readonly requires: readonly Expr[];
  /** Absent: an abstract function (Viper's, no Sym syntax): uninterpreted, keyed by its footprint and arguments. */
  readonly body?: Expr;
  /**
   * Viper's postconditions over `result`, assumed at each application of an abstract or recursive
   * function (the front end checks them once, by a procedure `f@post`); a non-recursive function
   * is inlined, its body says more.
   */
  readonly ensures?: readonly Expr[];
  readonly span: Span;
}

/** `N: T ::= alt | alt …;`: one nonterminal of a synth grammar. Inside an alternative, `const` is a
 *  VarRef named `const` (a keyword, so never a user variable): a constant the synthesiser picks. */
export interface SynthRule {
  readonly name: string;
  readonly nameSpan: Span;
  readonly type: Type;
  readonly alts: readonly Expr[];
  readonly span: Span;
}
/** `synth f(params): T grammar { rules } depth d;`: an unknown function drawn from a grammar (seed 000). */
export interface SynthDecl {
  readonly kind: 'synth';
  readonly name: string;
  readonly nameSpan: Span;
  readonly params: readonly Param[];
  readonly result: Type;
  readonly rules: readonly SynthRule[];
  readonly depth: number;
  readonly depthSpan: Span;
  readonly span: Span;
}

/** A Viper domain axiom: a closed boolean formula assumed for every query of the program
 *  (docs/viper.md, Domains). No Sym syntax writes it; only the Viper front end does. */
export interface AxiomDecl {
  readonly kind: 'axiom';
  readonly name: string;
  readonly nameSpan: Span;
  readonly body: Expr;
  readonly span: Span;
}

/** A top-level `var` declares a global variable. */
export type TopDecl = Proc | VarDecl | ClassDecl | PredicateDecl | FunctionDecl | SynthDecl | AxiomDecl;

export interface Program {
  readonly kind: 'program';
  readonly decls: readonly TopDecl[];
  readonly span: Span;
}

export function procsOf(program: Program): Proc[] {
  return program.decls.filter((d): d is Proc => d.kind === 'proc');
}

export function globalsOf(program: Program): VarDecl[] {
  return program.decls.filter((d): d is VarDecl => d.kind === 'varDecl');
}

export function classesOf(program: Program): ClassDecl[] {
  return program.decls.filter((d): d is ClassDecl => d.kind === 'class');
}

export function axiomsOf(program: Program): AxiomDecl[] {
  return program.decls.filter((d): d is AxiomDecl => d.kind === 'axiom');
}

export function synthsOf(program: Program): SynthDecl[] {
  return program.decls.filter((d): d is SynthDecl => d.kind === 'synth');
}
