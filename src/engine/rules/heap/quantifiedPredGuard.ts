// What a predicate whose body holds a quantified field (docs/design.md B.10, "Predicates over
// quantified fields") does not cover yet, refused before the run with one file:line:col error:
// such an instance is a fragment whose quantified part is a chunk of its own (the part taken at
// the fold, merged back at the unfold). A snapshot (a recursive, conditional or abstract
// predicate) has no slot for a function of R; and a part of such an instance would need the
// quantified part's amounts scaled (instanceAmounts.ts scales point chunks only), so an instance
// of one is taken, folded, unfolded and havocked only whole.

import type { Acc, Call, Expr, Fold, Quasihavoc, Unfolding } from '../../../lang/ast';
import { astNodes } from '../../../lang/astNodes';
import type { CheckedProgram } from '../../../lang/checked';
import { permAmount } from '../../../lang/permAmount';
import { cmpQ, ONE } from '../../../lang/rational';
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

/** Whether `amount` is absent or the constant write. */
function whole(amount: Expr | undefined): boolean {
  if (!amount) return true;
  const p = permAmount(amount);
  return p.ok && !p.wildcard && cmpQ(p.q, ONE) === 0;
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
    if (!n.span) continue;
    const part = `a part other than write of an instance of a predicate holding a quantified field`;
    if (n.kind === 'acc') {
      const a = n as unknown as Acc;
      if (a.target.kind === 'call' && holders.has(a.target.callee) && !whole(a.amount))
        return { what: `${part} (${a.target.callee})`, span: n.span };
    }
    if (n.kind === 'fold' || n.kind === 'unfold' || n.kind === 'unfolding') {
      const f = n as unknown as Fold | Unfolding;
      if (holders.has(f.pred.callee) && !whole(f.amount)) return { what: `${part} (${f.pred.callee})`, span: n.span };
    }
    if (n.kind === 'quasihavoc') {
      const t = (n as unknown as Quasihavoc).target;
      if (t.kind === 'call' && holders.has(t.callee))
        return { what: `quasihavoc of a predicate holding a quantified field (${t.callee})`, span: n.span };
    }
  }
  return undefined;
}
