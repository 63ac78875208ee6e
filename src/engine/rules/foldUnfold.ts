// `fold q(ē);` and `unfold q(ē);` (docs/design.md B.5). Fold consumes q's body with the parameters
// bound (a pure part that may fail is a `fold` failure, a missing permission a `permission`
// failure) and adds the instance, whose fragment is exactly the chunks taken. Unfold takes
// the instance (missing: `permission`) and puts its fragment back, values unchanged. A part
// `acc(q(ē), p)` must be positive; a symbolic p scales the body by names bound to a·p
// (heap/symInstances.ts).

import type { Expr, Fold } from '../../lang/ast';
import { isNone, type Amount } from '../state/amounts';
import { scaleAssertion } from './heap/scaleAssertion';
import { partValue, showParts } from './heap/symInstances';
import { instanceAmount } from './instanceAmount';
import { joinInstance } from './instanceParts';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import { evalTerm, type Obligation } from './eval';
import type { Term } from '../terms/term';
import { EMPTY_HEAP } from '../state/chunks';
import { STEP, type EngineContext, type Successor } from './context';
import { consume, type ConsumeHow } from './consume';
import { recursion } from './heap/recursion';
import { bodyShape, buildSnapshot, snapshotOf } from './heap/snapshots';
import { unfoldSnapshot } from './unfoldSnapshot';
import type { SymValue } from '../state/state';
import { ask, assumeConjunct, unknownLeaf } from './checks';
import { checkObligations } from './evalChecked';
import { envFrom, envOf, withHeaps } from './frames';
import { checkHealing } from './heal';
import { placeChunks } from './placeChunks';

function instanceText(st: Fold): string {
  return `${st.pred.callee}(${st.pred.args.map((a) => printExpr(a, 60)).join(', ')})`;
}

export async function foldStmt(ctx: EngineContext, s0: State, st: Fold): Promise<Successor[]> {
  const early: Successor[] = [];
  const part = await instanceAmount(ctx, s0, st.amount, envOf(ctx, s0), st.span, true, early);
  if (!part) return early;
  const { s, amount } = part;
  if (amount && isNone(amount)) return [...early, { state: s, label: STEP }];
  const decl = ctx.checked.predicates.get(st.pred.callee);
  if (!decl) throw new Error(`internal: unknown predicate ${st.pred.callee}`);
  const obligations: Obligation[] = [];
  const env = envOf(ctx, s);
  const args = st.pred.args.map((a) => evalTerm(a, env, obligations));
  const checked = await checkHealing(ctx, s, obligations, (h) => foldStmt(ctx, h, st));
  checked.leaves.unshift(...early);
  if (!checked.next) return checked.leaves;
  const cur = checked.next;
  const params = new Map(decl.params.map((p, i) => [p.name, args[i]]));
  const heap = cur.heap ?? EMPTY_HEAP;
  const instance = instanceText(st);
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  const shown = (text: string): string => (st.amount ? showParts(text, printExpr(st.amount)) : text);
  const how: ConsumeHow = {
    env: withHeaps(
      envFrom(ctx, (n) => params.get(n) ?? partValue(ctx.T, n, amount)),
      heap,
      heap,
    ),
    pureSite: (e) => ({ kind: 'fold', span: st.span, message: `${instance}: ${shown(printExpr(e, 200))}` }),
    accSite: (a) => ({
      kind: 'permission',
      span: st.span,
      message: `fold ${instance} needs ${shown(printExpr(a))}, which is not held`,
    }),
    predSite: (c) => ({
      kind: 'permission',
      span: st.span,
      message: `fold ${instance} needs ${shown(printExpr(c))}, which is not held`,
    }),
    reason: `fold ${instance}`,
  };
  if (recursion(ctx.checked).predicates.has(decl.name))
    return [...checked.leaves, ...(await foldRecursive(ctx, cur, st, args, how, amount))];
  const out = await consume(ctx, cur, [scaleAssertion(decl.body, amount, isPred)], how);
  const succ: Successor[] = [...checked.leaves, ...out.leaves];
  for (const o of out.outs) {
    const chunk = {
      kind: 'pred' as const,
      name: decl.name,
      args,
      fragment: o.removed,
      ...(amount ? { amount } : {}),
      origin: { span: st.span, reason: `fold at line ${st.span.line}` },
    };
    succ.push({ state: joinInstance(ctx, o.state, chunk, st.span, `fold ${instance}`), label: STEP });
  }
  return succ;
}

