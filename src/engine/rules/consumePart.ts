// Consuming a fraction of a field chunk (docs/design.md "Permission amounts"): the part named
// is taken and the rest stays; a chunk that certainly holds less is a `permission` failure that
// says how much was needed and how much was held, and the path goes on as if it had been held
// (docs/design.md B.6), so one run finds every failure.

import type { Acc, FieldRead } from '../../lang/ast';
import { printAmount, WRITE } from '../state/amounts';
import { EMPTY_HEAP, replaceChunk, withoutChunk, type FieldChunk } from '../state/chunks';
import type { State } from '../state/state';
import { checkProperty } from './checks';
import type { EngineContext, Successor } from './context';
import { accAmount, takePart } from './heap/fractions';
import type { ConsumeHow } from './judgements';

export async function takeAmount(
  ctx: EngineContext,
  s: State,
  chunk: FieldChunk,
  acc: Acc,
  how: ConsumeHow,
  leaves: Successor[],
  k: (s: State, part: FieldChunk) => Promise<void>,
): Promise<void> {
  const need = accAmount(acc);
  const heap = s.heap ?? EMPTY_HEAP;
  const t = takePart(chunk, need);
  if (t.ok) return k({ ...s, heap: t.left ? replaceChunk(heap, chunk, t.left) : withoutChunk(heap, chunk) }, t.part);
  const site = how.accSite(acc);
  const target = acc.target as FieldRead;
  const message = `${site.message.replace(/, which is not held$/, '')}: it needs ${printAmount(need)}, and ${printAmount(t.holds)} is held`;
  const missing = { kind: 'field' as const, receiver: chunk.receiver, field: target.field, need: need ?? WRITE };
  const out = await checkProperty(ctx, s, ctx.T.falseTerm, { ...site, message, missing }, `${message} fails`);
  leaves.push(...out.leaves);
  await k({ ...s, heap: withoutChunk(heap, chunk) }, { ...chunk, amount: need });
}
