// Renaming variables of Viper's AST without capture: a quantifier or a `let` that binds a name
// stops its renaming below it (a let's value is read outside the let). Shared by fold/unfold of a
// quantified predicate (its parameters renamed to the instance's arguments, quantifiedPredFold.ts)
// and the renaming of binders named like a method's locals (distinctBinders.ts).

import { astNodes } from '../astNodes';

type Node = Record<string, unknown>;

/** The names the node `x` itself binds (a quantifier's variables, a let's name). */
export function bindersAt(x: { readonly kind: string }): string[] {
  const n = x as unknown as Node;
  if (n.kind === 'quant') return (n.vars as { name: string }[]).map((v) => v.name);
  return n.kind === 'let' ? [n.name as string] : [];
}

/** Every name bound anywhere inside `e`. */
export function boundNames(e: unknown): string[] {
  return [...astNodes(e)].flatMap(bindersAt);
}

/** `e` with each free variable named in `names` renamed to its image. */
export function renameVars<T>(e: T, names: ReadonlyMap<string, string>): T {
  const go = (n: unknown, bound: ReadonlySet<string>): unknown => {
    if (Array.isArray(n)) return n.map((x) => go(x, bound));
    if (n === null || typeof n !== 'object') return n;
    const x = n as Node;
    if (x.kind === 'var' && names.has(x.name as string) && !bound.has(x.name as string))
      return { ...x, name: names.get(x.name as string) };
    const own = typeof x.kind === 'string' ? bindersAt(x as { kind: string }) : [];
    const inner = own.length > 0 ? new Set([...bound, ...own]) : bound;
    const out: Node = {};
    for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : k === 'value' ? go(v, bound) : go(v, inner);
    return out;
  };
  return go(e, new Set()) as T;
}
