// `fold q(ē);` and `unfold q(ē);` (design B.5). Fold consumes q's body with the parameters
// bound (a pure part that may fail is a `fold` failure, a missing permission a `permission`
// failure) and adds the instance, whose fragment is exactly the chunks taken. Unfold takes
// the instance (missing: `permission`) and puts its fragment back, values unchanged.

import type { Fold } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state';
import { evalTerm, type Obligation } from '../symbolicEval';
import { EMPTY_HEAP, withChunk } from '../heap/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { consume } from './consume';
import { envFrom, envOf, withHeaps } from './frames';
import { checkHealing } from './heal';

function instanceText(st: Fold): string {
  return `${st.pred.callee}(${st.pred.args.map((a) => printExpr(a, 60)).join(', ')})`;
}

export async function foldStmt(ctx: EngineContext, s: State, st: Fold): Promise<Successor[]> {
  const decl = ctx.checked.predicates.get(st.pred.callee);
  if (!decl) throw new Error(`internal: unknown predicate ${st.pred.callee}`);
  const obligations: Obligation[] = [];
  const env = envOf(ctx, s);
  const args = st.pred.args.map((a) => evalTerm(a, env, obligations));
  const checked = await checkHealing(ctx, s, obligations, (h) => foldStmt(ctx, h, st));
  if (!checked.next) return checked.leaves;
  const cur = checked.next;
  const params = new Map(decl.params.map((p, i) => [p.name, args[i]]));
  const heap = cur.heap ?? EMPTY_HEAP;
  const instance = instanceText(st);
  const out = await consume(ctx, cur, [decl.body], {
    env: withHeaps(envFrom(ctx, (n) => params.get(n)), heap, heap),
    pureSite: (e) => ({ kind: 'fold', span: st.span, message: `${instance}: ${printExpr(e, 200)}` }),
    accSite: (a) => ({ kind: 'permission', span: st.span, message: `fold ${instance} needs ${printExpr(a)}, which is not held` }),
    predSite: (c) => ({ kind: 'permission', span: st.span, message: `fold ${instance} needs ${printExpr(c)}, which is not held` }),
    reason: `fold ${instance}`,
  });
  const succ: Successor[] = [...checked.leaves, ...out.leaves];
  for (const o of out.outs) {
    const chunk = { kind: 'pred' as const, name: decl.name, args, fragment: o.removed, origin: { span: st.span, reason: `fold at line ${st.span.line}` } };
    succ.push({ state: { ...o.state, heap: withChunk(o.state.heap ?? EMPTY_HEAP, chunk) }, label: STEP });
  }
  return succ;
}

export async function unfoldStmt(ctx: EngineContext, s: State, st: Fold): Promise<Successor[]> {
  const instance = instanceText(st);
  const out = await consume(ctx, s, [st.pred], {
    env: envOf(ctx, s),
    pureSite: (e) => ({ kind: 'assert', span: st.span, message: printExpr(e) }),
    accSite: (a) => ({ kind: 'permission', span: st.span, message: `unfold ${instance} needs ${printExpr(a)}` }),
    predSite: () => ({ kind: 'permission', span: st.span, message: `unfold ${instance}: the instance is not held` }),
    reason: `unfold ${instance}`,
  });
  const succ: Successor[] = [...out.leaves];
  for (const o of out.outs) {
    const taken = o.removed[0];
    const fragment = taken && taken.kind === 'pred' ? taken.fragment : [];
    succ.push({ state: { ...o.state, heap: [...(o.state.heap ?? EMPTY_HEAP), ...fragment] }, label: STEP });
  }
  return succ;
}
