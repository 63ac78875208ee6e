// The evaluator's environment and the shapes its parts share (rules/eval.ts evaluates,
// rules/evalCalls.ts applies functions): what an expression is evaluated against, the error an
// evaluation that cannot go on throws, and where a missing permission is reported.

import type { Acc, Call, Expr, FieldRead, FunctionDecl, PredicateDecl, SynthDecl, Unfolding } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import { printExpr } from '../../lang/printer';
import type { Obligation, HealInfo } from '../state/obligation';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import type { LabelState, SymValue } from '../state/state';
import type { Heap } from '../state/chunks';
import type { Amount } from '../state/amounts';

export interface EvalEnv {
  readonly T: TermStore;
  readonly types: ReadonlyMap<Expr, Type>;
  lookup(name: string): SymValue | undefined;
  /** Values on procedure entry, for `old(e)`. */
  lookupOld?(name: string): SymValue | undefined;
  /** Programs with objects: the heap reads see, and the heap `old(…)` reads see. */
  readonly heap?: Heap;
  readonly oldHeap?: Heap;
  /** Inside a consume: the heap it has left so far, which forperm reads (rules/forperm.ts). */
  readonly partialHeap?: Heap;
  /** The state `label l` recorded on this path, for `old[l](e)` (rules/labels.ts). */
  readonly labelled?: (label: string) => LabelState | undefined;
  /** Heap-dependent functions and predicates, for calls and `unfolding`. */
  readonly decls?: {
    readonly functions: ReadonlyMap<string, FunctionDecl>;
    readonly predicates: ReadonlyMap<string, PredicateDecl>;
    readonly synths?: ReadonlyMap<string, SynthDecl>;
  };
  /** Inside the expansion of a recursive function's body: applications met here are not expanded (fuel, docs/design.md E.3). */
  readonly expanding?: boolean;
  /** Inside an abstract function's postcondition: applications met here do not assume theirs (no chain without end). */
  readonly inPost?: boolean;
  /** The predicates whose body is being unfolded by an `unfolding` here: one met again gives a fresh value (rules/unfoldingCycles.ts). */
  readonly unfoldingBodies?: ReadonlySet<string>;
}

export class EvalError extends Error {}

/** Where, and with which message, a missing permission is reported. */
export interface Site {
  readonly span: Span;
  readonly message: string;
}

/** The message of a field read without its permission (the well-formedness pass words it its own way, rules/wellFormed.ts). */
export function notHeldToRead(display: string): string {
  return `acc(${display}) is not held to read ${display}`;
}

/** A permission function `fn`'s `requires` needs at `call`: reported at the call, naming the clause (docs/design.md B.6, D.13). */
export function requiredAt(fn: FunctionDecl, part: Acc | Call, call: Call): Site {
  return {
    span: call.span,
    message: `${fn.name} requires ${printExpr(part)} (line ${part.span.line}), which is not held`,
  };
}

/**
 * What the evaluator's parts in other files (evalCalls.ts) use of it: evaluating subterms over
 * a heap, reading fields, unfolding instances and recording obligations.
 */
export interface EvalCore {
  readonly env: EvalEnv;
  readonly out: Obligation[];
  readonly T: TermStore;
  value(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): SymValue;
  term(e: Expr, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term;
  /** `need`: the amount a function's `requires` names (undefined: write); absent for a plain read. */
  field(
    e: FieldRead,
    guard: Term,
    bound: ReadonlyMap<string, Term>,
    old: boolean,
    typed?: Expr,
    site?: Site,
    need?: Amount | undefined | 'some',
  ): SymValue;
  unfolding(u: Unfolding, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean, site?: Site): SymValue;
  heapFor(old: boolean): Heap;
  over(heap: Heap, lookup?: EvalEnv['lookup']): EvalCore;
  /** An evaluator for the same obligations in another environment. */
  inEnv(env: EvalEnv): EvalCore;
  oblige(kind: Obligation['kind'], cond: Term, guard: Term, span: Span, message: string, heal?: HealInfo): void;
}
