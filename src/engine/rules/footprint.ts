// The footprint of an application of a recursive or abstract function (docs/design.md B.5, E.3):
// its `requires` consumed on a view of the caller's heap, as obligations (a missing permission
// at the call, a false pure part a precondition failure), giving the chunks the body is
// evaluated over, the values that key the application (field values and instance snapshots)
// and the pure part of the precondition. Shared by the keyed application (evalCalls.ts) and the
// one made under a binder (quantifiedApps.ts).

import type { Acc, Call, FieldRead, FunctionDecl } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Term } from '../terms/term';
import { isTrue } from '../terms/term';
import { isSymArray, type SymValue } from '../state/state';
import type { Chunk, Heap, PredChunk } from '../state/chunks';
import { symbolic, type Amount } from '../state/amounts';
import { placeholder as placeholderOf } from './heap/access';
import { partCandidates, predCandidates, predHeld, sameArgs } from './heap/predicates';
import { amountOf } from './heap/scaleAssertion';
import { heldAtLeast } from './heap/symUnfolding';
import { guardedLeaves, testsUnder } from './heap/assertions';
import { accAmount, constantAmount, namesNone, symbolicAmount } from './heap/fractions';
import { realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { keyOf, snapshotOf } from './heap/snapshots';
import { requiredAt, type EvalCore } from './evalEnv';
import { obligeBounds } from './footprintBounds';
import { mergeQuantChunks } from '../state/quantifiedChunks';
import { isQuantifiedField } from './quantifiedPerms';
import { quantifiedPart } from './quantifiedFootprint';
import { requiresOn } from './inhaleExhaleSides';

export interface Footprint {
  /** The chunks the requires holds, as the body sees them. */
  readonly footprint: Chunk[];
  /** The parts' keys (term ids), in order. */
  readonly keys: string[];
  /** The pure parts, each under the tests of its conditional. */
  readonly pres: Term[];
  /** The instance snapshots among the parts. */
  readonly snapKeys: Term[];
  /** The values the application depends on besides its arguments: field values and snapshots. */
  readonly parts: SymValue[];
}

/** The footprint of `fn` applied at `c` (parameters `params`) over `heap`, the requires' failures (its `side` of `[A, B]`) recorded as obligations under `guard`. */
export function footprintOf(
  ev: EvalCore,
  fn: FunctionDecl,
  c: Call,
  heap: Heap,
  params: ReadonlyMap<string, SymValue>,
  guard: Term,
  side: 'inhale' | 'exhale' = 'exhale',
): Footprint {
  const T = ev.T;
  const inner = ev.over(heap, (n) => params.get(n));
  const footprint: Chunk[] = [];
  const keys: string[] = [];
  const pres: Term[] = [];
  const snapKeys: Term[] = [];
  const parts: SymValue[] = [];
  const under = testsUnder(ev.T, guard, (e, g) => inner.term(e, g, new Map(), false));
  obligeBounds(ev, fn, c, inner, guard);
  // The side of `[A, B]` the application reads: B, or A in `f@post` (inhaleExhaleSides.ts).
  const requires = requiresOn(fn, side);
  for (const { conjunct: k, tests } of guardedLeaves(requires, (n) => ev.env.decls?.predicates.has(n) ?? false)) {
    const { g, cond } = under(tests);
    // A conditional part counts only where its tests hold: elsewhere it is the placeholder.
    const when = (v: SymValue): SymValue =>
      tests.length === 0 || isSymArray(v) ? v : T.ite(cond, v, placeholderOf(T, v.sort) as Term);
    if (k.kind === 'qacc' || (k.kind === 'acc' && isQuantifiedField(ev.env.decls, (k.acc.target as FieldRead).field))) {
      const q = quantifiedPart(inner, fn, c, k.kind === 'qacc' ? k.quant : k.acc, heap, g, cond, keys.length);
      footprint.push(q.chunk);
      keys.push(keyOf(q.part));
      parts.push(q.part);
    } else if (k.kind === 'acc' && namesNone(k.acc)) {
      // `acc(e.f, none)` (a side of `b ? wildcard : none`) holds nothing and needs nothing: no part.
      continue;
    } else if (k.kind === 'acc') {
      const target = k.acc.target as FieldRead;
      const need = needOf(k.acc);
      // A symbolic amount that is none (`acc(y.f, b ? write : none)`) holds nothing: the location
      // is neither needed there nor part of what the application depends on.
      const none = constantAmount(k.acc)
        ? T.falseTerm
        : T.eq(inner.term(k.acc.amount!, g, new Map(), false), realLit(T, ZERO));
      const read = inner.field(target, T.and(g, T.not(none)), new Map(), false, target, requiredAt(fn, k.acc, c), need);
      const value = when(
        isTrue(T.not(none)) || isSymArray(read) ? read : T.ite(none, placeholderOf(T, read.sort) as Term, read),
      );
      footprint.push({
        kind: 'field',
        receiver: inner.term(target.object, g, new Map(), false),
        field: target.field,
        value,
        origin: { span: c.span, reason: `footprint of ${fn.name}` },
      });
      keys.push(keyOf(value));
      parts.push(value);
    } else if (k.kind === 'pred') {
      const pargs = k.call.args.map((a) => inner.term(a, g, new Map(), false));
      const all = predCandidates(heap, k.call.callee, pargs);
      // A Perm amount (`acc(list(x), p)`): the solver decides which candidates hold p.
      const p = symbolicAmount(k.amount) ? inner.term(k.amount, g, new Map(), false) : undefined;
      const found = p ? all : partCandidates(all, amountOf(k.amount));
      const held = p ? heldAtLeast(T, pargs, all, p) : predHeld(T, pargs, found);
      if (!isTrue(held)) {
        const at = requiredAt(fn, k.call, c);
        ev.oblige('permission', held, g, at.span, at.message);
      }
      const snaps = found.maybe.map((x) => snapshotOf(T, x));
      let snap = snaps.length === 0 ? T.int(0n) : snaps[snaps.length - 1];
      for (let i = snaps.length - 2; i >= 0; i--) snap = T.ite(sameArgs(T, pargs, found.maybe[i]), snaps[i], snap);
      snap = when(snap) as Term;
      const chunk: PredChunk = found.exact ?? {
        kind: 'pred',
        name: k.call.callee,
        args: pargs,
        snapshot: snap,
        // What the application needs is what its body may unfold: p of the instance, not all of it.
        ...(p ? { amount: symbolic(p) } : {}),
        origin: { span: c.span, reason: `footprint of ${fn.name}` },
      };
      footprint.push(chunk);
      keys.push(`p${snap.id}`);
      snapKeys.push(snap);
      parts.push(snap);
    } else {
      const holds = inner.term(k.expr, g, new Map(), false);
      ev.oblige('precondition', holds, g, c.span, `${fn.name} requires ${printExpr(k.expr, 200)}`);
      pres.push(T.implies(cond, holds));
    }
  }
  return { footprint: mergeQuantChunks(T, footprint), keys, pres, snapKeys, parts };
}

/**
 * The amount a function's `requires acc(e.f, p)` needs of its caller. A symbolic p is not
 * evaluated here yet: write is asked for instead, which is never less than p (a call may fail
 * that Viper accepts, never the reverse).
 */
export function needOf(acc: Acc): Amount | undefined {
  return constantAmount(acc) ? accAmount(acc) : undefined;
}
