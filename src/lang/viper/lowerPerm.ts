// Permission amounts in Viper (issue 24): `acc(e.f, p)` lowered to Sym's `acc(e.f, p)` when p
// is a constant permission Sym folds exactly (docs/language.md "Fractional permissions"):
// integer literals under `/`, `*`, `+`, `-`, `write`, `none`, or `wildcard` alone. Any other
// amount (a Perm variable, perm(…), a fraction of a predicate instance) is refused by name,
// never read as `write`; so is `/` anywhere but in an amount (it is Viper's permission division).

import type { Expr, PredicateDecl, Program } from '../ast';
import { permAmount } from '../permAmount';
import type { Span } from '../span';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

/** The feature name a refused amount is reported under. */
export const AMOUNT_FEATURE = 'permission amount other than a constant fraction, write, none or wildcard';

/** The Sym amount of `p`, or undefined (refused) when it is not a constant Sym folds. */
function amountExpr(p: VExpr): Expr | undefined {
  switch (p.kind) {
    case 'int':
      return { kind: 'intLit', value: p.value, span: p.span };
    case 'var':
      return ['none', 'wildcard'].includes(p.name) ? { kind: 'var', name: p.name, span: p.span } : undefined;
    case 'unsupported':
      return p.feature === 'permission values (write)' ? { kind: 'var', name: 'write', span: p.span } : undefined;
    case 'binary': {
      if (!['+', '-', '*', '/'].includes(p.op)) return undefined;
      const left = amountExpr(p.left);
      const right = amountExpr(p.right);
      return left && right ? { kind: 'binary', op: p.op as '+', left, right, span: p.span } : undefined;
    }
    default:
      return undefined;
  }
}

/** `acc(e.f, p)`'s Sym amount; undefined for `write` (no amount), refusing what Sym cannot fold. */
export function lowerAmount(p: VExpr, span: Span, ctx: LowerCtx): Expr | undefined {
  const e = amountExpr(p);
  const folded = e && permAmount(e);
  if (!e || !folded || !folded.ok) {
    refuse(ctx, AMOUNT_FEATURE, span);
    return undefined;
  }
  return e.kind === 'var' && e.name === 'write' ? undefined : e;
}

/** `/` outside an amount: Viper's permission division of Perm values, which symdap does not have. */
export function refuseDivision(ctx: LowerCtx, span: Span): void {
  refuse(ctx, 'permission-typed values (Perm division)', span);
}

/** Every node of kind `kind` under `root` (a generic walk over the lowered AST). */
function nodesOf(root: unknown, kind: string, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(root)) root.forEach((x) => nodesOf(x, kind, out));
  else if (root !== null && typeof root === 'object') {
    const node = root as Record<string, unknown>;
    if (node.kind === kind) out.push(node);
    for (const [k, v] of Object.entries(node)) if (k !== 'span') nodesOf(v, kind, out);
  }
  return out;
}

/**
 * The first fraction in the body of a recursive predicate of the lowered program: the engine
 * unfolds such instances through snapshots into whole chunks, so they are refused here, by name,
 * at the amount (the engine's guard says the same for Sym programs).
 */
export function recursiveFraction(program: Program): Span | undefined {
  const preds = new Map(
    program.decls.filter((d): d is PredicateDecl => d.kind === 'predicate').map((d) => [d.name, d]),
  );
  const calls = (d: PredicateDecl): string[] =>
    nodesOf(d.body, 'call')
      .map((c) => c.callee as string)
      .filter((n) => preds.has(n));
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const work = calls(preds.get(from)!);
    while (work.length > 0) {
      const n = work.pop()!;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      work.push(...calls(preds.get(n)!));
    }
    return false;
  };
  for (const d of preds.values()) {
    const fraction = nodesOf(d.body, 'acc').find((a) => a.amount !== undefined);
    if (fraction && reaches(d.name, d.name)) return fraction.span as Span;
  }
  return undefined;
}
