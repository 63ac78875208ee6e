// Produce (inhale) an assertion (docs/design.md B.5): every `acc(e.f)` adds a chunk for e.f with a
// fresh value, assuming e is not null and differs from the other receivers of f; a predicate
// instance q(ē) adds a folded chunk whose fragment is q's body produced the same way; every
// pure conjunct is assumed. One solver question at the end says whether the path is feasible.

import type { Acc, Call, Expr, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { State, SymValue } from '../state/state';
import type { EvalEnv, Obligation } from './eval';
import { evalExpr } from './eval';
import type { Term } from '../terms/term';
import { distinctRefs, sameRef } from './heap/alias';
import { branchConjuncts, conjuncts, type Conjunct } from './heap/assertions';
import { branchOn } from './branches';
import { allFieldChunks, EMPTY_HEAP, withChunk, type FieldChunk, type Heap } from '../state/chunks';
import { assumeConjunct } from './checks';
import { conjoin, pcTerms } from '../state/pathCondition';
import { STEP, type EngineContext, type Successor } from './context';
import { checkObligations } from './evalChecked';
import { envFrom, withHeaps } from './frames';
import type { Fresh } from './havoc';
import { recursion } from './heap/recursion';
import { instanceFacts } from './unfoldSnapshot';
import { isUntouched, untouchedFact } from './untouched';
import type { Consume } from './judgements';
import { accAmount } from './heap/fractions';
import { isNone, type Amount } from '../state/amounts';
import { produceFraction } from './produceFraction';

/** Makes the value of a produced location `display` (`c.x`): an input at entry, `c.x@L` after a call. */
export type Naming = (s: State, display: string, type: Type) => Fresh;

export interface ProduceHow {
  /** The consume judgement, for `untouched(A)` (consumes A twice): given, not imported (rules/judgements.ts). */
  readonly consume: Consume;
  readonly envAt: (s: State) => EvalEnv;
  readonly naming: Naming;
  /** Runtime checks of the pure parts: checked (entry requires) or assumed (proved elsewhere). */
  readonly checkObligations: boolean;
  /** "requires of p", "ensures of p (call at line 9)". */
  readonly reason: string;
  /** Chunks to take as they are when φ names their location (a join reuses what every path held, rules/joinHeap.ts). */
  readonly reuse?: Heap;
  /** Assume a pure part only where its runtime checks hold, not the checks (a join's φ: a read the merge dropped constrains nothing). */
  readonly guardedFacts?: boolean;
  /** Whether the path already knows `receiver` differs from `other`'s receiver (no fact needed; rules/calls.ts). */
  readonly knownApart?: (receiver: Term, field: string, other: FieldChunk) => boolean;
  /**
   * The well-formedness pass (rules/wellFormed.ts): a read must be covered by the permissions
   * produced before it, so permission obligations are checked (given the facts so far) and
   * reported as this maps them; the other runtime checks are assumed, as without it.
   */
  readonly selfFraming?: (o: Obligation) => Obligation;
  /** Producing beside chunks that are not the produce's own (a predicate's fragment, a loop's frame): fractions are never merged into them. */
  readonly beside?: boolean;
}

interface Facts {
  readonly list: { term: Term; span: Span }[];
}

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
  const list = clauses.flatMap((e) => conjuncts(e, (n) => ctx.checked.predicates.has(n)));
  const ends = await produceInto(ctx, s, list, how, { list: [] }, leaves, (t) => printExpr(t, 200));
  const nexts: State[] = [];
  for (const end of ends) {
    const settled = settle(ctx, end.state, end.facts, how.reason);
    if (settled.status === 'infeasible') leaves.push({ state: settled, label: STEP });
    else nexts.push(settled);
  }
  return { leaves, nexts };
}

/**
 * The facts a produce collected are assumed without asking the solver (docs/design.md B.9: the
 * number of Z3 calls must not grow with the number of objects). A produce that contradicts
 * the path leaves it with an unsatisfiable path condition: no failure can be reported on it
 * (every failure needs a model), and the next branch or check finds it infeasible. Only a
 * contradiction the simplifier sees ends the path at once (the state returned is infeasible).
 */
function settle(ctx: EngineContext, s: State, facts: Facts, reason: string): State {
  // The conjunction, not each fact: the simplifier sees p ≠ null ∧ p = null (heap seed 31139).
  const all = ctx.T.and(...facts.list.map((f) => f.term));
  if (all.op === 'const' && all.value === false)
    return { ...s, status: 'infeasible', note: `${reason} contradicts the path condition` };
  // One state for all the facts (a produce of n chunks collects O(n) distinctness facts).
  let pc = s.pc;
  for (const f of facts.list) pc = conjoin(pc, { term: f.term, span: f.span, reason });
  return pc === s.pc ? s : { ...s, pc };
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
        [...branchConjuncts(c, side.then, isPred), ...rest],
        how,
        { list: [] },
        leaves,
        display,
      )),
    );
  }
  return out;
}

