// Viper lets functions apply each other in any order (termination is checked only with
// `decreases`), and symdap's engine bounds the unrolling of a recursive body by its fuel. A
// precondition, though, is evaluated at every application, without fuel: a function whose
// precondition applies itself, directly or through the preconditions of the functions it
// applies, would be evaluated without end. Such a cycle is refused by name; any other order of
// applications is checked by Sym's checker in its any-order mode (checker.ts, CheckOptions).

import type { FunctionDecl, Program } from '../ast';
import type { Span } from '../span';

/** The first function (in declaration order) on a cycle of precondition applications, with where it is declared. */
export function preconditionCycle(program: Program): { name: string; span: Span } | undefined {
  const functions = new Map(
    program.decls.filter((d): d is FunctionDecl => d.kind === 'function').map((f) => [f.name, f]),
  );
  const edges = new Map([...functions].map(([n, f]) => [n, applied(f.requires, (x) => functions.has(x))]));
  for (const [name, f] of functions) if (reaches(edges, name)) return { name, span: f.nameSpan };
  return undefined;
}

function reaches(edges: ReadonlyMap<string, readonly string[]>, start: string): boolean {
  const seen = new Set<string>();
  const todo = [...(edges.get(start) ?? [])];
  while (todo.length > 0) {
    const g = todo.pop() as string;
    if (g === start) return true;
    if (seen.has(g)) continue;
    seen.add(g);
    todo.push(...(edges.get(g) ?? []));
  }
  return false;
}

/** The functions a lowered expression applies (a work list: expressions may nest deeply). */
function applied(root: unknown, isFunction: (name: string) => boolean): string[] {
  const out: string[] = [];
  const work: unknown[] = [root];
  while (work.length > 0) {
    const x = work.pop();
    if (Array.isArray(x)) {
      work.push(...(x as unknown[]));
      continue;
    }
    if (typeof x !== 'object' || x === null) continue;
    const n = x as { kind?: string; callee?: string };
    if (n.kind === 'call' && n.callee !== undefined && isFunction(n.callee)) out.push(n.callee);
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') work.push(v);
  }
  return out;
}
