// Taking and joining parts of a predicate instance (docs/design.md "Fractions of predicate
// instances"). Consuming `acc(q(ē), p)` takes p from the instance found for ē: the part goes
// where the consume puts it (a callee, a fold, an unfold), the rest stays with the same
// snapshot or values; holding certainly less is a `permission` failure saying how much was
// needed and held, and the path goes on as if it had been held (B.6), as for a field.
// Producing or folding a part of an instance the heap holds a part of (the same argument
// terms) joins them in one chunk, and the two are one instance: equal snapshots, equal values
// (Silicon's merge of predicate chunks), so two halves folded apart unfold as one whole.
// Symbolic amounts (a perm expression) are decided by the solver, as for a field.

import type { Call } from '../../lang/ast';
import { addAmounts, covers, held, isNone, isSymbolic, minus, NONE, printAmount, type Amount } from '../state/amounts';
import { printExpr } from '../../lang/printer';
import { ZERO } from '../../lang/rational';
import { realLit } from '../terms/reals';
import { sameQuantValues } from '../state/quantifiedChunks';
import { amountTerm, freshAmount } from './heap/symAmounts';
import { addSymbolic, instancePart, termAmount } from './heap/symInstances';
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
  if (isSymbolic(chunk.amount) || isSymbolic(need)) return takeSymbolic(ctx, s, { chunk, call, need, how }, leaves, k);
  const have = held(chunk.amount);
  const want = held(need);
  if (covers(have, want)) {
    const left = minus(have, want);
    const rest = isNone(left) ? withoutChunk(heap, chunk) : replaceChunk(heap, chunk, instanceAt(ctx.T, chunk, left));
    return k({ ...s, heap: rest }, instanceAt(ctx.T, chunk, want));
  }
  const site = how.predSite(call);
  // The site's own words stay first (Viper's error ids are read from them, lang/viper/errorIds.ts).
  const message = `${site.message}: it needs ${printAmount(need)} of it, and ${printAmount(have)} is held`;
  const missing = { kind: 'pred' as const, name: chunk.name, args: chunk.args };
  const out = await checkProperty(ctx, s, ctx.T.falseTerm, { ...site, message, missing }, `${message} fails`);
  leaves.push(...out.leaves);
  await k({ ...s, heap: withoutChunk(heap, chunk) }, instanceAt(ctx.T, chunk, want));
}

/**
 * Takes `need` out of `chunk` where either amount is symbolic: the solver must prove it held
 * (else a `permission` failure, and the path goes on with it assumed); a wildcard takes a fresh
 * amount strictly below what is held (Silicon's). What is left may be none: the chunk stays.
 */
async function takeSymbolic(
  ctx: EngineContext,
  s0: State,
  taking: { chunk: PredChunk; call: Call; need: Amount | undefined; how: ConsumeHow },
  leaves: Successor[],
  k: (s: State, part: Chunk) => Promise<void>,
): Promise<void> {
  const { chunk, call, need, how } = taking;
  const T = ctx.T;
  const have = amountTerm(T, chunk.amount);
  let p = amountTerm(T, need);
  const wildcard = need?.above === true && !need.sym;
  const site = how.predSite(call);
  const message = `${site.message}: it needs ${printAmount(need)} of it, and less may be held`;
  const missing = { kind: 'pred' as const, name: chunk.name, args: chunk.args };
  const enough = wildcard ? T.lt(p, have) : T.le(p, have);
  const out = await checkProperty(ctx, s0, enough, { ...site, message, missing }, `${message} fails`);
  leaves.push(...out.leaves);
  if (!out.next) return;
  let s = out.next;
  if (wildcard) {
    const w = freshAmount(T, `the wildcard of ${printExpr(call)}`);
    p = T.add(p, w);
    s = assumeConjunct(s, T.and(T.lt(realLit(T, ZERO), w), T.lt(p, have)), call.span, 'a wildcard amount');
  }
  const left = termAmount(T.sub(have, p));
  const taken = termAmount(p);
  const heap = s.heap ?? EMPTY_HEAP;
  const rest = left === 'none' ? withoutChunk(heap, chunk) : replaceChunk(heap, chunk, instancePart(T, chunk, left));
  await k({ ...s, heap: rest }, instancePart(T, chunk, taken === 'none' ? NONE : taken));
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
    } else if (x.kind === 'qfield' && y.kind === 'qfield' && x.field === y.field) {
      out.push(sameQuantValues(T, x, y));
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
  const joined =
    isSymbolic(same.amount) || isSymbolic(c.amount)
      ? // Scaled from a part not known to be none where there is one: a fragment at none holds nothing.
        instancePart(ctx.T, isSymbolic(same.amount) ? c : same, addSymbolic(ctx.T, same.amount, c.amount))
      : instanceAt(ctx.T, same, addAmounts(held(same.amount), held(c.amount)));
  // A symbolic part may be none (what a whole unfold leaves, say): its contents are then stale.
  const T = ctx.T;
  const bothHeld = T.and(
    ...[same, c].filter((x) => isSymbolic(x.amount)).map((x) => T.lt(realLit(T, ZERO), x.amount!.sym!)),
  );
  const st = facts.reduce(
    (k, t) => assumeConjunct(k, T.implies(bothHeld, t), span, `${reason}: one instance, one content`),
    s,
  );
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
