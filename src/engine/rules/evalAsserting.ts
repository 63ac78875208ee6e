// `asserting (A) in e` (Viper's; docs/viper.md "assume, asserting and quasihavoc of
// predicates"): Silicon consumes A from a copy of the state, so A is checked as an assert checks
// it and the state is left as it was, then e is evaluated. Here A's conjuncts become obligations
// of the evaluation, in order, each under the tests of the conditionals around it: a field
// permission must be held for its amount (a read that needs it), a predicate instance must be held
// (an unfolding of it whose body is true), a pure conjunct must be true and defined. Checking each
// access on its own is a consume only where no two accesses of A may name the same location;
// an A with two accesses of one field or one predicate is refused (the Viper front end refuses it
// by name first, lowerAsserting.ts).

import type { Asserting, FieldRead, Unfolding } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isTrue, type Term } from '../terms/term';
import type { SymValue } from '../state/state';
import { guardedLeaves, testsUnder, type GuardedLeaf } from './heap/assertions';
import { accAmount, constantAmount } from './heap/fractions';
import { EvalError, type EvalCore } from './evalEnv';

export function assertingValue(
  ev: EvalCore,
  e: Asserting,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): SymValue {
  const isPred = (n: string): boolean => ev.env.decls?.predicates.has(n) ?? false;
  const leaves = guardedLeaves([e.assertion], isPred);
  if (repeatsLocation(leaves))
    throw new EvalError(`${printExpr(e.assertion, 120)}: asserting with two accesses of one field or predicate`);
  const under = testsUnder(ev.T, guard, (x, g) => ev.term(x, g, bound, old));
  for (const { conjunct: k, tests } of leaves) {
    const { g } = under(tests);
    if (k.kind === 'acc') {
      const target = k.acc.target as FieldRead;
      const need = constantAmount(k.acc) ? accAmount(k.acc) : undefined;
      const message = `asserting ${printExpr(k.acc, 200)}: the permission is not held`;
      ev.field(target, g, bound, old, target, { span: k.acc.span, message }, need);
    } else if (k.kind === 'pred') {
      const held: Unfolding = {
        kind: 'unfolding',
        pred: k.call,
        ...(k.amount ? { amount: k.amount } : {}),
        body: { kind: 'boolLit', value: true, span: k.call.span },
        span: k.call.span,
      };
      const message = `asserting ${printExpr(k.call, 200)}: the instance is not held`;
      ev.unfolding(held, g, bound, old, { span: k.call.span, message });
    } else if (k.kind === 'qacc') {
      throw new EvalError('asserting quantified permissions is not supported');
    } else {
      const cond = ev.T.implies(g, ev.term(k.expr, g, bound, old));
      const message = `asserting ${printExpr(k.expr, 200)} may not hold`;
      if (!isTrue(cond)) ev.out.push({ kind: 'precondition', cond, span: k.expr.span, message, asserting: true });
    }
  }
  return ev.value(e.body, guard, bound, old);
}

/** Whether two accesses of A name one field or one predicate (they might be one location). */
function repeatsLocation(leaves: readonly GuardedLeaf[]): boolean {
  const names = leaves.flatMap(({ conjunct: k }) =>
    k.kind === 'acc'
      ? [`field ${(k.acc.target as FieldRead).field}`]
      : k.kind === 'pred'
        ? [`predicate ${k.call.callee}`]
        : [],
  );
  return new Set(names).size < names.length;
}
