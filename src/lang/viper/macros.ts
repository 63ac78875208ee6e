// `define` macros, expanded where they are used (Viper's macros are syntactic). The expansion
// takes the span of the use, so a failure inside it points at the line that used the macro;
// arguments keep their own spans. Parameters are replaced by the lowered arguments.

import type { Expr } from '../ast';
import type { Span } from '../span';
import type { VDefine, VExpr } from './ast';
import { fail, refuse, type LowerCtx } from './context';

const MAX_DEPTH = 40;

/** A copy of a Viper AST subtree with every span set to `span`. */
export function respan<T>(node: T, span: Span): T {
  if (Array.isArray(node)) return node.map((n) => respan(n, span)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    out[k] = k === 'span' || k === 'nameSpan' || k === 'targetSpan' || k === 'calleeSpan' ? span : respan(v, span);
  }
  return out as T;
}

/** The bindings of a macro's parameters to lowered arguments, or undefined (reported) on a mismatch. */
/** How an expression is lowered (lowerExpr.ts, passed in: that module expands macros through this one). */
export type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export function macroBindings(
  macro: VDefine,
  args: readonly VExpr[],
  span: Span,
  ctx: LowerCtx,
  lowerExpr: Lower,
): Map<string, Expr> | undefined {
  const params = macro.params ?? [];
  if (params.length !== args.length) {
    fail(ctx, `macro '${macro.name}' expects ${params.length} argument(s) but got ${args.length}`, span);
    return undefined;
  }
  if (ctx.depth >= MAX_DEPTH) {
    refuse(ctx, `recursive macro '${macro.name}'`, span);
    return undefined;
  }
  // An argument the body never names is dropped unread, as Viper's syntactic expansion drops it
  // (`define access(f) r.f` applied to `f`, a field's name: all/issues/silver/0170.vpr).
  const used = namesIn(macro.body);
  const bound = params.flatMap((p, i): [string, Expr][] =>
    used.has(p.name) ? [[p.name, lowerExpr(args[i], ctx)]] : [],
  );
  return new Map([...ctx.subst, ...bound]);
}

/** Every name `node` mentions but a field's (an over-approximation of what a parameter may stand for). */
function namesIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) namesIn(n, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (typeof v === 'string' && k !== 'field' && k !== 'kind' && k !== 'op') out.add(v);
      else if (k !== 'span' && typeof v === 'object') namesIn(v, out);
    }
  }
  return out;
}

export function expandExprMacro(
  macro: VDefine,
  args: readonly VExpr[],
  span: Span,
  ctx: LowerCtx,
  lowerExpr: Lower,
): Expr {
  if (macro.body.kind === 'block') {
    fail(ctx, `macro '${macro.name}' is a statement macro, used as an expression`, span);
    return { kind: 'boolLit', value: true, span };
  }
  const subst = macroBindings(macro, args, span, ctx, lowerExpr);
  if (subst === undefined) return { kind: 'boolLit', value: true, span };
  return lowerExpr(respan(macro.body, span), { ...ctx, subst, depth: ctx.depth + 1 });
}
