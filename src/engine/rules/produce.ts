// Produce (inhale) an assertion (docs/design.md B.5): every `acc(e.f)` adds a chunk for e.f with a
// fresh value, assuming e is not null and differs from the other receivers of f; a predicate
// instance q(ē) adds a folded chunk whose fragment is q's body produced the same way; every
// pure conjunct is assumed. One solver question at the end says whether the path is feasible.

import { producePointQuantified, produceQuantified } from './produceQuantified';
import { isQuantifiedField } from './quantifiedPerms';
import type { Acc, Call, Expr, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import type { State } from '../state/state';
import type { Term } from '../terms/term';
import { distinctRefs, sameRef } from './heap/alias';
import { branchConjuncts, conjuncts, type Conjunct } from './heap/assertions';
import { branchOn } from './branches';
import { allFieldChunks, EMPTY_HEAP, withChunk, type Heap } from '../state/chunks';
import { assumeConjunct } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { envFrom, withHeaps } from './frames';
import { recursion } from './heap/recursion';
import { instanceFacts } from './unfoldSnapshot';
import { isUntouched, untouchedFact } from './untouched';
import { accAmount, constantAmount } from './heap/fractions';
import { amountKey, isNone, type Amount } from '../state/amounts';
import { scaleAssertion } from './heap/scaleAssertion';
import { partValue, wildcardParts } from './heap/symInstances';
import { joinInstance } from './instanceParts';
import { produceFraction } from './produceFraction';
import { producedAmount, producesSymbolically, produceSymbolic } from './produceSym';
import { amountTerm as symAmountTerm } from './heap/symAmounts';
import { evaluate, settle, type Facts, type ProduceHow } from './produceEval';

export type { Naming, ProduceHow } from './produceEval';

export interface ProduceOutcome {
  /** Failure, unknown and infeasible leaves. */
  readonly leaves: Successor[];
  /** The paths going on: one, or one per feasible side of each conditional conjunct. */
  readonly nexts: State[];
}

export async function produce(
  ctx: EngineContext,
  s: State,
  clauses: readonly Expr[],
  how: ProduceHow,
): Promise<ProduceOutcome> {
  const leaves: Successor[] = [];
  const list = clauses.flatMap((e) => conjuncts(e, (n) => ctx.checked.predicates.has(n), how.side ?? 'inhale'));
  const ends = await produceInto(ctx, s, list, how, { list: [] }, leaves, (t) => printExpr(t, 200));
  const nexts: State[] = [];
  for (const end of ends) {
    const settled = settle(ctx, end.state, end.facts, how.reason);
    if (settled.status === 'infeasible') leaves.push({ state: settled, label: STEP });
    else nexts.push(settled);
  }
  return { leaves, nexts };
}

type Display = (target: FieldRead) => string;

/** A path through a produce: its state and the facts collected since the last branch. */
interface End {
  readonly state: State;
  readonly facts: Facts;
}

/** Produces the conjuncts into `s`'s heap, collecting facts; the paths that go on (leaves say why others ended). */
async function produceInto(
  ctx: EngineContext,
  s: State,
  list: readonly Conjunct[],
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  display: Display,
): Promise<End[]> {
  let cur: State = s;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c.kind === 'cond') return produceCond(ctx, cur, c, list.slice(i + 1), how, facts, leaves, display);
    const next = await produceOne(ctx, cur, c, how, facts, leaves, display);
    if (!next) return [];
    if (Array.isArray(next)) {
      const out: End[] = [];
      for (const side of next)
        out.push(...(await produceInto(ctx, side, list.slice(i + 1), how, { list: [] }, leaves, display)));
      return out;
    }
    cur = next;
  }
  return [{ state: cur, facts }];
}

/** `b ==> A` / `b ? A1 : A2`: the facts so far are assumed, then the path branches on b (Silicon's way). */
async function produceCond(
  ctx: EngineContext,
  s: State,
  c: Extract<Conjunct, { kind: 'cond' }>,
  rest: readonly Conjunct[],
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  display: Display,
): Promise<End[]> {
  const ev = await evaluate(ctx, s, c.test, how, leaves, facts);
  if (!ev) return [];
  const known = settle(
    ctx,
    ev.s,
    { list: [...facts.list, { term: how.guardedFacts ? ctx.T.trueTerm : ev.checks, span: c.test.span }] },
    how.reason,
  );
  if (known.status === 'infeasible') {
    leaves.push({ state: known, label: STEP });
    return [];
  }
  const out: End[] = [];
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  for (const side of await branchOn(ctx, known, c, ev.v as Term, leaves)) {
    out.push(
      ...(await produceInto(
        ctx,
        side.state,
        [...branchConjuncts(c, side.then, isPred, how.side ?? 'inhale'), ...rest],
        how,
        { list: [] },
        leaves,
        display,
      )),
    );
  }
  return out;
}

