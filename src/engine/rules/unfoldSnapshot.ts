// `unfold q(ē);` of an instance that carries a snapshot (a recursive predicate, docs/design.md B.5):
// the body's chunks are derived from the snapshot (rules/heap/snapshots.ts), one path per way the
// body can hold that may be true; each chunk's receiver is not null and differs from the
// other receivers of its field (a receiver already held makes the path infeasible), and the
// body's pure parts are assumed, without a solver call (as produce does).

import type { Expr, Fold } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State, SymValue } from '../state/state';
import { evalExpr } from './eval';
import type { Term } from '../terms/term';
import { distinctRefs, sameRef } from './heap/alias';
import { allFieldChunks, EMPTY_HEAP, type Heap, type PredChunk } from '../state/chunks';
import { unfoldInstance, type Unfolded } from './heap/snapshots';
import { ask, assumeConjunct, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { envFrom, withHeaps } from './frames';
import { chunksAtPart } from './heap/symInstances';
import { placeChunks } from './placeChunks';

function waysOf(ctx: EngineContext, taken: PredChunk, origin: PredChunk['origin']): Unfolded[] {
  const decl = ctx.checked.predicates.get(taken.name)!;
  const params = new Map(decl.params.map((p, i) => [p.name, taken.args[i] as SymValue]));
  const evalIn = (h: Heap, e: Expr): SymValue =>
    evalExpr(
      e,
      withHeaps(
        envFrom(ctx, (n) => params.get(n)),
        h,
        h,
      ),
      [],
    );
  return unfoldInstance(
    { T: ctx.T, types: ctx.checked.exprTypes, isPred: (n) => ctx.checked.predicates.has(n), evalIn, origin },
    decl,
    taken,
  );
}

/** What holding a recursive instance says without unfolding it: one of its ways holds (e.g. `list(l)` implies `l != null`). */
export function instanceFacts(ctx: EngineContext, c: PredChunk): Term {
  const T = ctx.T;
  return T.or(...waysOf(ctx, c, c.origin).map((w) => T.and(w.cond, ...w.facts)));
}

export async function unfoldSnapshot(ctx: EngineContext, s: State, st: Fold, taken: PredChunk): Promise<Successor[]> {
  const T = ctx.T;
  const ways = waysOf(ctx, taken, { span: st.span, reason: `unfold at line ${st.span.line}` });
  const instance = printExpr(st.pred, 200);
  const out: Successor[] = [];
  for (const way of ways) {
    let cur = s;
    if (!(way.cond.op === 'const' && way.cond.value === true)) {
      const r = await ask(ctx, s, way.cond);
      if (r.status === 'unknown') {
        out.push(unknownLeaf(s, r, `which way ${instance} unfolds`));
        continue;
      }
      if (r.status === 'unsat') continue;
      cur = assumeConjunct(s, way.cond, st.span, `unfold ${instance}: this way of its body`, r);
    }
    if (taken.amount || way.chunks.some((c) => c.kind !== 'qfield' && c.amount)) {
      // A part of the instance, or a body holding parts: its chunks at that part, joined to
      // parts already held (placeChunks.ts), never simply beside them as whole chunks are.
      const known = way.facts.reduce((k, f) => assumeConjunct(k, f, st.span, `unfold ${instance}`), cur);
      const chunks = chunksAtPart(T, way.chunks, taken.amount);
      for (const next of await placeChunks(ctx, known, chunks, st.span, `unfold ${instance}`, out))
        out.push({ state: next, label: STEP });
      continue;
    }
    const heap = cur.heap ?? EMPTY_HEAP;
    const facts: Term[] = [...way.facts];
    let twice = false;
    for (const c of way.chunks) {
      if (c.kind !== 'field') continue;
      const others = allFieldChunks(heap, c.field);
      if (others.some((o) => sameRef(o.receiver, c.receiver))) twice = true;
      for (const o of others) if (!distinctRefs(o.receiver, c.receiver)) facts.push(T.neq(c.receiver, o.receiver));
    }
    if (twice) {
      out.push({
        state: { ...cur, status: 'infeasible', note: `unfold ${instance}: a permission would be held twice` },
        label: STEP,
      });
      continue;
    }
    for (const f of facts) cur = assumeConjunct(cur, f, st.span, `unfold ${instance}`);
    out.push({ state: { ...cur, heap: [...heap, ...way.chunks] }, label: STEP });
  }
  return out;
}
