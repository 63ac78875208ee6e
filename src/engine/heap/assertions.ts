// Assertions with permissions, as produce and consume see them: a list of conjuncts, each a
// permission `acc(e.f)` or a pure boolean expression (design B.5).

import type { Acc, Expr } from '../../lang/ast';

export type Conjunct = { readonly kind: 'acc'; readonly acc: Acc } | { readonly kind: 'pure'; readonly expr: Expr };

/** The top-level `&&` conjuncts of `e`, left to right. */
export function conjuncts(e: Expr): Conjunct[] {
  const out: Conjunct[] = [];
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.kind === 'binary' && x.op === '&&') { stack.push(x.right, x.left); continue; }
    out.push(x.kind === 'acc' ? { kind: 'acc', acc: x } : { kind: 'pure', expr: x });
  }
  return out;
}

/** Whether `e` mentions a permission anywhere (then it must be produced or consumed, not evaluated). */
export function hasPermission(e: Expr): boolean {
  return conjuncts(e).some((c) => c.kind === 'acc');
}
