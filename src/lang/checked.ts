// The checker's result: the program plus side tables the engine, the interpreter and the
// debugger need (the type of every expression, every declared variable, the procedures).
// Keyed by node identity so the AST stays untouched plain data.

import type { Site } from './viper/context';
import type {
  AxiomDecl,
  ClassDecl,
  Expr,
  FunctionDecl,
  Param,
  Binder,
  PredicateDecl,
  Proc,
  Program,
  SynthDecl,
  VarDecl,
} from './ast';
import type { Type } from './types';

/** A node that declares a variable: a local or global `var`, a parameter/return, a quantifier binder. */
export type Declaration = VarDecl | Param | Binder;

export interface CheckedProgram {
  readonly file: string;
  readonly source: string;
  readonly program: Program;
  /** Procedures by name, in file order. */
  readonly procs: ReadonlyMap<string, Proc>;
  /** Top-level `var` declarations, in file order. */
  readonly globals: readonly VarDecl[];
  /** The type of every expression node; literals carry the type their context gave them. */
  readonly exprTypes: ReadonlyMap<Expr, Type>;
  /** The type of every declared variable (including `var` whose type came from the initializer). */
  readonly declTypes: ReadonlyMap<Declaration, Type>;
  /** For every variable reference, the declaration it resolves to. */
  readonly resolution: ReadonlyMap<Expr, Declaration>;
  /** Classes, predicates and heap-dependent functions by name, in file order. */
  readonly classes: ReadonlyMap<string, ClassDecl>;
  readonly predicates: ReadonlyMap<string, PredicateDecl>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /** Synthesised functions by name, in file order (docs/design.md C.11). */
  readonly synths: ReadonlyMap<string, SynthDecl>;
  /** Viper domain axioms, assumed in every initial state (docs/viper.md, Domains). */
  readonly axioms: readonly AxiomDecl[];
  /** A `.vpr` program: the Viper construct at each span, from the one load, for failures' Viper error ids. */
  readonly viperSites?: readonly Site[];
}
