// `asserting (A) in e` (Viper's; docs/viper.md "assume, asserting and quasihavoc of
// predicates"): A is checked as an `assert A` would check it (its permissions held, its facts
// true) from a copy of the state, which is left unchanged, and then e is the value. Lowered to
// Sym's `asserting` node (engine rules/evalAsserting.ts), A with its permissions allowed wherever
// the expression stands, `[A1, A2]` in it read as A2 (A is exhaled). A failure in A takes the id
// of the construct around it, as in Viper (`assignment.failed`, `function.not.wellformed`, …).
// Two accesses of one field or one predicate in A are refused: the engine checks each access on
// its own, which is a consume only where no two may name one location.

import type { Expr } from '../ast';
import type { VExpr } from './ast';
import { refuse, type LowerCtx } from './context';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export const ASSERTING_REPEAT = 'asserting with two accesses of one field or predicate';

export function lowerAsserting(e: Extract<VExpr, { kind: 'asserting' }>, ctx: LowerCtx, lower: Lower): Expr {
  const names = accessNames(e.assertion, ctx);
  if (new Set(names).size < names.length) refuse(ctx, ASSERTING_REPEAT, e.span);
  const place = ctx.place === 'code' || ctx.place === 'function' ? 'assertion' : ctx.place;
  const assertion = lower(e.assertion, { ...ctx, place, side: 'exhale' });
  return { kind: 'asserting', assertion, body: lower(e.body, ctx), span: e.span };
}

/** The field or predicate of each access in A (a macro counted as its body would be). */
function accessNames(e: VExpr, ctx: LowerCtx, depth = 0): string[] {
  if (depth > 40) return [];
  const inner = (x: VExpr) => accessNames(x, ctx, depth + 1);
  switch (e.kind) {
    case 'acc':
      if (e.loc.kind === 'field') return [`field ${e.loc.field}`];
      return e.loc.kind === 'app' ? [`predicate ${e.loc.name}`] : [];
    case 'app': {
      if (ctx.decls.predicates.has(e.name)) return [`predicate ${e.name}`];
      const macro = ctx.decls.macros.get(e.name);
      return macro && macro.body.kind !== 'block' ? inner(macro.body) : [];
    }
    case 'binary':
      return e.op === '&&' || e.op === '==>' ? [...inner(e.left), ...inner(e.right)] : [];
    case 'cond':
      return [...inner(e.then), ...inner(e.otherwise)];
    case 'inhaleExhale':
      return inner(e.exhale);
    case 'let':
      return inner(e.body);
    default:
      return [];
  }
}
