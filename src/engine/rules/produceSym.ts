// Producing `acc(e.f, p)` where p is symbolic, or where a chunk of the field already holds a
// symbolic amount (docs/design.md "Permission amounts", rules/heap/symAmounts.ts). Silicon's
// produce: p must be non-negative (else `negative.permission`, checked before it is assumed);
// the chunk is added beside the others, never merged; what is assumed is what Silicon's state
// consolidation assumes: the amounts held at one location sum to at most write, a receiver
// that holds some is not null, and two chunks that are one location and both held have one
// value. With p possibly none, the location need not be held at all: every read asks.

import type { Acc, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { isNone, type Amount } from '../state/amounts';
import { allFieldChunks, EMPTY_HEAP, withChunk, type FieldChunk } from '../state/chunks';
import { checkProperty } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { accAmount, constantAmount } from './heap/fractions';
import { atMostWrite, holdsSome, oneValueWhenHeld } from './heap/symAmounts';
import { distinctRefs } from './heap/alias';
import { evaluate, settle, type Facts, type ProduceHow } from './produceEval';
import type { Obligation } from './eval';

/** Whether `acc` is produced here: a symbolic amount, or a symbolic chunk of its field already held. */
export function producesSymbolically(s: State, acc: Acc): boolean {
  const field = (acc.target as FieldRead).field;
  return !constantAmount(acc) || allFieldChunks(s.heap ?? EMPTY_HEAP, field).some((c) => c.amount?.sym);
}

export async function produceSymbolic(
  ctx: EngineContext,
  s0: State,
  acc: Acc,
  receiver: Term,
  display: string,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  constant: (s: State, amount: Amount | undefined) => Promise<State | State[] | undefined> | State | undefined,
): Promise<State | State[] | undefined> {
  const T = ctx.T;
  const target = acc.target as FieldRead;
  const got = await producedAmount(ctx, s0, acc, how, facts, leaves);
  if (!got) return undefined;
  const { amount, s } = got;
  if (amount && isNone(amount)) return s;
  // A constant amount (a perm parameter bound to 1/3) beside constant chunks: the constant rules.
  if (!amount?.sym && !allFieldChunks(s.heap ?? EMPTY_HEAP, target.field).some((c) => c.amount?.sym))
    return constant(s, amount);
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const fresh = how.naming(s, display, type);
  const chunk: FieldChunk = {
    kind: 'field',
    receiver,
    field: target.field,
    value: fresh.value,
    ...(amount ? { amount } : {}),
    origin: { span: acc.span, reason: how.reason },
  };
  const heap = fresh.state.heap ?? EMPTY_HEAP;
  const others = allFieldChunks(heap, target.field).filter((o) => !distinctRefs(o.receiver, receiver));
  const some = holdsSome(T, chunk);
  const add = (term: Term, span: Span = acc.span): void => void facts.list.push({ term, span });
  add(T.implies(some, T.neq(receiver, T.constOf(0n, receiver.sort))));
  add(atMostWrite(T, receiver, [...others, chunk]));
  for (const o of others) {
    const fact = oneValueWhenHeld(T, chunk, o);
    if (fact) add(fact);
  }
  return { ...fresh.state, heap: withChunk(heap, chunk) };
}

/**
 * The amount `acc` names, evaluated where it is symbolic; a symbolic one must be non-negative
 * (`negative.permission`): checked, or assumed at a procedure's entry (every caller's consume
 * checked it). Also the amount of a produced `acc(q(ē), p)` (an Acc over the instance).
 */
export async function producedAmount(
  ctx: EngineContext,
  s0: State,
  acc: Acc,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
): Promise<{ s: State; amount: Amount | undefined } | undefined> {
  const T = ctx.T;
  if (constantAmount(acc)) return { s: s0, amount: accAmount(acc) };
  const ev = await evaluate(ctx, s0, acc.amount!, how, leaves, facts);
  if (!ev) return undefined;
  let s = ev.s;
  const amount = accAmount(acc, ev.v as Term);
  if (!amount?.sym) return { s, amount };
  const p = amount.sym;
  if (how.amountsAssumed === true) {
    add0(facts, T.le(realLit(T, ZERO), p), acc.amount!.span);
    return { s, amount };
  }
  s = settleFacts(ctx, s, facts, how.reason);
  if (s.status === 'infeasible') {
    leaves.push({ state: s, label: STEP });
    return undefined;
  }
  const check: Obligation = {
    kind: 'permission',
    cond: T.le(realLit(T, ZERO), p),
    span: acc.amount!.span,
    message: `the permission amount ${printExpr(acc.amount!)} may be negative`,
  };
  const site = how.amountSite ? how.amountSite(check) : check;
  const out = await checkProperty(
    ctx,
    s,
    check.cond,
    { kind: 'permission', span: site.span, message: site.message },
    `${printExpr(acc.amount!)} >= 0`,
  );
  leaves.push(...out.leaves);
  return out.next ? { s: out.next, amount } : undefined;
}

function add0(facts: Facts, term: Term, span: Span): void {
  facts.list.push({ term, span });
}

function settleFacts(ctx: EngineContext, s: State, facts: Facts, reason: string): State {
  const settled = settle(ctx, s, facts, reason);
  facts.list.length = 0;
  return settled;
}

/** A chunk placed back beside chunks of its field (an unfolded fragment) where an amount is symbolic. */
export function placeSymbolic(ctx: EngineContext, s: State, c: FieldChunk, span: Span, reason: string): State {
  const T = ctx.T;
  const heap = s.heap ?? EMPTY_HEAP;
  const others = allFieldChunks(heap, c.field).filter((o) => !distinctRefs(o.receiver, c.receiver));
  const facts: Facts = { list: [{ term: atMostWrite(T, c.receiver, [...others, c]), span }] };
  for (const o of others) {
    const fact = oneValueWhenHeld(T, c, o);
    if (fact) facts.list.push({ term: fact, span });
  }
  return { ...settle(ctx, s, facts, reason), heap: withChunk(heap, c) };
}
