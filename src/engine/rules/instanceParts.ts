// Taking and joining parts of a predicate instance (docs/design.md "Fractions of predicate
// instances"). Consuming `acc(q(ē), p)` takes p from the instance found for ē: the part goes
// where the consume puts it (a callee, a fold, an unfold), the rest stays with the same
// snapshot or values; holding certainly less is a `permission` failure saying how much was
// needed and held, and the path goes on as if it had been held (B.6), as for a field.
// Producing or folding a part of an instance the heap holds a part of (the same argument
// terms) joins them in one chunk, and the two are one instance: equal snapshots, equal values
// (Silicon's merge of predicate chunks), so two halves folded apart unfold as one whole.

import type { Call } from '../../lang/ast';
import { addAmounts, covers, held, isNone, minus, printAmount, type Amount } from '../state/amounts';
import { EMPTY_HEAP, replaceChunk, withChunk, withoutChunk, type Chunk, type PredChunk } from '../state/chunks';
import { instanceAt } from '../state/instanceAmounts';
import { isSymArray, type State } from '../state/state';
import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';
import { assumeConjunct, checkProperty } from './checks';
import type { EngineContext, Successor } from './context';
import { snapshotOf } from './heap/snapshots';
import type { ConsumeHow } from './judgements';

/** Takes `need` (undefined: all of it) out of the instance `chunk`; the part goes to `k`. */
export async function takeInstance(
  ctx: EngineContext,
  s: State,
  chunk: PredChunk,
  call: Call,
  need: Amount | undefined,
  how: ConsumeHow,
  leaves: Successor[],
  k: (s: State, part: Chunk) => Promise<void>,
): Promise<void> {
  const heap = s.heap ?? EMPTY_HEAP;
  const have = held(chunk.amount);
  const want = held(need);
  if (covers(have, want)) {
    const left = minus(have, want);
    const rest = isNone(left) ? withoutChunk(heap, chunk) : replaceChunk(heap, chunk, instanceAt(chunk, left));
    return k({ ...s, heap: rest }, instanceAt(chunk, want));
  }
  const site = how.predSite(call);
  // The site's own words stay first (Viper's error ids are read from them, lang/viper/errorIds.ts).
  const message = `${site.message}: it needs ${printAmount(need)} of it, and ${printAmount(have)} is held`;
  const missing = { kind: 'pred' as const, name: chunk.name, args: chunk.args };
  const out = await checkProperty(ctx, s, ctx.T.falseTerm, { ...site, message, missing }, `${message} fails`);
  leaves.push(...out.leaves);
  await k({ ...s, heap: withoutChunk(heap, chunk) }, instanceAt(chunk, want));
}

/** The facts that `a` and `b`, parts of one instance, hold the same contents (undefined: their shapes differ). */
function sameContents(ctx: EngineContext, a: PredChunk, b: PredChunk): Term[] | undefined {
  const T = ctx.T;
  if (a.snapshot && b.snapshot) return [T.eq(a.snapshot, b.snapshot)];
  const fa = a.fragment;
  const fb = b.fragment;
  if (!fa || !fb || fa.length !== fb.length) return undefined;
  const out: Term[] = [];
  for (let i = 0; i < fa.length; i++) {
    const x = fa[i];
    const y = fb[i];
    if (x.kind === 'field' && y.kind === 'field') {
      if (x.field !== y.field || x.receiver !== y.receiver) return undefined;
      if (!isSymArray(x.value) && !isSymArray(y.value)) out.push(T.eq(x.value, y.value));
    } else if (x.kind === 'pred' && y.kind === 'pred' && x.name === y.name) {
      out.push(T.eq(snapshotOf(T, x), snapshotOf(T, y)));
    } else return undefined;
  }
  return out;
}

/**
 * `s` with the instance `c` added: joined to a chunk of the same instance (the same argument
 * terms) when either is a part, else added beside the others as a whole instance always was.
 */
export function joinInstance(ctx: EngineContext, s: State, c: PredChunk, span: Span, reason: string): State {
  const heap = s.heap ?? EMPTY_HEAP;
  const same = heap.find(
    (o): o is PredChunk =>
      o.kind === 'pred' &&
      o.name === c.name &&
      (o.amount !== undefined || c.amount !== undefined) &&
      o.args.every((a, i) => a === c.args[i]),
  );
  const facts = same && sameContents(ctx, same, c);
  if (!same || !facts) return { ...s, heap: withChunk(heap, c) };
  const joined = instanceAt(same, addAmounts(held(same.amount), held(c.amount)));
  const st = facts.reduce((k, t) => assumeConjunct(k, t, span, `${reason}: one instance, one content`), s);
  return { ...st, heap: replaceChunk(heap, same, joined) };
}

/** `s` with the parts of one instance in its heap joined (after a call or a loop gives parts back). */
export function joinParts(ctx: EngineContext, s: State, span: Span, reason: string): State {
  const heap = s.heap;
  if (!heap || !heap.some((c) => c.kind === 'pred' && c.amount !== undefined)) return s;
  let st: State = { ...s, heap: EMPTY_HEAP };
  for (const c of heap)
    st = c.kind === 'pred' ? joinInstance(ctx, st, c, span, reason) : { ...st, heap: withChunk(st.heap!, c) };
  return st;
}
