// Consuming `acc(e.f, p)` where p is symbolic or a chunk that may be e's holds a symbolic
// amount (docs/design.md "Permission amounts", rules/heap/symAmounts.ts). Silicon's way: p must
// be non-negative (`negative.permission`), the amount held at e (summed over the chunks that
// may be e) must cover p (`insufficient.permission`, with a counterexample), and p is taken
// from those chunks in order, each giving `e == c.r ? min(what is still needed, c's amount) : 0`.
// A wildcard takes a fresh amount strictly between none and what is held, as Silicon does.
// No path splits: what is left is a term per chunk, possibly none.

import type { Acc, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { realConstant, realLit } from '../terms/reals';
import { cmpQ, ONE, ZERO } from '../../lang/rational';
import { exactly, isSymbolic, printAmount, symbolic, type Amount } from '../state/amounts';
import { EMPTY_HEAP, replaceChunk, withoutChunk, type FieldChunk, type Heap } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import { evalTerm, type Obligation } from './eval';
import { assumeConjunct, checkProperty } from './checks';
import type { EngineContext, Successor } from './context';
import { checkObligations } from './evalChecked';
import { accAmount, constantAmount } from './heap/fractions';
import { placeholder } from './heap/access';
import { amountTerm, freshAmount, heldAt, valueAt } from './heap/symAmounts';
import type { ConsumeHow } from './judgements';

/** The amount a real term stands for, folded to a constant one when it is constant. */
function asAmount(t: Term): Amount | undefined | 'none' {
  const q = realConstant(t);
  if (!q) return symbolic(t);
  if (cmpQ(q, ZERO) === 0) return 'none';
  return cmpQ(q, ONE) === 0 ? undefined : exactly(q);
}

export async function consumeSymbolic(
  ctx: EngineContext,
  s0: State,
  acc: Acc,
  receiver: Term,
  chunks: readonly FieldChunk[],
  how: ConsumeHow,
  leaves: Successor[],
  k: (s: State, part: FieldChunk) => Promise<void>,
): Promise<void> {
  const T = ctx.T;
  const target = acc.target as FieldRead;
  let s = s0;
  let need: Amount | undefined;
  if (constantAmount(acc)) need = accAmount(acc);
  else {
    const obligations: Obligation[] = [];
    const p = evalTerm(acc.amount!, how.env, obligations);
    const checked = await checkObligations(ctx, s, obligations);
    leaves.push(...checked.leaves);
    if (!checked.next) return;
    s = checked.next;
    need = accAmount(acc, p);
  }
  if (need !== undefined && isSymbolic(need)) {
    const message = `the permission amount ${printExpr(acc.amount!)} may be negative`;
    const site = { ...how.accSite(acc), span: acc.amount!.span, message };
    const out = await checkProperty(ctx, s, T.le(realLit(T, ZERO), need.sym!), site, `${printExpr(acc.amount!)} >= 0`);
    leaves.push(...out.leaves);
    if (!out.next) return;
    s = out.next;
  }
  const held = heldAt(T, receiver, chunks);
  let p = amountTerm(T, need);
  const wildcard = need?.above === true && !need.sym;
  const enough = wildcard ? T.lt(p, held) : T.le(p, held);
  const site = how.accSite(acc);
  const message = `${site.message.replace(/, which is not held$/, '')}: it needs ${printAmount(need)}, and less may be held`;
  const missing = { kind: 'field' as const, receiver, field: target.field };
  const out = await checkProperty(ctx, s, enough, { ...site, message, missing }, `${message} fails`);
  leaves.push(...out.leaves);
  if (!out.next) return;
  s = out.next;
  if (wildcard) {
    // Held is certainly more than p now: the wildcard takes some positive amount below the rest
    // (Silicon's fresh wildcard), assumed only after the check, so it proves nothing about held.
    const w = freshAmount(T, `the wildcard of ${printExpr(acc)}`);
    p = T.add(p, w);
    s = assumeConjunct(s, T.and(T.lt(realLit(T, ZERO), w), T.lt(p, held)), acc.span, 'a wildcard amount');
  }
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const value = valueAt(T, receiver, chunks, placeholder(T, sortOfType(type)));
  const heap = take(ctx, s.heap ?? EMPTY_HEAP, receiver, chunks, p);
  const part: FieldChunk = {
    kind: 'field',
    receiver,
    field: target.field,
    value,
    ...(need === undefined ? {} : { amount: need.above && !need.sym ? need : symbolicOrConstant(p) }),
    origin: { span: acc.span, reason: how.reason },
  };
  await k({ ...s, heap }, part);
}

function symbolicOrConstant(t: Term): Amount {
  const a = asAmount(t);
  return a === 'none' || a === undefined ? symbolic(t) : a;
}

/** `p` taken from the chunks that may be the receiver's, in order. */
function take(ctx: EngineContext, h: Heap, receiver: Term, chunks: readonly FieldChunk[], p: Term): Heap {
  const T = ctx.T;
  const zero = realLit(T, ZERO);
  let heap = h;
  let rest = p;
  for (const c of chunks) {
    const amt = amountTerm(T, c.amount);
    const here = c.receiver === receiver ? T.trueTerm : T.eq(receiver, c.receiver);
    const min = T.ite(T.le(rest, amt), rest, amt);
    const taken = T.ite(here, min, zero);
    rest = T.sub(rest, taken);
    const left = asAmount(T.sub(amt, taken));
    heap = left === 'none' ? withoutChunk(heap, c) : replaceChunk(heap, c, { ...c, amount: left });
  }
  return heap;
}
