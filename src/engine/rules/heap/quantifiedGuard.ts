// What the quantified chunks (docs/design.md B.10) do not cover yet, refused before the run with
// one file:line:col error, as the heap guard refuses the rest: a quantified permission in a
// function's precondition (a macro can put one there past the Viper front end's check), forperm
// over a quantified field, and an amount other than a constant on a quantified field's access.

import type { Acc, Expr, Quant, TopDecl } from '../../../lang/ast';
import { astNodes } from '../../../lang/astNodes';
import type { CheckedProgram } from '../../../lang/checked';
import { error, type Diagnostic } from '../../../lang/diagnostics';
import { constantAmount } from './fractions';

const WHY = 'the symbolic engine does not support';

export function unsupportedQuantified(checked: CheckedProgram): Diagnostic | undefined {
  const quantified = new Set(
    checked.program.decls
      .flatMap((d) => (d.kind === 'class' ? d.fields.filter((f) => f.quantified) : []))
      .map((f) => f.name),
  );
  if (quantified.size === 0) return undefined;
  for (const d of checked.program.decls) {
    const found = refusedIn(d, quantified);
    if (found) return error(checked.file, found.span, `${WHY} ${found.what} yet`);
  }
  return undefined;
}

function refusedIn(d: TopDecl, quantified: ReadonlySet<string>): { what: string; span: Expr['span'] } | undefined {
  if (d.kind === 'function')
    for (const q of astNodes(d.requires))
      if (q.kind === 'quant' && q.span && (q as Quant).permission)
        return { what: `quantified permissions in a function's precondition (function ${d.name})`, span: q.span };
  for (const n of astNodes(d)) {
    if (!n.span) continue;
    if (n.kind === 'quant' && (n as Quant).resource?.kind === 'field') {
      const field = (n as Quant).resource as { field: string };
      if (quantified.has(field.field))
        return { what: `forperm over the quantified field ${field.field}`, span: n.span };
    }
    if (n.kind === 'acc') {
      const acc = n as unknown as Acc;
      if (acc.target.kind === 'field' && quantified.has(acc.target.field) && !constantAmount(acc))
        return { what: `an amount other than a constant on the quantified field ${acc.target.field}`, span: n.span };
    }
  }
  return undefined;
}
