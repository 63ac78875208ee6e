// The top-level declarations objects and permissions add (classes, predicates, functions),
// looked up by name while checking. Built once per check() from the program's declarations;
// the first of duplicate names wins (the duplicate is reported by the top-level name check).

import type { ClassDecl, FieldDecl, FunctionDecl, PredicateDecl, Program, SynthDecl } from './ast';

export interface HeapEnv {
  readonly classes: ReadonlyMap<string, ClassDecl>;
  readonly predicates: ReadonlyMap<string, PredicateDecl>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /** Synthesised functions (docs/design.md C.11); absent in environments built before they existed. */
  readonly synths?: ReadonlyMap<string, SynthDecl>;
  /** Set while checking a function's body or requires: the termination rule needs it. */
  readonly inFunction?: FunctionBodyContext;
}

export interface FunctionBodyContext {
  readonly decl: FunctionDecl;
  /** Functions declared before this one in the file: calls of these always terminate. */
  readonly earlier: ReadonlySet<string>;
  /** Inside `unfolding … in …`, where any call terminates (the predicate's depth decreases). */
  readonly inUnfolding: boolean;
  /**
   * In the function's `requires`, which is evaluated at every application (no fuel): only
   * functions declared earlier may be called there, `unfolding` or not.
   */
  readonly inRequires?: boolean;
}

export const EMPTY_HEAP_ENV: HeapEnv = { classes: new Map(), predicates: new Map(), functions: new Map() };

export function heapEnvOf(program: Program): HeapEnv {
  const classes = new Map<string, ClassDecl>();
  const predicates = new Map<string, PredicateDecl>();
  const functions = new Map<string, FunctionDecl>();
  const synths = new Map<string, SynthDecl>();
  for (const d of program.decls) {
    if (d.kind === 'class' && !classes.has(d.name)) classes.set(d.name, d);
    if (d.kind === 'predicate' && !predicates.has(d.name)) predicates.set(d.name, d);
    if (d.kind === 'function' && !functions.has(d.name)) functions.set(d.name, d);
    if (d.kind === 'synth' && !synths.has(d.name)) synths.set(d.name, d);
  }
  return { classes, predicates, functions, synths };
}

export function fieldOf(env: HeapEnv, className: string, field: string): FieldDecl | undefined {
  return env.classes.get(className)?.fields.find((f) => f.name === field);
}
