// `join φ;` where φ holds permissions (docs/design.md B.5, D.10). On arrival every path consumes φ on a
// copy of its heap: a missing chunk is a `permission` failure, a pure part that may fail a `join`
// failure; the path then waits with its whole heap and the chunks φ took (`joinTaken`). After
// the merge (rules/join/joins.ts, rules/heap/joinHeaps.ts) the summary holds the chunks every path kept, and this
// step produces φ into it: a chunk identical on every path is reused with its value, any other
// gets a fresh value, and φ's pure parts are assumed (they held on every path).

import type { Expr, Join } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { Heap } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { consume } from './consume';
import { envOf } from './frames';
import { freshAtSite } from './havoc';
import { produce } from './produce';
import { conjuncts, type Conjunct } from './heap/assertions';
import type { Term } from '../terms/term';
import { varNames, withSummaries, type JoinRecord } from '../state/joinRecord';

function exprOf(c: Conjunct): Expr {
  return c.kind === 'acc' ? c.acc : c.kind === 'pred' ? c.call : c.kind === 'qacc' ? c.quant : c.expr;
}

/** Consumes φ on a copy; every way through waits at the join with the chunks φ took. */
export async function arriveWithHeap(
  ctx: EngineContext,
  s: State,
  st: Join,
  waiting: (next: State) => Successor,
): Promise<Successor[]> {
  const line = st.span.line;
  const out = await consume(ctx, s, [st.cond!], {
    env: envOf(ctx, s),
    pureSite: (e) => ({ kind: 'join', span: st.span, message: printExpr(e, 200) }),
    accSite: (a) => ({
      kind: 'permission',
      span: st.span,
      message: `join at line ${line} needs ${printExpr(a)}, which is not held on this path`,
    }),
    predSite: (c) => ({
      kind: 'permission',
      span: st.span,
      message: `join at line ${line} needs ${printExpr(c)}, which is not held on this path`,
    }),
    reason: `join at line ${line}`,
  });
  return [...out.leaves, ...out.outs.map((o) => waiting({ ...o.state, heap: s.heap, joinTaken: o.removed }))];
}

/** After the merge: produce φ into the summary's heap, reusing the chunks in `reuse` (the merge shows them held already). */
export async function produceAtJoin(ctx: EngineContext, s: State, join: Join, reuse: Heap): Promise<Successor[]> {
  const line = join.span.line;
  const held = (s.heap ?? []).filter((c) => !reuse.includes(c));
  // Every path checked φ in its heap with all of φ's chunks (a consume reads at its start), so
  // the summary produces φ's permissions first and then reads its pure parts.
  const parts = conjuncts(join.cond!, (n) => ctx.checked.predicates.has(n));
  const perms = parts.filter((c) => c.kind !== 'pure').map(exprOf);
  const pure = parts.filter((c) => c.kind === 'pure').map(exprOf);
  const names: { symbol: Term; name: string }[] = [];
  const out = await produce(ctx, { ...s, heap: held }, [...perms, ...pure], {
    consume,
    envAt: (st) => envOf(ctx, st),
    naming: (st, display, type) => {
      const fresh = freshAtSite(
        ctx,
        st,
        `${display}@${line}`,
        type,
        `${display} summarised at the join at line ${line}`,
        join.span,
      );
      names.push(...varNames(display, fresh.value));
      return fresh;
    },
    checkObligations: false,
    reason: `join summary (line ${line})`,
    reuse,
    guardedFacts: true,
  });
  return [
    ...out.leaves,
    ...out.nexts.map((state) => ({ state: recordChunks(state, s.heap ?? [], names), label: STEP })),
  ];
}

/** φ's chunks the produce made (not reused: their values are fresh) join the merge's record as summaries. */
function recordChunks(s: State, before: Heap, names: JoinRecord['names']): State {
  if (!s.lastJoin) return s;
  const made = (s.heap ?? []).filter((c) => !before.includes(c));
  return {
    ...s,
    lastJoin: withSummaries(
      s.lastJoin,
      made.map((chunk) => ({ kind: 'chunk' as const, chunk })),
      names,
    ),
  };
}