export async function unfoldStmt(ctx: EngineContext, s0: State, st: Fold): Promise<Successor[]> {
  const instance = instanceText(st);
  const early: Successor[] = [];
  const checkedPart = await instanceAmount(ctx, s0, st.amount, envOf(ctx, s0), st.span, true, early);
  if (!checkedPart) return early;
  const { s, amount } = checkedPart;
  if (amount && isNone(amount)) return [...early, { state: s, label: STEP }];
  const part: Expr = st.amount ? { kind: 'acc', target: st.pred, amount: st.amount, span: st.span } : st.pred;
  const out = await consume(ctx, s, [part], {
    env: envOf(ctx, s),
    pureSite: (e) => ({ kind: 'assert', span: st.span, message: printExpr(e) }),
    accSite: (a) => ({ kind: 'permission', span: st.span, message: `unfold ${instance} needs ${printExpr(a)}` }),
    predSite: () => ({ kind: 'permission', span: st.span, message: `unfold ${instance}: the instance is not held` }),
    reason: `unfold ${instance}`,
  });
  const succ: Successor[] = [...early, ...out.leaves];
  for (const o of out.outs) {
    const taken = o.removed[0];
    if (taken && taken.kind === 'pred' && taken.snapshot) {
      succ.push(...(await unfoldSnapshot(ctx, o.state, st, taken)));
      continue;
    }
    const fragment = taken && taken.kind === 'pred' ? (taken.fragment ?? []) : [];
    for (const next of await placeChunks(ctx, o.state, fragment, st.span, `unfold ${instance}`, succ))
      succ.push({ state: next, label: STEP });
  }
  return succ;
}

/**
 * Fold of a recursive predicate: each way its body can hold (rules/heap/snapshots.ts alternatives)
 * whose conditions may be true in the heap at the start is consumed on its own path, and the
 * instance gets the snapshot built from the values and snapshots taken.
 */
async function foldRecursive(
  ctx: EngineContext,
  s: State,
  st: Fold,
  args: readonly Term[],
  how: ConsumeHow,
  amount: Amount | undefined,
): Promise<Successor[]> {
  const T = ctx.T;
  const decl = ctx.checked.predicates.get(st.pred.callee)!;
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  const shape = bodyShape(decl, isPred);
  const obligations: Obligation[] = [];
  // A test is read only where the tests before it in its way hold (`k == 1 ==> … (x.p.r != null ==> …)`).
  const conds = shape.alternatives.map((alt) =>
    alt.reduce((before, i) => {
      if (i.kind !== 'cond') return before;
      const own: Obligation[] = [];
      const t = evalTerm(i.expr, how.env, own);
      obligations.push(...own.map((o) => ({ ...o, cond: T.implies(before, o.cond) })));
      return T.and(before, i.positive ? t : T.not(t));
    }, T.trueTerm),
  );
  const checked = await checkObligations(ctx, s, obligations);
  const succ: Successor[] = [...checked.leaves];
  if (!checked.next) return succ;
  const cur = checked.next;
  const instance = instanceText(st);
  for (const [k, alt] of shape.alternatives.entries()) {
    const cond = conds[k];
    if (cond.op === 'const' && cond.value === false) continue;
    let side = cur;
    if (!(cond.op === 'const' && cond.value === true)) {
      const r = await ask(ctx, cur, cond);
      if (r.status === 'unknown') {
        succ.push(unknownLeaf(cur, r, `which way ${instance} is folded`));
        continue;
      }
      if (r.status === 'unsat') continue;
      side = assumeConjunct(cur, cond, st.span, `fold ${instance}: this way of its body`, r);
    }
    const parts = alt.flatMap((i) =>
      i.kind === 'acc'
        ? [scaleAssertion(i.acc, amount, isPred)]
        : i.kind === 'pred'
          ? [scaleAssertion(i.call, amount, isPred)]
          : i.kind === 'pure'
            ? [i.expr]
            : [],
    );
    const slots = alt.flatMap((i) => (i.kind === 'acc' || i.kind === 'pred' ? [i.slot] : []));
    const out = await consume(ctx, side, parts, how);
    succ.push(...out.leaves);
    for (const o of out.outs) {
      const leaves: (SymValue | undefined)[] = Array.from({ length: shape.slots }, () => undefined);
      o.removed.forEach((c, j) => {
        leaves[slots[j]] = c.kind === 'field' ? c.value : c.kind === 'pred' ? snapshotOf(T, c) : undefined;
      });
      const snapshot = buildSnapshot(T, decl.name, leaves, instance);
      const chunk = {
        kind: 'pred' as const,
        name: decl.name,
        args,
        snapshot,
        ...(amount ? { amount } : {}),
        origin: { span: st.span, reason: `fold at line ${st.span.line}` },
      };
      succ.push({ state: joinInstance(ctx, o.state, chunk, st.span, `fold ${instance}`), label: STEP });
    }
  }
  return succ;
}
