// Assertions with permissions, as produce and consume see them: a list of conjuncts, each a
// permission `acc(e.f)` or a pure boolean expression (design B.5).

import type { Acc, Call, Expr } from '../../lang/ast';

export type Conjunct =
  | { readonly kind: 'acc'; readonly acc: Acc }
  | { readonly kind: 'pred'; readonly call: Call }
  | { readonly kind: 'pure'; readonly expr: Expr };

/** Which calls are predicate instances. */
export type IsPredicate = (name: string) => boolean;

/** The top-level `&&` conjuncts of `e`, left to right. */
export function conjuncts(e: Expr, isPred: IsPredicate = () => false): Conjunct[] {
  const out: Conjunct[] = [];
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.kind === 'binary' && x.op === '&&') { stack.push(x.right, x.left); continue; }
    if (x.kind === 'acc') out.push({ kind: 'acc', acc: x });
    else if (x.kind === 'call' && isPred(x.callee)) out.push({ kind: 'pred', call: x });
    else out.push({ kind: 'pure', expr: x });
  }
  return out;
}

/** Whether `e` mentions a permission anywhere (then it must be produced or consumed, not evaluated). */
export function hasPermission(e: Expr, isPred: IsPredicate): boolean {
  return conjuncts(e, isPred).some((c) => c.kind !== 'pure');
}