async function evaluate(
  ctx: EngineContext,
  s: State,
  e: Expr,
  how: ProduceHow,
  leaves: Successor[],
  facts: Facts,
): Promise<{ s: State; v: SymValue; checks: Term } | undefined> {
  const T = ctx.T;
  const obligations: Obligation[] = [];
  const v = evalExpr(e, how.envAt(s), obligations);
  // Checked now: every runtime check (the entry's requires), or the reads (well-formedness).
  const now = how.checkObligations
    ? obligations
    : how.selfFraming
      ? obligations.filter((o) => o.kind === 'permission').map(how.selfFraming)
      : undefined;
  if (now) {
    const assumed = how.checkObligations ? [] : obligations.filter((o) => o.kind !== 'permission');
    if (now.length === 0) return { s, v, checks: T.and(...assumed.map((o) => o.cond)) };
    // Given what the assertion said so far: `acc(c.x) && c == d && d.x > 0` reads d.x with acc(c.x).
    const known = facts.list.reduce((st, f) => assumeConjunct(st, f.term, f.span, how.reason), s);
    const conjuncts = knownConjuncts(known);
    const checked = await checkObligations(
      ctx,
      known,
      now.filter((o) => !entailed(o.cond, conjuncts)),
    );
    leaves.push(...checked.leaves);
    // After a failure the path goes on where the check holds (one report per check).
    return checked.next ? { s, v, checks: T.and(...assumed.map((o) => o.cond), ...now.map((o) => o.cond)) } : undefined;
  }
  // A read that no chunk covers (the assertion is not self-framing, B.5) is a permission
  // failure that ends the path, never a silent contradiction (a path with no failures).
  const unheld = how.guardedFacts
    ? []
    : obligations.filter((o) => o.kind === 'permission' && o.cond.op === 'const' && o.cond.value === false);
  if (unheld.length === 0) return { s, v, checks: T.and(...obligations.map((o) => o.cond)) };
  leaves.push(...(await checkObligations(ctx, s, unheld)).leaves);
  return undefined;
}

/** The path condition's conjuncts, `and`s flattened. */
function knownConjuncts(s: State): Set<Term> {
  const out = new Set<Term>();
  const work = pcTerms(s.pc);
  while (work.length > 0) {
    const t = work.pop()!;
    if (t.op === 'and') work.push(...t.args);
    else out.add(t);
  }
  return out;
}

/**
 * Whether `t` follows from the conjuncts by its shape alone (`g ==> it.list == l` with
 * `it.list == l` among them): such a check needs no solver, so a contract whose reads are
 * covered through an equality it states starts no Z3.
 */
function entailed(t: Term, known: ReadonlySet<Term>): boolean {
  if (known.has(t)) return true;
  if (t.op === 'implies') return entailed(t.args[1], known);
  if (t.op === 'and') return t.args.every((a) => entailed(a, known));
  if (t.op === 'or') return t.args.some((a) => entailed(a, known));
  return false;
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
  if (c.kind === 'pred') return producePred(ctx, s, c.call, how, facts, leaves, display);
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
  const heap = ev.s.heap ?? EMPTY_HEAP;
  const amount = accAmount(c.acc);
  if (amount !== undefined) return fraction(ctx, ev.s, c.acc, value, amount, display(target), how, facts, leaves, fact);
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
): Promise<State | undefined> {
  const decl = ctx.checked.predicates.get(call.callee)!;
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
    (r) => r.kind === 'pred' && r.name === call.callee && r.args.every((a, i) => a === argVals[i]),
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
      origin: { span: call.span, reason: how.reason },
    };
    facts.list.push({ term: instanceFacts(ctx, chunk), span: call.span });
    return { ...cur, heap: withChunk(cur.heap ?? EMPTY_HEAP, chunk) };
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
  const inner: ProduceHow = {
    ...how,
    envAt: (st) =>
      withHeaps(
        envFrom(ctx, (n) => params.get(n)),
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
  // No conditional in the body (those predicates are snapshotted, rules/heap/recursion.ts): one path at most.
  const ends = await produceInto(
    ctx,
    cur,
    conjuncts(decl.body, (n) => ctx.checked.predicates.has(n)),
    inner,
    facts,
    leaves,
    innerDisplay,
  );
  if (ends.length !== 1) return undefined;
  const produced = ends[0].state;
  const fragment = (produced.heap ?? EMPTY_HEAP).slice(before.length);
  const chunk = {
    kind: 'pred' as const,
    name: call.callee,
    args: argVals,
    fragment,
    origin: { span: call.span, reason: how.reason },
  };
  return { ...produced, heap: withChunk(before, chunk) };
}
