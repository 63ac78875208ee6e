// Checking obligations with healing (docs/design.md B.6): a field access without a provable
// permission is a `permission` failure, and the path then goes on *as if the permission had
// been held*: on the side where the receiver is none of the held receivers, a chunk with a
// fresh value is added, and the statement is retried there. So one run finds every failure,
// and an impossible heap (a chunk for null, two chunks for one object) is never built.

import type { Term } from '../terms/term';
import type { State } from '../state/state';
import type { Obligation } from './eval';
import { allFieldChunks, withChunk } from '../state/chunks';
import { EMPTY_HEAP } from '../state/chunks';
import { ask, assumeConjunct, checkProperty, obligationProperty, type PropertyOutcome } from './checks';
import type { EngineContext, Successor } from './context';
import { freshAtSite } from './havoc';

export type Retry = (s: State) => Promise<Successor[]>;

/** As checkAll over obligations; a failed permission also continues, healed, through `retry`. */
export async function checkHealing(
  ctx: EngineContext,
  s: State,
  obligations: readonly Obligation[],
  retry: Retry,
): Promise<PropertyOutcome> {
  const leaves: Successor[] = [];
  let cur: State | undefined = s;
  for (const o of obligations) {
    if (!cur) break;
    const p = obligationProperty(o);
    const out = await checkProperty(ctx, cur, p.cond, p.site, p.reason);
    const failed = out.leaves.some((l) => l.state.status === 'failed');
    if (o.heal && failed) {
      leaves.push(...(await withNullNote(ctx, cur, o, out.leaves)));
      const healed = await heal(ctx, cur, o);
      if (healed) leaves.push(...(await retry(healed)));
    } else {
      leaves.push(...out.leaves);
    }
    cur = out.next;
  }
  return { leaves, next: cur };
}

/** The failure's message says "c may be null" when the receiver can be null there. */
async function withNullNote(ctx: EngineContext, s: State, o: Obligation, leaves: Successor[]): Promise<Successor[]> {
  const T = ctx.T;
  const receiver = o.heal!.receiver;
  const isNull = await ask(ctx, s, T.and(T.not(o.cond), T.eq(receiver, T.constOf(0n, receiver.sort))));
  if (isNull.status !== 'sat') return leaves;
  const object = o.heal!.display.replace(/\.[A-Za-z_][A-Za-z0-9_]*$/, '');
  return leaves.map((l) => {
    if (l.state.status !== 'failed' || !l.state.failure) return l;
    // The counterexample shows what the message says: a null receiver.
    const failure = {
      ...l.state.failure,
      message: `${l.state.failure.message} (${object} may be null)`,
      model: isNull.model ?? l.state.failure.model,
    };
    return { state: { ...l.state, failure }, label: { kind: 'failure', failure } };
  });
}

/** The side where the permission was missing, with the chunk assumed held; undefined when that side is impossible. */
async function heal(ctx: EngineContext, s: State, o: Obligation): Promise<State | undefined> {
  const T = ctx.T;
  const { receiver, field, type, display } = o.heal!;
  const notNull = T.not(T.eq(receiver, T.constOf(0n, receiver.sort)));
  // Held means held once: the assumed chunk is none of those folded inside held instances either.
  const folded = allFieldChunks(s.heap ?? EMPTY_HEAP, field).map((x) => T.neq(receiver, x.receiver));
  const side: Term = T.and(T.not(o.cond), notNull, ...folded);
  const r = await ask(ctx, s, side);
  if (r.status !== 'sat') return undefined;
  const assumed = assumeConjunct(
    s,
    side,
    o.span,
    `acc(${display}) assumed after the permission failure at line ${o.span.line}`,
    r,
  );
  const fresh = freshAtSite(
    ctx,
    assumed,
    `${display}@${o.span.line}`,
    type,
    `value of ${display} assumed at line ${o.span.line}`,
    o.span,
  );
  // The assumed value is not an input: a concrete run stops at the failure.
  const chunk = {
    kind: 'field' as const,
    receiver,
    field,
    value: fresh.value,
    origin: { span: o.span, reason: `assumed after the permission failure at line ${o.span.line}` },
  };
  return { ...fresh.state, inputs: s.inputs, heap: withChunk(fresh.state.heap ?? EMPTY_HEAP, chunk) };
}
