// Where the engine does not take a symbolic part of a predicate instance yet (docs/design.md
// "Fractions of predicate instances"): refused by name before it runs, never read as whole.
// A part is symbolic when its amount is not a constant the checker folds (a perm variable,
// `perm(…)`, `k / 2`). Built: `acc(q(ē), p)` in a method's contract or a function's
// precondition, inhale, exhale, assert and loop invariants, `fold`/`unfold acc(q(ē), p)`,
// `unfolding acc(q(ē), p) in e` in a method or a function body (heap/symUnfolding.ts), for a
// predicate whose instances keep their body's chunks (not snapshots) and whose body holds
// constant amounts other than wildcard. Refused: a symbolic part inside a predicate's body.

import { astNodes } from '../../../lang/astNodes';
import type { Call, Expr, PredicateDecl } from '../../../lang/ast';
import type { CheckedProgram } from '../../../lang/checked';
import { permAmount } from '../../../lang/permAmount';
import type { Span } from '../../../lang/span';
import { calledNames, recursion } from './recursion';

export interface Refusal {
  readonly span: Span;
  readonly what: string;
}

const symbolic = (amount: Expr | undefined): amount is Expr => amount !== undefined && !permAmount(amount).ok;

/** The parts with a symbolic amount under `root`: each instance and its amount. */
function symbolicParts(root: unknown, checked: CheckedProgram): { call: Call; amount: Expr; kind: string }[] {
  const out: { call: Call; amount: Expr; kind: string }[] = [];
  for (const n of astNodes(root)) {
    const x = n as unknown as { kind: string; target?: Expr; pred?: Call; amount?: Expr };
    if (x.kind === 'acc' && x.target?.kind === 'call' && checked.predicates.has(x.target.callee)) {
      if (symbolic(x.amount)) out.push({ call: x.target, amount: x.amount, kind: 'acc' });
    } else if ((x.kind === 'fold' || x.kind === 'unfold' || x.kind === 'unfolding') && symbolic(x.amount))
      out.push({ call: x.pred!, amount: x.amount, kind: x.kind });
  }
  return out;
}

/** Why a body taken at a symbolic part is not built: a snapshot instance below it, or an amount it cannot scale. */
function bodyRefusal(name: string, checked: CheckedProgram): string | undefined {
  const snapshots = recursion(checked).predicates;
  const seen = new Set<string>();
  const work = [name];
  while (work.length > 0) {
    const n = work.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const d: PredicateDecl = checked.predicates.get(n)!;
    // An abstract predicate's instance is a snapshot never unfolded: its amount is all there is.
    if (d.abstract) continue;
    if (snapshots.has(n))
      return `a symbolic amount of an instance kept as a snapshot (a recursive or conditional predicate: ${name} reaches ${n})`;
    for (const a of astNodes(d.body)) {
      const amount = (a as unknown as { kind: string; amount?: Expr }).amount;
      if (a.kind === 'acc' && amount && (symbolic(amount) || (permAmount(amount).ok && isWildcard(amount))))
        return `a symbolic amount of an instance whose body holds a wildcard or symbolic amount (${n})`;
    }
    work.push(...calledNames(d.body, (c) => checked.predicates.has(c)));
  }
  return undefined;
}

const isWildcard = (e: Expr): boolean => e.kind === 'var' && e.name === 'wildcard';

/** The first symbolic part of an instance the engine does not take yet. */
export function unsupportedSymbolicPart(checked: CheckedProgram): Refusal | undefined {
  for (const d of checked.program.decls) {
    for (const part of symbolicParts(d, checked)) {
      const span = part.amount.span;
      // A predicate's body is produced and consumed at every fold and unfold of it: a part taken
      // there does not yet join the instance the heap holds (two halves stay two chunks).
      if (d.kind === 'predicate')
        return { span, what: 'a symbolic amount of a predicate instance in a predicate body' };
      const why = bodyRefusal(part.call.callee, checked);
      if (why) return { span, what: why };
    }
  }
  return undefined;
}
