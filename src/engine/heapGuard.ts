// The symbolic engine does not handle objects and permissions yet (the language and the
// concrete interpreter do). Every symbolic entry point asks this guard first, so a heap
// program gets one clear file:line:col error instead of a crash deep in the engine.

import type { ClassDecl, FunctionDecl, PredicateDecl } from '../lang/ast';
import type { CheckedProgram } from '../lang/checked';
import { error, type Diagnostic } from '../lang/diagnostics';

const WHY = 'the symbolic engine does not support objects yet';

/** The error for the program's first class, predicate or function; undefined for a heap-free program. */
export function symbolicHeapError(checked: CheckedProgram): Diagnostic | undefined {
  const d = checked.program.decls.find(
    (x): x is ClassDecl | PredicateDecl | FunctionDecl => x.kind === 'class' || x.kind === 'predicate' || x.kind === 'function');
  if (d === undefined) return undefined;
  return error(checked.file, d.nameSpan, `${WHY} (${d.kind} ${d.name})`);
}

/** For the engine's own switches: a heap construct reached despite the guard is an internal error. */
export function heapUnsupported(): never {
  throw new Error(WHY);
}
