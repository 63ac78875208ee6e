// What a function's postcondition check assumed of its requires, checked at each application
// (docs/viper.md "Missed expected errors, audited", silicon/0376.vpr). `f@post` produces the
// requires as a method's, where permissions to one location sum to at most write: two write
// permissions to x.f and y.f give x != y, acc(x.f) && acc(x.f) gives false. An application only
// asks for each clause on its own (Viper's default: a function's requires needs some positive
// amount of each), so `d(x, x)` of `requires acc(x.f) && acc(y.f) ensures x != y` was accepted
// and the postcondition symdap proved was false in that run. Here, where two clauses of the
// requires name the same field, the amounts that may fall on one location must sum to at most
// write (strictly less with a wildcard among them) — exactly the facts the check assumed, so
// every application that passes satisfies them. Stricter than Viper's default (which accepts
// such an application and reports the postcondition instead): a false alarm, never a miss.

import type { Acc, Call, FieldRead, FunctionDecl } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Term } from '../terms/term';
import { isTrue } from '../terms/term';
import { realLit } from '../terms/reals';
import { ONE, ZERO } from '../../lang/rational';
import { amountTerm } from './heap/symAmounts';
import { accAmount, constantAmount } from './heap/fractions';
import { guardedLeaves, testsUnder } from './heap/assertions';
import { recursion } from './heap/recursion';
import type { EvalCore } from './evalEnv';

interface Part {
  readonly acc: Acc;
  readonly field: string;
  readonly g: Term;
  readonly cond: Term;
  readonly receiver: Term;
  readonly amount: Term;
  readonly wildcard: boolean;
}

/** Whether an application of `fn` relies on what its check assumed: its postcondition, or its body's definition (recursive or abstract). */
function relies(ev: EvalCore, fn: FunctionDecl): boolean {
  if (fn.ensures !== undefined && fn.ensures.length > 0) return true;
  return fn.body !== undefined && recursion(ev.env.decls!).functions.has(fn.name);
}

/** Whether two permission clauses of fn's requires name one field (read off the declaration). */
function sharesAField(ev: EvalCore, fn: FunctionDecl): boolean {
  const seen = new Set<string>();
  for (const { conjunct: k } of guardedLeaves(fn.requires, (n) => ev.env.decls?.predicates.has(n) ?? false)) {
    if (k.kind !== 'acc') continue;
    const field = (k.acc.target as FieldRead).field;
    if (seen.has(field)) return true;
    seen.add(field);
  }
  return false;
}

/** The permission clauses of fn's requires, evaluated in `inner` (the callee's parameters over the caller's heap). */
function parts(ev: EvalCore, fn: FunctionDecl, inner: EvalCore, guard: Term): Part[] {
  const T = ev.T;
  const under = testsUnder(T, guard, (e, g) => inner.term(e, g, new Map(), false));
  const out: Part[] = [];
  for (const { conjunct: k, tests } of guardedLeaves(fn.requires, (n) => ev.env.decls?.predicates.has(n) ?? false)) {
    if (k.kind !== 'acc') continue;
    const { g, cond } = under(tests);
    const target = k.acc.target as FieldRead;
    const receiver = inner.term(target.object, g, new Map(), false);
    const value = constantAmount(k.acc) ? undefined : inner.term(k.acc.amount!, g, new Map(), false);
    const a = accAmount(k.acc, value);
    const wildcard = a !== undefined && !a.sym && a.above;
    out.push({ acc: k.acc, field: target.field, g, cond, receiver, amount: amountTerm(T, a), wildcard });
  }
  return out;
}

/** Records, for each permission clause sharing its field with another, that the amounts on its location sum to at most write. */
export function obligeBounds(ev: EvalCore, fn: FunctionDecl, c: Call, inner: EvalCore, guard: Term): void {
  // Decided on the declaration first: most applications (no shared field, nothing relied on)
  // evaluate nothing here, the footprint's own walk of the requires does that once.
  if (!relies(ev, fn) || !sharesAField(ev, fn)) return;
  const fields = parts(ev, fn, inner, guard);
  const shared = fields.filter((p) => fields.some((o) => o !== p && o.field === p.field));
  const T = ev.T;
  const zero = realLit(T, ZERO);
  const one = realLit(T, ONE);
  for (const p of shared) {
    const others = shared.filter((o) => o !== p && o.field === p.field);
    const here = (o: Part): Term => T.and(o.cond, T.eq(o.receiver, p.receiver));
    const sum = others.reduce<Term>((s, o) => T.add(s, T.ite(here(o), o.amount, zero)), p.amount);
    const wild = T.or(p.wildcard ? T.trueTerm : T.falseTerm, ...others.filter((o) => o.wildcard).map(here));
    const ok = T.and(T.le(sum, one), T.implies(wild, T.lt(sum, one)));
    if (isTrue(ok)) continue;
    const with_ = others.map((o) => `${printExpr(o.acc)} (line ${o.acc.span.line})`).join(', ');
    const message =
      `${fn.name} requires ${printExpr(p.acc)} (line ${p.acc.span.line}) besides ${with_}, which is not held ` +
      'when they fall on one location: together more than write, which its check assumed impossible';
    ev.oblige('permission', ok, p.g, c.span, message);
  }
}