async function produceOne(
  ctx: EngineContext,
  s: State,
  c: Exclude<Conjunct, { kind: 'cond' }>,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  display: Display,
): Promise<State | State[] | undefined> {
  const T = ctx.T;
  if (c.kind === 'pred') {
    // A symbolic part (a perm expression) is evaluated and must not be negative (produceSym.ts).
    const part = c.amount && { kind: 'acc' as const, target: c.call, amount: c.amount, span: c.amount.span };
    const got = part ? await producedAmount(ctx, s, part, how, facts, leaves) : { s, amount: undefined };
    return got && producePred(ctx, got.s, c.call, how, facts, leaves, display, got.amount);
  }
  if (c.kind === 'qacc') return produceQuantified(ctx, s, c.quant, how, facts, leaves);
  if (c.kind === 'pure' && isUntouched(c.expr)) {
    const env = how.envAt(s);
    // A's receivers may be known only from the facts produced so far (getList(it) == old(getList(it))).
    const known = facts.list.reduce((st, f) => assumeConjunct(st, f.term, f.span, how.reason), s);
    const fact = await untouchedFact(
      how.consume,
      ctx,
      known,
      c.expr,
      env,
      env.heap ?? EMPTY_HEAP,
      env.oldHeap ?? EMPTY_HEAP,
    );
    if (fact) facts.list.push({ term: fact, span: c.expr.span });
    return s;
  }
  const e = c.kind === 'acc' ? (c.acc.target as FieldRead).object : c.expr;
  const ev = await evaluate(ctx, s, e, how, leaves, facts);
  if (!ev) return undefined;
  const value = ev.v as Term;
  const fact = (t: Term): Term => (how.guardedFacts ? T.implies(ev.checks, t) : T.and(ev.checks, t));
  if (c.kind === 'pure') {
    facts.list.push({ term: fact(value), span: c.expr.span });
    return ev.s;
  }
  const target = c.acc.target as FieldRead;
  if (isQuantifiedField(ctx.checked, target.field)) {
    facts.list.push({ term: fact(T.trueTerm), span: c.acc.span });
    if (constantAmount(c.acc)) return producePointQuantified(ctx, ev.s, c.acc, value, how, facts);
    // A non-constant amount: evaluated and checked not negative as any field's (rules/produceSym.ts).
    const got = await producedAmount(ctx, ev.s, c.acc, how, facts, leaves);
    return got && producePointQuantified(ctx, got.s, c.acc, value, how, facts, symAmountTerm(T, got.amount));
  }
  const constant = (st: State, amount: Amount | undefined): Promise<State | State[] | undefined> | State | undefined =>
    amount !== undefined
      ? fraction(ctx, st, c.acc, value, amount, display(target), how, facts, leaves, fact)
      : whole(ctx, st, c.acc, value, how, facts, leaves, display, fact);
  if (producesSymbolically(ev.s, c.acc))
    return produceSymbolic(ctx, ev.s, c.acc, value, display(target), how, facts, leaves, constant);
  return constant(ev.s, accAmount(c.acc));
}

/** `acc(e.f)`: a whole chunk, whose receiver differs from every other chunk's of the field. */
function whole(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  value: Term,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  display: Display,
  fact: (t: Term) => Term,
): State | undefined {
  const T = ctx.T;
  const c = { acc };
  const ev = { s };
  const target = acc.target as FieldRead;
  const heap = s.heap ?? EMPTY_HEAP;
  const others = allFieldChunks(heap, target.field);
  if (others.some((o) => sameRef(o.receiver, value))) {
    leaves.push({
      state: { ...ev.s, status: 'infeasible', note: `${how.reason}: acc(${printExpr(target)}) would be held twice` },
      label: STEP,
    });
    return undefined;
  }
  facts.list.push({ term: fact(T.neq(value, T.constOf(0n, value.sort))), span: c.acc.span });
  for (const o of others) {
    if (!distinctRefs(o.receiver, value) && !how.knownApart?.(value, target.field, o))
      facts.list.push({ term: T.neq(value, o.receiver), span: c.acc.span });
  }
  const kept = how.reuse?.find((r) => r.kind === 'field' && r.field === target.field && r.receiver === value);
  if (kept) return { ...ev.s, heap: withChunk(heap, kept) };
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field in an assertion');
  const fresh = how.naming(ev.s, display(target), type);
  const chunk = {
    kind: 'field' as const,
    receiver: value,
    field: target.field,
    value: fresh.value,
    origin: { span: c.acc.span, reason: how.reason },
  };
  return { ...fresh.state, heap: withChunk(fresh.state.heap ?? EMPTY_HEAP, chunk) };
}

/** `acc(e.f, p)` for a fraction p (rules/produceFraction.ts); `acc(e.f, none)` adds nothing. */
function fraction(
  ctx: EngineContext,
  s: State,
  acc: Acc,
  receiver: Term,
  amount: Amount,
  shown: string,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  fact: (t: Term) => Term,
): Promise<State | State[] | undefined> | State {
  if (isNone(amount)) return s;
  const list: { term: Term; span: Span }[] = [];
  const settleNow = (st: State): State => {
    const settled = settle(
      ctx,
      st,
      { list: [...facts.list, ...list.map((f) => ({ ...f, term: fact(f.term) }))] },
      how.reason,
    );
    facts.list.length = 0;
    list.length = 0;
    return settled;
  };
  const out = produceFraction(
    ctx,
    s,
    acc,
    receiver,
    amount,
    shown,
    { ...how, beside: how.beside ?? false, settle: settleNow },
    list,
    leaves,
  );
  return out.then((r) => {
    for (const f of list) facts.list.push({ ...f, term: fact(f.term) });
    return r;
  });
}

