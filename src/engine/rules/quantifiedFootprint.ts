// A function's `requires` meeting a quantified field (docs/design.md B.10, after Silicon's
// summarising snapshots in QuantifiedChunkSupport, read to learn): `forall x :: d(x) ==> acc(x.f, p)`
// or a single `acc(e.f, p)` of a quantified field. The amount must be held at every location of
// d (a `permission` obligation at the call); the body sees the caller's values there through a
// chunk of its own (perm d(R) ? p : 0). What keys the application is, for a single location, its
// value; for a quantified one, a summary: a keyed constant S named by the term u(R) = d(R) ? f(R) : ◇
// (◇ a fixed placeholder), with, for every earlier summary S' of the same conjunct,
// (∀R. u(R) == u'(R)) ⇒ S == S'. So two applications with equal arguments and equal values on
// the footprint are equal, and nothing more is said (each S stands for one class of u).

import type { Acc, Call, FieldRead, FunctionDecl, Quant } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Heap } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import { at, chunkVar, type QuantChunk } from '../state/quantifiedChunks';
import { INT_SORT, isTrue, type Term } from '../terms/term';
import { freeBound } from '../terms/boundVars';
import { placeholder } from './heap/access';
import type { TermStore } from '../terms/store';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { amountTerm, consumeQuant, pointSpec, type QuantSpec } from './quantifiedPerms';
import { qaccParts } from './heap/qacc';
import { foldTerm } from '../terms/traverse';
import { EvalError, type EvalCore } from './evalEnv';

export interface QuantPart {
  /** The locations as the body sees them: the caller's values, the requires' amount. */
  readonly chunk: QuantChunk;
  /** What keys the application: the value at a single location, the summary S otherwise. */
  readonly part: Term;
}

/** The part of `requires` conjunct `k` (number `index` among the footprint's parts) (`acc(e.f, p)` of a quantified field, or a quantified permission) over `heap`. */
export function quantifiedPart(
  ev: EvalCore,
  fn: FunctionDecl,
  c: Call,
  k: Acc | Quant,
  heap: Heap,
  guard: Term,
  cond: Term,
  index?: number,
): QuantPart {
  const T = ev.T;
  let spec: QuantSpec;
  let receiver: Term | undefined;
  if (k.kind === 'acc') {
    receiver = ev.term((k.target as FieldRead).object, guard, new Map(), false);
    spec = pointSpec(T, k, receiver);
  } else {
    spec = quantSpecOf(ev, fn, k, guard);
  }
  const type = ev.env.types.get(spec.target);
  if (!type) throw new EvalError(`internal: no type for ${printExpr(spec.target)}`);
  const sort = sortOfType(type);
  const origin = { span: c.span, reason: `footprint of ${fn.name}` };
  // A conditional part holds only where its tests hold.
  const located: QuantSpec = { ...spec, cond: T.and(cond, spec.cond) };
  const taken = consumeQuant(T, heap, located, sort, origin);
  if (!isTrue(taken.held)) {
    const shown = k.kind === 'acc' ? printExpr(k) : printExpr(k, 120);
    ev.oblige(
      'permission',
      taken.held,
      guard,
      c.span,
      `${fn.name} requires ${shown} (line ${k.span.line}), which is not held`,
    );
  }
  // A wildcard's part: one amount per function, above none (a fresh one per call would make the body differ).
  const chunk =
    spec.amount === 'wildcard'
      ? { ...taken.part, perm: T.ite(located.cond, wildcardOf(T, fn), realLit(T, ZERO)) }
      : taken.part;
  if (receiver) return { chunk, part: T.ite(cond, at(T, chunk.value, receiver), placeholder(T, sort) as Term) };
  // An inlined body (index absent) needs no key.
  if (index === undefined) return { chunk, part: T.trueTerm };
  return { chunk, part: summary(ev, fn, index, T.ite(located.cond, chunk.value, placeholder(T, sort) as Term)) };
}

/** The summary S of u(R), linked to the earlier summaries of the same conjunct. */
function summary(ev: EvalCore, fn: FunctionDecl, index: number, u: Term): Term {
  const T = ev.T;
  const R = chunkVar(T);
  // A binder's variable in u would make S one constant for every value of it.
  if (freeBound(u).some((b) => b !== R))
    throw new EvalError(`${fn.name}: an application under a quantifier whose footprint is a quantified permission`);
  const group = `qsum:${fn.name}:${index}`;
  const s = T.keyed.sym(`${group}:${u.id}`, INT_SORT, `${fn.name}⟨footprint ${index}⟩`, `values ${fn.name} reads`);
  T.keyed.congruent(group, s, [u], (mine, theirs) => T.forall([R], T.eq(mine[0], theirs[0])));
  return s;
}

function wildcardOf(T: TermStore, fn: FunctionDecl): Term {
  const w = T.keyed.sym(
    `wildcard:${fn.name}`,
    { kind: 'real' },
    `wildcard⟨${fn.name}⟩`,
    `the wildcard ${fn.name} reads by`,
  );
  if (!T.keyed.hasFacts(w)) T.keyed.addFact(w, realBinary(T, 'lt', realLit(T, ZERO), w));
  return w;
}

/**
 * `forall x :: d(x) ==> acc(x.f, p)` read over the caller: d over R. d is evaluated as the
 * quantifier `forall x :: d(x)` (so its obligations are quantified over x, as any quantifier's)
 * and its body taken with x renamed R. (Not quantifiedSpec.ts, which imports the evaluator.)
 */
function quantSpecOf(ev: EvalCore, fn: FunctionDecl, q: Quant, guard: Term): QuantSpec {
  const T = ev.T;
  const parts = qaccParts(q);
  const obj = parts.target.object;
  if (q.vars.length !== 1 || q.vars[0].type.kind !== 'ref' || obj.kind !== 'var' || obj.name !== parts.binder)
    throw new EvalError(`${fn.name}: a quantified permission whose receiver is not its binder in a precondition`);
  const cond = parts.cond ?? { kind: 'boolLit', value: true, span: q.span };
  const t = ev.term(
    { kind: 'quant', quantifier: 'forall', vars: q.vars, body: cond, span: q.span },
    guard,
    new Map(),
    false,
  );
  if (t.op === 'forall' && t.args.length !== 2)
    throw new EvalError(`internal: ${fn.name}: a quantified permission's condition`);
  const R = chunkVar(T);
  const d =
    t.op === 'forall'
      ? foldTerm<Term>(t.args[1], (u, args) => {
          if (u === t.args[0]) return R;
          return args.every((a, i) => a === u.args[i]) ? u : T.rebuild(u, args);
        })
      : t;
  return {
    field: parts.target.field,
    acc: parts.acc,
    target: parts.target,
    cond: d,
    amount: amountTerm(T, parts.acc),
    obligations: [],
  };
}
