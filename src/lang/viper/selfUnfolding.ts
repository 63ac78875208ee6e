// Refusal of a predicate whose body has `unfolding Q(…) in …` where Q's body leads back to the
// predicate itself (`predicate P(r) { … acc(P(r.next)) && unfolding P(r.next) in … }`). Viper
// evaluates such an unfolding in a temporary state; symdap's engine would unfold the instance
// while producing the very predicate it unfolds, without end. Refused by name until the engine
// evaluates it the way Viper does.

import type { VExpr } from './ast';
import type { Decls } from './context';

/** The predicates an expression names (instances, `acc(P(…))`, `unfolding P(…) in`), and those it unfolds. */
function mentioned(
  node: unknown,
  decls: Decls,
  into: { named: Set<string>; unfolded: Set<string> },
  unfolding = false,
): void {
  if (Array.isArray(node)) {
    node.forEach((n) => mentioned(n, decls, into, unfolding));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const e = node as VExpr & Record<string, unknown>;
  if (e.kind === 'app' && decls.predicates.has(e.name)) {
    into.named.add(e.name);
    if (unfolding) into.unfolded.add(e.name);
  }
  if (e.kind === 'unfolding') {
    mentioned(e.pred, decls, into, true);
    mentioned(e.body, decls, into);
    return;
  }
  // `unfolding acc(P(…)) in`: the flag reaches the instance inside `acc`.
  for (const [k, v] of Object.entries(e)) if (k !== 'span') mentioned(v, decls, into, unfolding);
}

/** Whether the body of predicate `name` unfolds a predicate from which `name` is reachable. */
export function unfoldsItself(name: string, decls: Decls): boolean {
  const body = decls.predicates.get(name)?.body;
  if (body === undefined) return false;
  const own = { named: new Set<string>(), unfolded: new Set<string>() };
  mentioned(body, decls, own);
  return [...own.unfolded].some((q) => reaches(q, name, decls));
}

function reaches(from: string, to: string, decls: Decls): boolean {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length > 0) {
    const p = todo.pop() as string;
    if (p === to) return true;
    if (seen.has(p)) continue;
    seen.add(p);
    const into = { named: new Set<string>(), unfolded: new Set<string>() };
    mentioned(decls.predicates.get(p)?.body, decls, into);
    todo.push(...into.named);
  }
  return false;
}