/** q(ē): q's body produced with the parameters bound; its chunks become the folded instance's fragment. */
async function producePred(
  ctx: EngineContext,
  s: State,
  call: Call,
  how: ProduceHow,
  facts: Facts,
  leaves: Successor[],
  display: Display,
  amount?: Amount,
): Promise<State | undefined> {
  if (amount && isNone(amount)) return s;
  const decl = ctx.checked.predicates.get(call.callee)!;
  const part = amount ? { amount } : {};
  const argVals: Term[] = [];
  let cur = s;
  for (const a of call.args) {
    const ev = await evaluate(ctx, cur, a, how, leaves, facts);
    if (!ev) return undefined;
    argVals.push(ev.v as Term);
    if (!how.guardedFacts && !(ev.checks.op === 'const' && ev.checks.value === true))
      facts.list.push({ term: ev.checks, span: a.span });
    cur = ev.s;
  }
  const kept = how.reuse?.find(
    (r) =>
      r.kind === 'pred' &&
      r.name === call.callee &&
      amountKey(r.amount) === amountKey(amount) &&
      r.args.every((a, i) => a === argVals[i]),
  );
  if (kept) return { ...cur, heap: withChunk(cur.heap ?? EMPTY_HEAP, kept) };
  if (recursion(ctx.checked).predicates.has(call.callee)) {
    // A recursive instance is produced folded: a fresh snapshot, unfolded only on demand (rules/heap/snapshots.ts).
    const instance = `${call.callee}(${call.args.map((a) => printExpr(a, 60)).join(', ')})`;
    const snapshot = ctx.T.symbol(ctx.T.intSort, `${instance}⟨snapshot⟩`, `snapshot of ${instance} (${how.reason})`);
    const chunk = {
      kind: 'pred' as const,
      name: call.callee,
      args: argVals,
      snapshot,
      ...part,
      origin: { span: call.span, reason: how.reason },
    };
    facts.list.push({ term: instanceFacts(ctx, chunk), span: call.span });
    return how.beside
      ? { ...cur, heap: withChunk(cur.heap ?? EMPTY_HEAP, chunk) }
      : joinInstance(ctx, cur, chunk, call.span, how.reason);
  }
  const params = new Map(decl.params.map((p, i) => [p.name, argVals[i]]));
  const argText = new Map(
    decl.params.map((p, i) => [
      p.name,
      display({ kind: 'field', object: call.args[i], field: '', fieldSpan: call.span, span: call.span }).replace(
        /\.$/,
        '',
      ),
    ]),
  );
  const instance = `${call.callee}(${call.args.map((a) => printExpr(a, 60)).join(', ')})`;
  // The body's own framing is the predicate's well-formedness, checked once (rules/wellFormed.ts).
  const wildcard = wildcardParts(ctx.T, amount, (term) => facts.list.push({ term, span: call.span }));
  const inner: ProduceHow = {
    ...how,
    envAt: (st) =>
      withHeaps(
        envFrom(ctx, (n) => params.get(n) ?? partValue(ctx.T, n, amount) ?? wildcard(n)),
        st.heap,
        st.heap,
      ),
    checkObligations: false,
    selfFraming: undefined,
    beside: true,
  };
  const innerDisplay: Display = (t) =>
    t.object.kind === 'var' && argText.has(t.object.name)
      ? `${argText.get(t.object.name)}.${t.field}`
      : `${instance}.${printExpr(t, 200)}`;
  const before: Heap = cur.heap ?? EMPTY_HEAP;
  // A quantified field's part is a chunk of the fragment's own, not added to the heap's chunk of that field.
  const base = before.filter((c) => c.kind !== 'qfield');
  const isPred = (n: string): boolean => ctx.checked.predicates.has(n);
  // No conditional in the body (those predicates are snapshotted, rules/heap/recursion.ts): one path at most.
  const ends = await produceInto(
    ctx,
    { ...cur, heap: base },
    conjuncts(scaleAssertion(decl.body, amount, isPred, true), isPred),
    inner,
    facts,
    leaves,
    innerDisplay,
  );
  if (ends.length !== 1) return undefined;
  const produced = ends[0].state;
  const fragment = (produced.heap ?? EMPTY_HEAP).slice(base.length);
  const chunk = {
    kind: 'pred' as const,
    name: call.callee,
    args: argVals,
    fragment,
    ...part,
    origin: { span: call.span, reason: how.reason },
  };
  // Beside chunks that are not the produce's own (a fragment, an invariant beside its frame): never joined into them.
  if (how.beside) return { ...produced, heap: withChunk(before, chunk) };
  return joinInstance(ctx, { ...produced, heap: before }, chunk, call.span, how.reason);
}
