// What the quantified chunks (docs/design.md B.10) do not cover yet, refused before the run with
// one file:line:col error, as the heap guard refuses the rest:
// an amount other than a constant on a quantified field's access in a function, and an application under a
// quantifier of a function whose precondition holds a quantified permission.

import type { Acc, Call, Expr, Quant, TopDecl } from '../../../lang/ast';
import { astNodes } from '../../../lang/astNodes';
import type { CheckedProgram } from '../../../lang/checked';
import { error, type Diagnostic } from '../../../lang/diagnostics';
import { constantAmount } from './fractions';
import { qaccParts } from './qacc';
import { unsupportedQuantifiedHolder } from './quantifiedPredGuard';

const WHY = 'the symbolic engine does not support';

export function unsupportedQuantified(checked: CheckedProgram): Diagnostic | undefined {
  const quantified = new Set(
    checked.program.decls
      .flatMap((d) => (d.kind === 'class' ? d.fields.filter((f) => f.quantified) : []))
      .map((f) => f.name),
  );
  if (quantified.size === 0) return undefined;
  const holder = unsupportedQuantifiedHolder(checked, quantified);
  if (holder) return error(checked.file, holder.span, `${WHY} ${holder.what} yet`);
  const summarised = summarisedFunctions(checked.program.decls);
  for (const d of checked.program.decls) {
    const found = refusedIn(d, quantified) ?? summaryUnderBinder(d, summarised);
    if (found) return error(checked.file, found.span, `${WHY} ${found.what} yet`);
  }
  return undefined;
}

function refusedIn(d: TopDecl, quantified: ReadonlySet<string>): { what: string; span: Expr['span'] } | undefined {
  // A function's footprint reads d over R: the receiver must be the (Ref) binder (rules/quantifiedFootprint.ts).
  if (d.kind === 'function')
    for (const q of astNodes(d.requires)) {
      if (q.kind !== 'quant' || !(q as Quant).permission || !q.span) continue;
      const p = qaccParts(q as Quant);
      if (
        (q as Quant).vars.length !== 1 ||
        (q as Quant).vars[0].type.kind !== 'ref' ||
        p.target.object.kind !== 'var' ||
        p.target.object.name !== p.binder
      )
        return {
          what: `a quantified permission over a function of its binder in a function's precondition (${d.name})`,
          span: q.span,
        };
    }
  for (const n of astNodes(d)) {
    if (!n.span) continue;
    if (n.kind === 'acc') {
      const acc = n as unknown as Acc;
      // In a method the amount is read where produced or consumed (rules/quantifiedAmount.ts); a
      // function's footprint reads constants only (rules/quantifiedFootprint.ts).
      if (
        d.kind === 'function' &&
        acc.target.kind === 'field' &&
        quantified.has(acc.target.field) &&
        !constantAmount(acc)
      )
        return { what: `an amount other than a constant on the quantified field ${acc.target.field}`, span: n.span };
    }
  }
  return undefined;
}

/** The functions whose `requires` holds a quantified permission (their applications are keyed by a summary). */
function summarisedFunctions(decls: readonly TopDecl[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const d of decls)
    if (d.kind === 'function' && [...astNodes(d.requires)].some((n) => n.kind === 'quant' && (n as Quant).permission))
      out.add(d.name);
  return out;
}

/**
 * An application of such a function under a quantifier: its summary would mention the binder,
 * and a summary is one keyed constant (rules/quantifiedFootprint.ts).
 */
function summaryUnderBinder(
  d: TopDecl,
  summarised: ReadonlySet<string>,
): { what: string; span: Expr['span'] } | undefined {
  if (summarised.size === 0) return undefined;
  for (const q of astNodes(d)) {
    if (q.kind !== 'quant') continue;
    for (const n of astNodes((q as Quant).body))
      if (n.kind === 'call' && n.span && summarised.has((n as Call).callee))
        return {
          what: `an application of ${(n as Call).callee}, whose precondition holds quantified permissions, under a quantifier`,
          span: n.span,
        };
  }
  return undefined;
}
