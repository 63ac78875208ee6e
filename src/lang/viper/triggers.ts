// Viper's triggers `{ t̄ }` steer Silicon's and Carbon's instantiation of a quantifier; symdap
// drops them and Z3 picks its own patterns (docs/viper.md). Where every trigger term occurs in
// the body, Z3's patterns come from the same terms. A trigger that is not a term of the body
// (`forall i :: {g(i)} h(i)`) makes Viper instantiate only where such terms appear elsewhere:
// a file may expect a failure that only that restriction causes. The parser records that fact
// (`looseTrigger`) for quantifiers.ts, which refuses the shapes whose verdict it would change.
// Without triggers, Viper infers them from the applications in the body that mention every
// variable; an application that mentions only some of them, or a nested quantifier, then gives
// no instances of its own (Silicon runs Z3 without model-based instantiation, which symdap's Z3
// uses): `triggersMatter` names those shapes too (silicon/0005b.vpr expects such failures).

import { astNodes, isSpanKey } from '../astNodes';
import type { VExpr } from './ast';

/** A node without its spans (`span`, `nameSpan`, …), as text: equal texts mean the same term. */
function shape(n: unknown): string {
  return JSON.stringify(n, (k, v: unknown) => (isSpanKey(k) ? undefined : typeof v === 'bigint' ? `${v}n` : v));
}

/** Whether `t` occurs in `body` (ignoring where). */
function occursIn(t: VExpr, body: VExpr): boolean {
  const want = shape(t);
  for (const n of astNodes(body)) if (shape(n) === want) return true;
  return false;
}

/** Whether some trigger term of `triggers` is not a term of `body`. */
export function hasLooseTrigger(triggers: readonly (readonly VExpr[])[], body: VExpr): boolean {
  return triggers.some((group) => group.some((t) => !occursIn(t, body)));
}

/** Why Viper's instantiation of quantifier `q` may differ from Z3's own patterns, or undefined. */
export function triggersMatter(q: Extract<VExpr, { kind: 'quant' }>): string | undefined {
  if (q.looseTrigger) return 'whose trigger is not a term of its body';
  if (q.triggered) return undefined;
  const vars = new Set(q.vars.map((v) => v.name));
  for (const x of astNodes(q.body)) {
    const n = x as VExpr;
    if (n.kind === 'quant') return 'with a nested quantifier and no trigger';
    if (n.kind === 'app') {
      const named = mentioned(n.args, vars);
      if (named.size > 0 && named.size < vars.size)
        return `whose application ${n.name}(…) mentions only some of its variables, with no trigger`;
    }
  }
  return undefined;
}

/** The names of `vars` that `e` mentions. */
function mentioned(e: unknown, vars: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const x of astNodes(e)) {
    const n = x as { kind: string; name?: string };
    if (n.kind === 'var' && n.name !== undefined && vars.has(n.name)) out.add(n.name);
  }
  return out;
}
