// Type checking of what the Viper front end lowers domains to (docs/viper.md, Domains): an
// application of a domain function carries its signature, so its arguments are checked against
// it here; an axiom is a closed boolean formula, checked as a specification with no variable in
// scope. Sym's own syntax writes neither. `check` is checkExpr, passed in (as checkHeap.ts does)
// so that this file and checkExpr.ts do not import each other.

import type { AxiomDecl, DomainApp, Expr } from './ast';
import type { ExprContext } from './exprContext';
import { Scope } from './scope';
import { BOOL, typeEquals, typeName, type Type } from './types';

type Check = (e: Expr, ctx: ExprContext, hint?: Type) => Type | undefined;

export function domainAppType(check: Check, e: DomainApp, ctx: ExprContext): Type {
  if (e.args.length !== e.params.length) {
    const n = e.params.length;
    ctx.tables.error(e.span, `'${e.name}' expects ${n} argument${n === 1 ? '' : 's'} but got ${e.args.length}`);
  }
  e.args.forEach((a, i) => {
    const want = e.params[i];
    const got = check(a, ctx, want);
    if (got && want && !typeEquals(got, want))
      ctx.tables.error(a.span, `argument ${i + 1} of '${e.name}' must be ${typeName(want)}, not ${typeName(got)}`);
  });
  return e.result;
}

/** An axiom's body: bool, quantifiers allowed, no variable but its own binders. */
export function checkAxiom(check: Check, a: AxiomDecl, ctx: Omit<ExprContext, 'scope' | 'spec' | 'old'>): void {
  const t = check(a.body, { ...ctx, scope: new Scope(), spec: true, old: false }, BOOL);
  if (t && t.kind !== 'bool') ctx.tables.error(a.body.span, `the axiom ${a.name} must be bool, not ${typeName(t)}`);
}
