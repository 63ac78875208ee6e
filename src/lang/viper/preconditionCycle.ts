// Viper lets functions apply each other in any order (termination is checked only with
// `decreases`), and symdap's engine bounds the unrolling of a recursive body by its fuel. A
// precondition, though, is evaluated at every application, without fuel: a function whose
// precondition applies itself, directly or through the preconditions of the functions it
// applies, would be evaluated without end. Such a cycle is refused by name; any other order of
// applications is checked by Sym's checker in its any-order mode (checker.ts, CheckOptions).

import type { FunctionDecl, Program } from '../ast';
import { astNodes } from '../astNodes';
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

/** The functions a lowered expression applies. */
function applied(root: unknown, isFunction: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const n of astNodes(root)) {
    const callee = (n as { callee?: string }).callee;
    if (n.kind === 'call' && callee !== undefined && isFunction(callee)) out.push(callee);
  }
  return out;
}
