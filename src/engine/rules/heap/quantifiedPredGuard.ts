// What a predicate whose body holds a quantified field (docs/design.md B.10, "Predicates over
// quantified fields") does not cover yet, refused before the run with one file:line:col error:
// such an instance is a fragment whose quantified part is a chunk of its own (the part taken at
// the fold, merged back at the unfold; a part of the instance scales its amount function,
// state/instanceAmounts.ts). A snapshot (a recursive, conditional or abstract predicate) has no
// slot for a function of R, and quasihavoc of such an instance is not built.

import type { Acc, Call, Quasihavoc } from '../../../lang/ast';
import { astNodes } from '../../../lang/astNodes';
import type { CheckedProgram } from '../../../lang/checked';
import type { Span } from '../../../lang/span';
import { recursion } from './recursion';

/** The predicates whose body holds a quantified field, directly or through another such predicate. */
export function quantifiedHolders(checked: CheckedProgram, quantified: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of checked.predicates.values()) {
      if (out.has(d.name) || !d.body) continue;
      const holds = [...astNodes(d.body)].some((n) => {
        if (n.kind !== 'acc') return n.kind === 'call' && out.has((n as unknown as Call).callee);
        const t = (n as unknown as Acc).target;
        return t.kind === 'field' ? quantified.has(t.field) : t.kind === 'call' && out.has(t.callee);
      });
      if (holds) {
        out.add(d.name);
        grew = true;
      }
    }
  }
  return out;
}

/** The fields marked unbounded: the snapshots of predicates held under a quantifier. */
function unboundedFields(checked: CheckedProgram): Set<string> {
  const decls = checked.program.decls;
  return new Set(
    decls.flatMap((d) => (d.kind === 'class' ? d.fields.filter((f) => f.unbounded) : [])).map((f) => f.name),
  );
}

function isFieldIn(target: Acc['target'], fields: ReadonlySet<string>): boolean {
  return target.kind === 'field' && fields.has(target.field);
}

/** The first construct over such a predicate that is refused, with what to say. */
export function unsupportedQuantifiedHolder(
  checked: CheckedProgram,
  quantified: ReadonlySet<string>,
): { what: string; span: Span } | undefined {
  const holders = quantifiedHolders(checked, quantified);
  if (holders.size === 0) return undefined;
  const rec = recursion(checked).predicates;
  const snapshots = unboundedFields(checked);
  for (const name of holders) {
    const d = checked.predicates.get(name)!;
    if (rec.has(name))
      return { what: `a recursive or conditional predicate holding a quantified field (${name})`, span: d.span };
    // An instance of a quantified predicate is a location of its snapshot field, whose amounts
    // may exceed write: the fragment's merge at an unfold assumes at most write per location.
    if ([...astNodes(d.body)].some((n) => n.kind === 'acc' && isFieldIn((n as unknown as Acc).target, snapshots)))
      return { what: `a predicate holding an instance of a quantified predicate (${name})`, span: d.span };
  }
  for (const n of astNodes(checked.program.decls)) {
    if (!n.span || n.kind !== 'quasihavoc') continue;
    const t = (n as unknown as Quasihavoc).target;
    if (t.kind === 'call' && holders.has(t.callee))
      return { what: `quasihavoc of a predicate holding a quantified field (${t.callee})`, span: n.span };
  }
  return undefined;
}
