// The parameters of a generated helper procedure (helpers.ts, lowerWand.ts): the variables in
// scope that its lowered assertions read, with their types, so that they mean the same inside.
// A file of its own so that the wand's lowering, which lowerExpr imports, need not import helpers.ts.

import type { Expr, Proc } from '../ast';
import type { Span } from '../span';
import type { LowerCtx } from './context';
import { symType } from './types';

export function helperParams(parts: readonly Expr[], span: Span, ctx: LowerCtx): Proc['params'] {
  const vars = [...new Set(freeVars(parts))].filter((v) => ctx.vars.has(v));
  return vars.map((v) => ({ name: v, type: symType(ctx.vars.get(v) ?? { kind: 'Int' }, span, ctx), span }));
}

/** The variable names an expression reads (Sym AST); a quantifier's binders are kept apart by the caller's filter (they are never variables in scope). */
function freeVars(e: unknown): string[] {
  if (Array.isArray(e)) return e.flatMap(freeVars);
  if (e === null || typeof e !== 'object') return [];
  const node = e as Record<string, unknown>;
  if (node.kind === 'var' && typeof node.name === 'string') return [node.name];
  return Object.entries(node)
    .filter(([k]) => k !== 'span')
    .flatMap(([, v]) => freeVars(v));
}
