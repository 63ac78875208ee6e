// Where the engine does not take a symbolic part of a predicate instance yet (docs/design.md
// "Fractions of predicate instances"): refused by name before it runs, never read as whole.
// A part is symbolic when its amount is not a constant the checker folds (a perm variable,
// `perm(…)`, `k / 2`). Built: `acc(q(ē), p)` in a method's contract or a function's
// precondition, inhale, exhale, assert and loop invariants, `fold`/`unfold acc(q(ē), p)`,
// `unfolding acc(q(ē), p) in e` in a method or a function body (heap/symUnfolding.ts), of an
// instance that keeps its body's chunks or a snapshot (a recursive predicate: the body's
// constant amounts times p, heap/symInstances.ts chunksAtPart), the body's amounts constant,
// wildcard or symbolic (times the part: heap/scaleAssertion.ts). Refused: a symbolic part
// inside a predicate's body, and a wildcard times a symbolic amount (a symbolic part of a body
// holding a wildcard, a wildcard part of one holding a symbolic amount).

import { astNodes } from '../../../lang/astNodes';
import type { Call, Expr, PredicateDecl } from '../../../lang/ast';
import type { CheckedProgram } from '../../../lang/checked';
import type { Span } from '../../../lang/span';
import { calledNames, recursion } from './recursion';
import { symbolicAmount } from './fractions';

export interface Refusal {
  readonly span: Span;
  readonly what: string;
}

const isWildcard = (e: Expr | undefined): e is Expr => e?.kind === 'var' && e.name === 'wildcard';

/** A part whose product with a body's amounts the engine must name: symbolic, or a wildcard. */
interface Part {
  readonly call: Call;
  readonly amount: Expr;
  readonly wildcard: boolean;
}

/** The parts with a symbolic or wildcard amount under `root`: each instance and its amount. */
function namedParts(root: unknown, checked: CheckedProgram): Part[] {
  const out: Part[] = [];
  const add = (call: Call, amount: Expr | undefined): void => {
    if (symbolicAmount(amount) || isWildcard(amount)) out.push({ call, amount, wildcard: isWildcard(amount) });
  };
  for (const n of astNodes(root)) {
    const x = n as unknown as { kind: string; target?: Expr; pred?: Call; amount?: Expr };
    if (x.kind === 'acc' && x.target?.kind === 'call' && checked.predicates.has(x.target.callee))
      add(x.target, x.amount);
    else if (x.kind === 'fold' || x.kind === 'unfold' || x.kind === 'unfolding') add(x.pred!, x.amount);
  }
  return out;
}

/**
 * Why a body taken at the part is not built: a snapshot instance below a symbolic part, or a
 * product the engine cannot name: a wildcard times a symbolic amount (as "some positive
 * amount" it would hold something where the symbolic factor is 0).
 */
function bodyRefusal(name: string, checked: CheckedProgram, part: Part): string | undefined {
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
    // A snapshot's body holds constant amounts or wildcards (fractionGuard.ts): at a symbolic
    // part each is a·p (heap/symInstances.ts chunksAtPart), the wildcards refused below.
    for (const a of astNodes(d.body)) {
      const amount = (a as unknown as { amount?: Expr }).amount;
      if (a.kind !== 'acc' && a.kind !== 'unfolding') continue;
      // A field's wildcard in a body that keeps its chunks is named when produced (scaleAssertion.ts).
      if (!part.wildcard && isWildcard(amount) && (a.kind === 'unfolding' || snapshots.has(n)))
        return `a symbolic amount of an instance whose body holds a wildcard ${a.kind === 'unfolding' ? 'unfolding' : 'and is kept as a snapshot'} (${n})`;
      if (part.wildcard && symbolicAmount(amount))
        return `a wildcard amount of an instance whose body holds a symbolic amount (${n})`;
    }
    work.push(...calledNames(d.body, (c) => checked.predicates.has(c)));
  }
  return undefined;
}

/** The first symbolic or wildcard part of an instance the engine does not take yet. */
export function unsupportedSymbolicPart(checked: CheckedProgram): Refusal | undefined {
  for (const d of checked.program.decls) {
    for (const part of namedParts(d, checked)) {
      const span = part.amount.span;
      // A predicate's body is produced and consumed at every fold and unfold of it: a part taken
      // there does not yet join the instance the heap holds (two halves stay two chunks).
      if (d.kind === 'predicate' && !part.wildcard)
        return { span, what: 'a symbolic amount of a predicate instance in a predicate body' };
      const why = bodyRefusal(part.call.callee, checked, part);
      if (why) return { span, what: why };
    }
  }
  return undefined;
}
