// A field permission a consume (rules/consume.ts) finds missing (docs/design.md B.6): the
// `permission` failure, with a model showing why (an alias this consume already took, a receiver
// that may be null), and the path that goes on as if the chunk had been held, with a fresh value.
// Apart from consume.ts so that each stays one idea and under ~400 lines.

import type { Acc, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { distinctRefs } from './heap/alias';
import { allFieldChunks, EMPTY_HEAP, type Chunk, type FieldChunk } from '../state/chunks';
import { ask, assumeConjunct } from './checks';
import type { EngineContext, Successor } from './context';
import { freshAtSite } from './havoc';
import type { ConsumeHow } from './judgements';

/** The chunks a consume took so far, and which of its conjuncts took each. */
export interface Taken {
  readonly removed: readonly Chunk[];
  readonly by: (chunk: Chunk) => Acc | undefined;
}

/**
 * Why a permission may be missing when this very consume took the object's chunk already
 * (`setBoth requires acc(b.x) (line 9), which is not held: b == a here, and acc(a.x) took it
 * first`, docs/design.md B.6), with a model that shows the alias; undefined when no taken chunk can be it.
 */
async function takenFirst(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  notHeld: Term,
  taken: Taken,
): Promise<{ note: string; model: State['model'] } | undefined> {
  const target = acc.target as FieldRead;
  for (const chunk of taken.removed) {
    const by = taken.by(chunk);
    if (chunk.kind !== 'field' || chunk.field !== target.field || !by || distinctRefs(chunk.receiver, receiver))
      continue;
    const same = await ask(ctx, s, ctx.T.and(notHeld, ctx.T.eq(receiver, chunk.receiver)));
    if (same.status !== 'sat') continue;
    const other = (by.target as FieldRead).object;
    return {
      note: `: ${printExpr(target.object)} == ${printExpr(other)} here, and ${printExpr(by)} took it first`,
      model: same.model,
    };
  }
  return undefined;
}

/** The permission failure, and the path that goes on as if the chunk (with a fresh value) had been held. */
export async function missingChunk(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  held: Term,
  taken: Taken,
  how: ConsumeHow,
  leaves: Successor[],
  k: (s: State, chunk: FieldChunk) => Promise<void>,
  missingModel: State['model'],
): Promise<void> {
  const T = ctx.T;
  const removed = taken.removed;
  const notHeld = T.not(held);
  const isNull = await ask(ctx, s, T.and(notHeld, T.eq(receiver, T.constOf(0n, receiver.sort))));
  const target = acc.target as FieldRead;
  const site = { ...how.accSite(acc), missing: { kind: 'field' as const, receiver, field: target.field } };
  const alias = await takenFirst(ctx, s, acc, receiver, notHeld, taken);
  // The counterexample shows what the message says: the alias, or a null receiver when it may be null.
  const model = alias?.model ?? (isNull.status === 'sat' ? isNull.model : missingModel);
  const message = alias
    ? `${site.message}${alias.note}`
    : isNull.status === 'sat'
      ? `${site.message} (${printExpr(target.object)} may be null)`
      : site.message;
  const failure = { ...site, message, model, modelStatus: 'sat' as const };
  const failed: State = { ...assumeConjunct(s, notHeld, site.span, `${message} fails`), status: 'failed', failure };
  leaves.push({ state: failed, label: { kind: 'failure', failure } });
  // Held means held once: the assumed chunk is not one this consume already took.
  // Nor one folded inside a held instance (or one this consume took).
  const apart = allFieldChunks([...removed, ...(s.heap ?? EMPTY_HEAP)], target.field).map((x) =>
    T.neq(receiver, x.receiver),
  );
  const side = T.and(notHeld, T.neq(receiver, T.constOf(0n, receiver.sort)), ...apart);
  const r = await ask(ctx, s, side);
  if (r.status !== 'sat') return;
  const healed = assumeConjunct(
    s,
    side,
    site.span,
    `${printExpr(acc)} assumed after the permission failure at line ${site.span.line}`,
    r,
  );
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const display = printExpr(target, 200);
  const fresh = freshAtSite(
    ctx,
    healed,
    `${display}@${site.span.line}`,
    type,
    `value of ${display} assumed at line ${site.span.line}`,
    site.span,
  );
  const chunk: FieldChunk = {
    kind: 'field',
    receiver,
    field: target.field,
    value: fresh.value,
    origin: { span: site.span, reason: `assumed after the permission failure at line ${site.span.line}` },
  };
  // The assumed value is not an input: a concrete run stops at the failure.
  await k({ ...fresh.state, inputs: healed.inputs }, chunk);
}
