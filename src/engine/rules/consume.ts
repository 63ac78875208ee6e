// Consume (exhale) an assertion (docs/design.md B.5): every `acc(e.f)` removes the chunk of e.f from
// the heap (a `permission` failure when it may be missing), every pure conjunct is checked.
// Expressions are evaluated in the heap as it was when the consume started (seed Fig. 7), so
// `acc(c.x) && c.x == 0` reads c.x after its chunk was taken. When the receiver may be one
// of several chunks' receivers, the path forks on which one (B.5); after a failure it goes on
// as if the permission had been held (B.6), with a fresh value.

import { consumeQuantified } from './consumeQuantified';
import { isQuantifiedField } from './quantifiedPerms';
import type { Acc, Call, Expr, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import type { EvalEnv, Obligation } from './eval';
import { evalTerm } from './eval';
import type { Term } from '../terms/term';
import { candidates, heldCondition } from './heap/access';
import { branchConjuncts, conjuncts, type Conjunct } from './heap/assertions';
import { EMPTY_HEAP, withoutChunk, type Chunk, type FieldChunk, type PredChunk } from '../state/chunks';
import { predCandidates, predHeld, sameArgs } from './heap/predicates';
import { ask, assumeConjunct, checkAll, unknownLeaf } from './checks';
import type { EngineContext, Successor } from './context';
import { checkObligations } from './evalChecked';
import { freshAtSite } from './havoc';
import { produce } from './produce';
import { branchOn, type Side } from './branches';
import { checkUntouched, isUntouched } from './untouched';
import type { ConsumeHow, Consumed, ConsumeOutcome } from './judgements';
import { takeAmount } from './consumePart';
import { constantAmount, namesNone } from './heap/fractions';
import { anySymbolic } from './heap/symAmounts';
import { consumeSymbolic } from './consumeSym';
import { missingChunk } from './consumeMissing';
import { takeInstance } from './instanceParts';
import { instancePart } from './heap/symInstances';
import { instanceAmount } from './instanceAmount';
import { isNone, type Amount } from '../state/amounts';
import { consumedSoFar } from './forperm';

export type { ConsumeHow, Consumed, ConsumeOutcome } from './judgements';

export async function consume(
  ctx: EngineContext,
  s: State,
  clauses: readonly Expr[],
  how: ConsumeHow,
): Promise<ConsumeOutcome> {
  // Most procedures have no contract: every return and call consumes one, so nothing is set up for none.
  if (clauses.length === 0) return { leaves: [], outs: [{ state: s, removed: EMPTY_HEAP }] };
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  const list = clauses.flatMap((e) => conjuncts(e, isPred, 'exhale'));
  const leaves: Successor[] = [];
  const outs: Consumed[] = [];
  // Which conjunct took each field chunk: a later acc of the same object is explained by it (B.6).
  const takers = new Map<Chunk, Acc>();
  // `how` carries the heap at the start of the consume; after a healed permission failure it
  // also holds the assumed chunk, so the rest of the assertion reads it instead of failing again.
  const go = async (
    cur: State,
    rest: readonly Conjunct[],
    removed: readonly Chunk[],
    how: ConsumeHow,
  ): Promise<void> => {
    if (rest.length === 0) {
      outs.push({ state: cur, removed });
      return;
    }
    const c: Conjunct = rest[0];
    const after = rest.slice(1);
    const healed = (st: State, chunk: Chunk): Promise<void> =>
      go(st, after, [...removed, chunk], withAssumed(how, chunk));
    if (c.kind === 'pure' && isUntouched(c.expr)) {
      for (const next of await checkUntouched(consume, ctx, cur, c.expr, how, leaves))
        await go(next, after, removed, how);
      return;
    }
    if (c.kind === 'pure') {
      const obligations: Obligation[] = [];
      const cond = evalTerm(c.expr, consumedSoFar(how.env, cur.heap), obligations);
      if (readsAssumed(how, c.expr, obligations)) {
        const next = await assumeOnHealedPath(
          ctx,
          cur,
          c.expr,
          ctx.T.and(...obligations.map((o) => o.cond), cond),
          leaves,
        );
        if (next) await go(next, after, removed, how);
        return;
      }
      const out = await checkAll(ctx, cur, [{ cond, site: how.pureSite(c.expr), reason: how.reason, obligations }]);
      leaves.push(...out.leaves);
      if (out.next) await go(out.next, after, removed, how);
      return;
    }
    if (c.kind === 'cond') {
      // Silicon's way: branch on the test (evaluated in the heap at the start), consume the side that holds.
      for (const side of await branches(ctx, cur, c, consumedSoFar(how.env, cur.heap), leaves))
        await go(side.state, [...branchConjuncts(c, side.then, isPred, 'exhale'), ...after], removed, how);
      return;
    }
    if (c.kind === 'pred') {
      // `acc(q(ē), none)` takes nothing; a symbolic part is evaluated (and must not be negative).
      const span = c.amount?.span ?? c.call.span;
      const part = await instanceAmount(ctx, cur, c.amount, consumedSoFar(how.env, cur.heap), span, false, leaves);
      if (!part) return;
      const need = part.amount;
      if (need && isNone(need)) return go(part.s, after, removed, how);
      await consumePred(
        ctx,
        part.s,
        c.call,
        how,
        removed,
        leaves,
        (st, chunk) => go(st, after, [...removed, chunk], how),
        healed,
        need,
      );
      return;
    }
    if (c.kind === 'qacc' || isQuantifiedField(ctx.checked, (c.acc.target as FieldRead).field))
      return consumeQuantified(ctx, cur, c, how, leaves, (next, part) => go(next, after, [...removed, part], how));
    // `acc(e.f, none)` takes nothing.
    if (namesNone(c.acc)) return go(cur, after, removed, how);
    const target = c.acc.target as FieldRead;
    const obligations: Obligation[] = [];
    const receiver = evalTerm(target.object, consumedSoFar(how.env, cur.heap), obligations);
    const checked = await checkObligations(ctx, cur, obligations);
    leaves.push(...checked.leaves);
    if (!checked.next) return;
    cur = checked.next;
    const heap = cur.heap ?? EMPTY_HEAP;
    const found = candidates(heap, receiver, target.field);
    if (!constantAmount(c.acc) || anySymbolic(found.maybe))
      return consumeSymbolic(ctx, cur, c.acc, receiver, found.maybe, how, leaves, (next, part) => {
        takers.set(part, c.acc);
        return go(next, after, [...removed, part], how);
      });
    const take = (st: State, chunk: Chunk): Promise<void> => {
      takers.set(chunk, c.acc);
      if (c.acc.amount === undefined && chunk.kind === 'field' && chunk.amount === undefined)
        return go({ ...st, heap: withoutChunk(st.heap ?? EMPTY_HEAP, chunk) }, after, [...removed, chunk], how);
      return takeAmount(ctx, st, chunk as FieldChunk, c.acc, how, leaves, (next, part) => {
        takers.set(part, c.acc);
        return go(next, after, [...removed, part], how);
      });
    };
    if (found.exact) return take(cur, found.exact);
    const held = heldCondition(ctx.T, receiver, found);
    const missing = await ask(ctx, cur, ctx.T.not(held));
    if (missing.status === 'unknown') {
      leaves.push(unknownLeaf(cur, missing, `whether ${printExpr(c.acc)} is held`));
      return;
    }
    if (missing.status === 'sat') {
      const taken = { removed, by: (chunk: Chunk) => takers.get(chunk) };
      await missingChunk(ctx, cur, c.acc, receiver, held, taken, how, leaves, healed, missing.model);
    }
    if (missing.status === 'unsat' && found.maybe.length === 1) return take(cur, found.maybe[0]);
    for (const x of found.maybe) {
      const same = ctx.T.eq(receiver, x.receiver);
      const r = await ask(ctx, cur, same);
      if (r.status === 'unknown')
        leaves.push(unknownLeaf(cur, r, `whether ${printExpr(target.object)} is the object of ${printExpr(c.acc)}`));
      if (r.status === 'sat')
        await take(assumeConjunct(cur, same, c.acc.span, `${printExpr(c.acc)} is the chunk of this object`, r), x);
    }
  };
  await go(s, list, [], how);
  return { leaves, outs };
}

/** The sides of a conditional conjunct: its test evaluated in the heap at the start (its runtime checks first). */
async function branches(
  ctx: EngineContext,
  s: State,
  c: Extract<Conjunct, { kind: 'cond' }>,
  env: EvalEnv,
  leaves: Successor[],
): Promise<Side[]> {
  const obligations: Obligation[] = [];
  const test = evalTerm(c.test, env, obligations);
  const checked = await checkObligations(ctx, s, obligations);
  leaves.push(...checked.leaves);
  return checked.next ? branchOn(ctx, checked.next, c, test, leaves) : [];
}

/**
 * The path after a missing instance goes on as if it had been held (docs/design.md B.6): a fresh
 * instance (its body produced with fresh values `c.x@L`, not inputs) is produced and taken.
 */
async function healInstance(
  ctx: EngineContext,
  s: State,
  call: Call,
  how: ConsumeHow,
  removed: readonly Chunk[],
  leaves: Successor[],
  k: (s: State, chunk: Chunk) => Promise<void>,
): Promise<void> {
  const line = how.predSite(call).span.line;
  // Produced beside the chunks this consume took, so that it can never hold one of them twice.
  const beside: State = { ...s, heap: [...removed, ...(s.heap ?? EMPTY_HEAP)] };
  const produced = await produce(ctx, beside, [call], {
    consume,
    envAt: () => how.env,
    naming: (st, display, type) => {
      const fresh = freshAtSite(ctx, st, `${display}@${line}`, type, `value of ${display} assumed at line ${line}`);
      return { ...fresh, state: { ...fresh.state, inputs: st.inputs } };
    },
    checkObligations: false,
    beside: true,
    reason: `${printExpr(call)} assumed after the permission failure at line ${line}`,
  });
  leaves.push(...produced.leaves);
  for (const next of produced.nexts) {
    const heap = (next.heap ?? EMPTY_HEAP).slice(removed.length);
    const chunk = heap[heap.length - 1];
    await k({ ...next, heap: withoutChunk(heap, chunk) }, chunk);
  }
}

/**
 * q(ē): take the instance whose arguments equal ē (forking when several may). A missing
 * instance is a `permission` failure, and the path goes on with a fresh instance (healInstance).
 */
async function consumePred(
  ctx: EngineContext,
  s: State,
  call: Call,
  how: ConsumeHow,
  removed: readonly Chunk[],
  leaves: Successor[],
  k: (s: State, chunk: Chunk) => Promise<void>,
  healedK: (s: State, chunk: Chunk) => Promise<void>,
  need?: Amount,
): Promise<void> {
  const T = ctx.T;
  const obligations: Obligation[] = [];
  const args = call.args.map((a) => evalTerm(a, how.env, obligations));
  const checked = await checkObligations(ctx, s, obligations);
  leaves.push(...checked.leaves);
  if (!checked.next) return;
  const cur = checked.next;
  const found = predCandidates(cur.heap ?? EMPTY_HEAP, call.callee, args);
  const take = (st: State, chunk: PredChunk): Promise<void> =>
    need === undefined && chunk.amount === undefined
      ? k({ ...st, heap: withoutChunk(st.heap ?? EMPTY_HEAP, chunk) }, chunk)
      : takeInstance(ctx, st, chunk, call, need, how, leaves, k);
  if (found.exact) return take(cur, found.exact);
  const held = predHeld(T, args, found);
  const missing = await ask(ctx, cur, T.not(held));
  if (missing.status === 'unknown') {
    leaves.push(unknownLeaf(cur, missing, `whether ${printExpr(call)} is held`));
    return;
  }
  if (missing.status === 'sat') {
    const site = { ...how.predSite(call), missing: { kind: 'pred' as const, name: call.callee, args } };
    const failure = { ...site, model: missing.model, modelStatus: 'sat' as const };
    leaves.push({
      state: { ...assumeConjunct(cur, T.not(held), site.span, `${site.message} fails`), status: 'failed', failure },
      label: { kind: 'failure', failure },
    });
    await healInstance(
      ctx,
      assumeConjunct(
        cur,
        T.not(held),
        site.span,
        `${printExpr(call)} assumed after the permission failure at line ${site.span.line}`,
      ),
      call,
      how,
      removed,
      leaves,
      (st, chunk) => healedK(st, need && chunk.kind === 'pred' ? instancePart(ctx.T, chunk, need) : chunk),
    );
  }
  if (missing.status === 'unsat' && found.maybe.length === 1) return take(cur, found.maybe[0]);
  for (const x of found.maybe) {
    const same = sameArgs(T, args, x);
    const r = await ask(ctx, cur, same);
    if (r.status === 'unknown') leaves.push(unknownLeaf(cur, r, `whether ${printExpr(call)} is this instance`));
    if (r.status === 'sat')
      await take(assumeConjunct(cur, same, call.span, `${printExpr(call)} is this instance`, r), x);
  }
}

/**
 * The consume's reading heap with a chunk assumed after a permission failure (as if it had
 * been held from the start). A pure part that can be read only thanks to an assumed chunk is
 * assumed, not checked: it could only fail through a value the failure already made arbitrary
 * (one failure per cause: `acc(c.x) && c.x > 0` without acc(c.x) is one permission failure).
 */
function withAssumed(how: ConsumeHow, chunk: Chunk): ConsumeHow {
  return {
    ...how,
    beforeHeal: how.beforeHeal ?? how.env,
    env: { ...how.env, heap: [...(how.env.heap ?? EMPTY_HEAP), chunk] },
  };
}

/** Whether `e` needs a permission in the heap before the heal that it does not need after it (it reads an assumed chunk). */
function readsAssumed(how: ConsumeHow, e: Expr, after: readonly Obligation[]): boolean {
  if (!how.beforeHeal) return false;
  const before: Obligation[] = [];
  try {
    evalTerm(e, how.beforeHeal, before);
  } catch {
    return true;
  }
  const permissions = (os: readonly Obligation[]): number => os.filter((o) => o.kind === 'permission').length;
  return permissions(before) > permissions(after);
}

/** A pure part over assumed values, assumed (sat) or ending the path (unsat: the assumed chunk contradicts it). */
async function assumeOnHealedPath(
  ctx: EngineContext,
  s: State,
  e: Expr,
  cond: Term,
  leaves: Successor[],
): Promise<State | undefined> {
  const r = await ask(ctx, s, cond);
  if (r.status === 'sat')
    return assumeConjunct(s, cond, e.span, `${printExpr(e)} assumed with the permission assumed after its failure`, r);
  if (r.status === 'unknown') leaves.push(unknownLeaf(s, r, `whether ${printExpr(e)} can hold`));
  else
    leaves.push({
      state: { ...s, status: 'infeasible', note: `${printExpr(e)} cannot hold after the permission failure` },
      label: { kind: 'step' },
    });
  return undefined;
}
