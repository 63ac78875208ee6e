// Permission amounts in Viper (issue 24): `acc(e.f, p)` lowered to Sym's `acc(e.f, p)`: a
// constant permission Sym folds exactly (docs/language.md "Fractional permissions": integer
// literals under `/`, `*`, `+`, `-`, `write`, `none`, or `wildcard` alone), or any other Perm
// expression, which Sym types as `perm` and the engine decides with the solver. Viper's `/` is
// permission division (`\\` divides Ints): both operands are read as perm. `perm(e.f)` is Sym's
// `perm(e.f)` and `perm(P(…))` Sym's `perm(P(…))`; `perm` of a wand stays refused by name.

import type { Expr } from '../ast';
import { permAmount } from '../permAmount';
import { ONE, type Rational } from '../rational';
import type { Span } from '../span';
import { PERM } from '../types';
import type { VExpr } from './ast';
import { operandType } from './arithTypes';
import { fail, refuse, type LowerCtx } from './context';
import { expect } from './expectedType';

/** The feature name a refused amount is reported under. */
export const AMOUNT_FEATURE = 'a permission amount with wildcard inside an expression (2 * wildcard, f(wildcard))';

/** The feature of Viper's `write` outside an amount (grammarActions.ts): Sym's perm constant. */
export const WRITE_VALUE = 'permission values (write)';

/** The Sym amount of `p`, or undefined when it is not a constant Sym folds. */
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

/** The constant `p` names (write: 1), or undefined when it is not a constant or is a wildcard. */
export function constantPerm(p: VExpr | undefined): Rational | undefined {
  if (!p) return ONE;
  const e = amountExpr(p);
  const folded = e && permAmount(e);
  return folded && folded.ok && !folded.wildcard ? folded.q : undefined;
}

/**
 * `acc(e.f, p)`'s Sym amount; undefined for `write` (no amount). A constant is kept as Sym
 * folds it; any other p is lowered as a Perm expression (Sym checks it is of type perm).
 */
export function lowerAmount(p: VExpr, span: Span, ctx: LowerCtx, lower?: Lower): Expr | undefined {
  const e = amountExpr(p);
  const folded = e && permAmount(e);
  if (!e || !folded || !folded.ok) {
    // An amount is a Perm: Silver types its `*`, `/`, `+` and `-` so (arithTypes.ts).
    if (lower && !mentions(p, 'wildcard')) return lower(p, expect(ctx, p, operandType('Perm')));
    refuse(ctx, AMOUNT_FEATURE, span);
    return undefined;
  }
  return e.kind === 'var' && e.name === 'write' ? undefined : e;
}

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

function mentions(p: VExpr, name: string): boolean {
  return nodesOf(p, 'var').some((v) => v.name === name);
}

/** Whether an amount names `wildcard` anywhere (then it is no Perm value). */
export const mentionsWildcard = (p: VExpr): boolean => mentions(p, 'wildcard');

const asPerm = (e: Expr): Expr => ({ kind: 'cast', expr: e, type: PERM, span: e.span });

/** Viper's `a / b`: permission division, both operands read as perm (an Int is converted). */
export function permDivision(left: Expr, right: Expr, span: Span): Expr {
  return { kind: 'binary', op: '/', left: asPerm(left), right: asPerm(right), span };
}

/** `perm(e.f)`, `perm(P(…))`, `perm(A --* B)`: the amount held (Sym's perm(e.f), perm(P(…)); a wand's as its shape's instance). */
export function lowerPermOf(e: Extract<VExpr, { kind: 'app' }>, ctx: LowerCtx, lower: Lower): Expr {
  const arg = e.args.length === 1 ? e.args[0] : undefined;
  // Silver's consistency check (Consistency.checkFunctionBody): the body is evaluated here over
  // the caller's heap, Viper's over the function's own footprint, so the two would differ.
  if (ctx.place === 'function') fail(ctx, 'Function bodies are not allowed to contain perm expressions', e.span);
  // As forperm (lowerForperm.ts): a function's contract is read over the caller's whole heap here,
  // Silicon's over what its consume has left; a predicate body is produced and consumed whole.
  else if (ctx.place === 'fnPost' || ctx.place === 'predicate' || ctx.inFunction)
    refuse(ctx, 'perm(…) in a function contract or a predicate body', e.span);
  // A wand is held as an instance of its shape's abstract predicate (lowerWand.ts), so its
  // amount is that instance's: perm(A --* B) sums the parts held of wands of its shape whose
  // holes equal its own (permission_introspection/permWandAlias.vpr: 2 * write where x == y).
  if ((arg?.kind === 'app' && ctx.decls.predicates.has(arg.name)) || arg?.kind === 'wand') {
    // The instance is named, not held: it lowers as in an assertion wherever perm() stands.
    const instance = lower(arg, { ...ctx, place: 'assertion' });
    if (instance.kind !== 'call') return { kind: 'var', name: 'none', span: e.span };
    return { kind: 'call', callee: 'perm', calleeSpan: e.nameSpan, args: [instance], span: e.span };
  }
  if (arg?.kind !== 'field') {
    refuse(ctx, 'perm(…) of something other than a field, a predicate instance or a wand', e.span);
    return { kind: 'var', name: 'none', span: e.span };
  }
  return { kind: 'call', callee: 'perm', calleeSpan: e.nameSpan, args: [lower(arg, ctx)], span: e.span };
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
