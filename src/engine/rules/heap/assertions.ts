// Assertions with permissions, as produce and consume see them: a list of conjuncts, each a
// permission `acc(e.f)`, a predicate instance, a conditional assertion (`b ==> A`,
// `b ? A1 : A2` with permissions in a branch) or a pure boolean expression (docs/design.md B.5).
// Produce and consume branch on a conditional's test, as Silicon does.

import type { Acc, Call, Expr, Quant } from '../../../lang/ast';
import { mentionsPermission as holdsPermission } from './snapshots';
import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';

export type Conjunct =
  | { readonly kind: 'acc'; readonly acc: Acc }
  /** `q(ē)`, or `acc(q(ē), p)` with the part `p` of the instance (absent: all of it). */
  | { readonly kind: 'pred'; readonly call: Call; readonly amount?: Expr }
  /** `test ==> then` (no otherwise) or `test ? then : otherwise`, with a permission in a branch. */
  | { readonly kind: 'cond'; readonly expr: Expr; readonly test: Expr; readonly then: Expr; readonly otherwise?: Expr }
  | { readonly kind: 'pure'; readonly expr: Expr }
  /** A quantified permission `forall x :: d ==> acc(x.f, p)` (rules/quantifiedPerms.ts). */
  | { readonly kind: 'qacc'; readonly quant: Quant };

/** Which calls are predicate instances. */
export type IsPredicate = (name: string) => boolean;

/**
 * Which side of an inhale-exhale assertion `[A, B]` is read: A where the assertion is produced,
 * B where it is consumed (Viper's semantics), both for static walks over every part.
 */
export type Side = 'inhale' | 'exhale' | 'both';

/** The top-level `&&` conjuncts of `e`, left to right (`[A, B]` replaced by the side read). */
export function conjuncts(e: Expr, isPred: IsPredicate = () => false, side: Side = 'both'): Conjunct[] {
  const out: Conjunct[] = [];
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.kind === 'binary' && x.op === '&&') {
      stack.push(x.right, x.left);
      continue;
    }
    if (x.kind === 'inhaleExhale') {
      if (side === 'both') stack.push(x.exhale, x.inhale);
      else stack.push(side === 'inhale' ? x.inhale : x.exhale);
      continue;
    }
    if (x.kind === 'quant' && x.permission) out.push({ kind: 'qacc', quant: x });
    else if (x.kind === 'acc' && x.target.kind === 'call')
      out.push({ kind: 'pred', call: x.target, ...(x.amount ? { amount: x.amount } : {}) });
    else if (x.kind === 'acc') out.push({ kind: 'acc', acc: x });
    else if (x.kind === 'call' && isPred(x.callee)) out.push({ kind: 'pred', call: x });
    else if (x.kind === 'binary' && x.op === '==>' && holdsPermission(x.right, isPred))
      out.push({ kind: 'cond', expr: x, test: x.left, then: x.right });
    else if (x.kind === 'cond' && holdsPermission(x, isPred))
      out.push({ kind: 'cond', expr: x, test: x.cond, then: x.then, otherwise: x.otherwise });
    else out.push({ kind: 'pure', expr: x });
  }
  return out;
}

/** The conjuncts of one side of a conditional conjunct (none for the missing side of `==>`). */
export function branchConjuncts(
  c: Extract<Conjunct, { kind: 'cond' }>,
  then: boolean,
  isPred: IsPredicate,
  side: Side = 'both',
): Conjunct[] {
  const e = then ? c.then : c.otherwise;
  return e ? conjuncts(e, isPred, side) : [];
}

/** Every conjunct of `e` on any side of its conditionals (their tests as pure conjuncts), for static walks. */
export function leafConjuncts(e: Expr, isPred: IsPredicate = () => false): Conjunct[] {
  return conjuncts(e, isPred).flatMap((c) =>
    c.kind !== 'cond'
      ? [c]
      : [
          { kind: 'pure' as const, expr: c.test },
          ...leafConjuncts(c.then, isPred),
          ...(c.otherwise ? leafConjuncts(c.otherwise, isPred) : []),
        ],
  );
}

/** Whether `e` mentions a permission anywhere (then it must be produced or consumed, not evaluated); `[A, B]` is produced or consumed too. */
export function hasPermission(e: Expr, isPred: IsPredicate): boolean {
  return hasInhaleExhale(e) || conjuncts(e, isPred).some((c) => c.kind !== 'pure');
}

/** Whether `e` holds an inhale-exhale assertion `[A, B]` among its conjuncts or conditional branches. */
export function hasInhaleExhale(e: Expr): boolean {
  if (e.kind === 'inhaleExhale') return true;
  if (e.kind === 'binary' && (e.op === '&&' || e.op === '==>'))
    return hasInhaleExhale(e.left) || hasInhaleExhale(e.right);
  if (e.kind === 'cond') return hasInhaleExhale(e.then) || hasInhaleExhale(e.otherwise);
  return false;
}

/** A leaf conjunct with the tests of the conditionals around it, outermost first (test, side taken). */
export interface GuardedLeaf {
  readonly conjunct: Exclude<Conjunct, { kind: 'cond' }>;
  readonly tests: readonly (readonly [Expr, boolean])[];
}

/** The leaves of `es` with their tests: a function's `requires` read non-destructively (no forking). */
export function guardedLeaves(es: readonly Expr[], isPred: IsPredicate): GuardedLeaf[] {
  const out: GuardedLeaf[] = [];
  const walk = (list: readonly Conjunct[], tests: readonly (readonly [Expr, boolean])[]): void => {
    for (const c of list) {
      if (c.kind !== 'cond') {
        out.push({ conjunct: c, tests });
        continue;
      }
      walk(branchConjuncts(c, true, isPred), [...tests, [c.test, true]]);
      walk(branchConjuncts(c, false, isPred), [...tests, [c.test, false]]);
    }
  };
  walk(
    es.flatMap((e) => conjuncts(e, isPred)),
    [],
  );
  return out;
}

/**
 * The guards of a function's conditional requires parts: `g` (with the outer guard) and
 * `cond` (the tests only); each test is evaluated once, under the tests around it.
 */
export function testsUnder(
  T: TermStore,
  guard: Term,
  evalTest: (e: Expr, guard: Term) => Term,
): (tests: GuardedLeaf['tests']) => { g: Term; cond: Term } {
  const seen = new Map<Expr, Term>();
  return (tests) => {
    let cond = T.trueTerm;
    for (const [e, side] of tests) {
      let t = seen.get(e);
      if (!t) {
        t = evalTest(e, T.and(guard, cond));
        seen.set(e, t);
      }
      cond = T.and(cond, side ? t : T.not(t));
    }
    return { g: T.and(guard, cond), cond };
  };
}
