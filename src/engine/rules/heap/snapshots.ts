// Snapshots of predicate instances (docs/design.md B.4/B.5, Silicon's snapshots as terms). An instance
// of a recursive predicate is not unfolded when it is produced: its chunk carries only a
// snapshot term, and unfolding it derives the body's chunks from that term. The body's
// permissions are numbered statically (slots, then-side before else-side); the value in slot i
// of snapshot S is the keyed symbol `q#i(S)`, so two unfoldings of the same instance give the
// same terms. Folding builds the snapshot `mk_q(v1, …)` from the values taken, and a snapshot
// built from the values an unfolding of S gave (unchanged) is S itself: fold after unfold with
// unchanged values gives back the same instance. Z3 sees snapshots as uninterpreted ints.

import type { Acc, Call, Expr, FieldRead, PredicateDecl } from '../../../lang/ast';
import { amountOf } from './scaleAssertion';
import type { Type } from '../../../lang/types';
import type { TermStore } from '../../terms/store';
import { INT_SORT, type Term } from '../../terms/term';
import { sortOfType } from '../../state/sorts';
import { innerLevels, lengthsSort } from '../../state/arrays';
import { isSymArray, type SymValue } from '../../state/state';
import type { Chunk, Heap, PredChunk } from '../../state/chunks';

export type BodyItem =
  | { readonly kind: 'cond'; readonly expr: Expr; readonly positive: boolean }
  | { readonly kind: 'acc'; readonly acc: Acc; readonly slot: number }
  | { readonly kind: 'pred'; readonly call: Call; readonly slot: number }
  | { readonly kind: 'pure'; readonly expr: Expr };

/** One way the body can hold: its conditions and parts in reading order. */
export type Alternative = readonly BodyItem[];

export interface BodyShape {
  readonly alternatives: readonly Alternative[];
  readonly slots: number;
}

type IsPred = (name: string) => boolean;

/** Whether `e` holds a permission (then it is produced or consumed, not evaluated). */
export function mentionsPermission(e: Expr, isPred: IsPred): boolean {
  if (e.kind === 'acc' || e.kind === 'inhaleExhale') return true;
  if (e.kind === 'call') return isPred(e.callee);
  if (e.kind === 'binary' && e.op === '&&')
    return mentionsPermission(e.left, isPred) || mentionsPermission(e.right, isPred);
  if (e.kind === 'binary' && e.op === '==>') return mentionsPermission(e.right, isPred);
  if (e.kind === 'cond') return mentionsPermission(e.then, isPred) || mentionsPermission(e.otherwise, isPred);
  return false;
}

function numberSlots(e: Expr, isPred: IsPred, slots: Map<Expr, number>): void {
  if (e.kind === 'acc' || (e.kind === 'call' && isPred(e.callee))) {
    slots.set(e, slots.size);
    return;
  }
  if (e.kind === 'binary' && (e.op === '&&' || e.op === '==>')) {
    numberSlots(e.left, isPred, slots);
    numberSlots(e.right, isPred, slots);
    return;
  }
  if (e.kind === 'cond' && mentionsPermission(e, isPred)) {
    numberSlots(e.then, isPred, slots);
    numberSlots(e.otherwise, isPred, slots);
  }
}

function expand(e: Expr, isPred: IsPred, slots: Map<Expr, number>): Alternative[] {
  if (e.kind === 'acc') return [[{ kind: 'acc', acc: e, slot: slots.get(e)! }]];
  if (e.kind === 'call' && isPred(e.callee)) return [[{ kind: 'pred', call: e, slot: slots.get(e)! }]];
  if (e.kind === 'binary' && e.op === '&&') {
    const ls = expand(e.left, isPred, slots);
    const rs = expand(e.right, isPred, slots);
    return ls.flatMap((l) => rs.map((r) => [...l, ...r]));
  }
  if (e.kind === 'binary' && e.op === '==>' && mentionsPermission(e.right, isPred)) {
    return [
      ...expand(e.right, isPred, slots).map((a) => [{ kind: 'cond' as const, expr: e.left, positive: true }, ...a]),
      [{ kind: 'cond', expr: e.left, positive: false }],
    ];
  }
  if (e.kind === 'cond' && mentionsPermission(e, isPred)) {
    const yes = expand(e.then, isPred, slots).map((a) => [
      { kind: 'cond' as const, expr: e.cond, positive: true },
      ...a,
    ]);
    const no = expand(e.otherwise, isPred, slots).map((a) => [
      { kind: 'cond' as const, expr: e.cond, positive: false },
      ...a,
    ]);
    return [...yes, ...no];
  }
  return [[{ kind: 'pure', expr: e }]];
}

// A pure function of the (immutable) declaration, computed once per predicate.
const shapes = new WeakMap<PredicateDecl, BodyShape>();

/** The alternatives and slots of q's body. */
export function bodyShape(decl: PredicateDecl, isPred: IsPred): BodyShape {
  const hit = shapes.get(decl);
  if (hit) return hit;
  const slots = new Map<Expr, number>();
  numberSlots(decl.body, isPred, slots);
  const shape = { alternatives: expand(decl.body, isPred, slots), slots: slots.size };
  shapes.set(decl, shape);
  return shape;
}

interface MkInfo {
  readonly kind: 'mk';
  readonly pred: string;
  readonly leaves: readonly (SymValue | undefined)[];
}
interface ProjInfo {
  readonly kind: 'proj';
  readonly pred: string;
  readonly of: Term;
  readonly slot: number;
}

/** A value's part of a key (term ids). */
export function keyOf(v: SymValue | undefined): string {
  if (v === undefined) return '_';
  return isSymArray(v)
    ? `a${v.length.id}.${v.contents.id}.${(v.lengths ?? []).map((l) => l.id).join('.')}`
    : String(v.id);
}

/** The value in slot `slot` (of type `type`; a snapshot when undefined) of q's snapshot `s`. */
export function slotValue(
  T: TermStore,
  pred: string,
  s: Term,
  slot: number,
  type: Type | undefined,
  label: string,
): SymValue {
  const info = T.keyed.info(s) as MkInfo | undefined;
  if (info?.kind === 'mk' && info.pred === pred && info.leaves[slot] !== undefined) return info.leaves[slot]!;
  const proj: ProjInfo = { kind: 'proj', pred, of: s, slot };
  const origin = `slot ${slot} of the snapshot of ${label}`;
  const part = (what: string, sort: typeof INT_SORT): Term =>
    T.keyed.sym(`proj:${pred}:${slot}:${what}:${s.id}`, sort, `${label}${what}`, origin, proj);
  if (!type) return part('', INT_SORT);
  const sort = sortOfType(type);
  if (sort.kind !== 'array') return part('', sort);
  const levels = innerLevels(sort);
  const lengths = Array.from({ length: levels }, (_, k) => part(`[*${k}].length`, lengthsSort(k)));
  return {
    kind: 'symArray',
    length: part('.length', INT_SORT),
    contents: part('', sort),
    ...(levels > 0 ? { lengths } : {}),
  };
}

/** Whether `v` is slot `slot` of snapshot `s`, unchanged. */
function isSlotOf(T: TermStore, v: SymValue, pred: string, s: Term, slot: number): boolean {
  const parts = isSymArray(v) ? [v.contents, v.length, ...(v.lengths ?? [])] : [v];
  return parts.every((p) => {
    const info = T.keyed.info(p) as ProjInfo | undefined;
    return info?.kind === 'proj' && info.pred === pred && info.of === s && info.slot === slot;
  });
}

/** The snapshot of an instance of q folded from `leaves` (undefined: a slot whose condition was false). */
export function buildSnapshot(
  T: TermStore,
  pred: string,
  leaves: readonly (SymValue | undefined)[],
  label: string,
): Term {
  // Unchanged values of one unfolding of S: the instance is S again (an unused slot may be S's).
  const first = leaves.find((v) => v !== undefined);
  const firstInfo =
    first === undefined
      ? undefined
      : (T.keyed.info(isSymArray(first) ? first.contents : first) as ProjInfo | undefined);
  const from = firstInfo?.kind === 'proj' ? firstInfo.of : undefined;
  if (from && leaves.every((v, i) => v === undefined || isSlotOf(T, v, pred, from, i))) return from;
  const info: MkInfo = { kind: 'mk', pred, leaves: [...leaves] };
  return T.keyed.sym(
    `mk:${pred}:${leaves.map(keyOf).join(',')}`,
    INT_SORT,
    `${label}⟨snapshot⟩`,
    `snapshot of ${label}`,
    info,
  );
}

/** The snapshot of any instance chunk: its own, or one named by the values of its fragment. */
export function snapshotOf(T: TermStore, c: PredChunk): Term {
  if (c.snapshot) return c.snapshot;
  const parts = (c.fragment ?? []).map((x) =>
    x.kind === 'field' ? keyOf(x.value) : x.kind === 'pred' ? `p${snapshotOf(T, x).id}` : `q${x.perm.id}:${x.value.id}`,
  );
  return T.keyed.sym(
    `frag:${c.name}:${c.args.map((a) => a.id).join(',')}:${parts.join(',')}`,
    INT_SORT,
    `${c.name}⟨snapshot⟩`,
    `snapshot of ${c.name}`,
  );
}

/** One way an instance unfolds: the condition of that way, the chunks and the facts it holds. */
export interface Unfolded {
  readonly cond: Term;
  readonly chunks: Heap;
  readonly facts: readonly Term[];
}

/**
 * How the unfolding evaluates a part of the body (parameters bound) over the chunks so far,
 * where `known` holds (the way's conditions and the body's pure parts before e: a later part
 * may rely on them, as `x != null && f(x) == 3` does on f's precondition).
 */
export type EvalIn = (heap: Heap, e: Expr, known: Term) => SymValue;

export interface UnfoldWith {
  readonly T: TermStore;
  readonly types: ReadonlyMap<Expr, Type>;
  readonly isPred: IsPred;
  readonly evalIn: EvalIn;
  readonly origin: PredChunk['origin'];
}

/** The ways instance `c` (of predicate `decl`) unfolds: its fragment, or the chunks derived from its snapshot. */
export function unfoldInstance(w: UnfoldWith, decl: PredicateDecl, c: PredChunk): Unfolded[] {
  if (c.fragment) return [{ cond: w.T.trueTerm, chunks: c.fragment, facts: [] }];
  const T = w.T;
  const s = c.snapshot!;
  const label = `${decl.name}(${c.args.map((a) => (a.op === 'sym' ? a.symbol!.display : `#${a.id}`)).join(', ')})`;
  const out: Unfolded[] = [];
  for (const alt of bodyShape(decl, w.isPred).alternatives) {
    const chunks: Chunk[] = [];
    const facts: Term[] = [];
    let cond = T.trueTerm;
    for (const item of alt) {
      if (item.kind === 'cond') {
        const t = w.evalIn(chunks, item.expr, T.and(cond, ...facts)) as Term;
        cond = T.and(cond, item.positive ? t : T.not(t));
        continue;
      }
      if (item.kind === 'pure') {
        facts.push(w.evalIn(chunks, item.expr, T.and(cond, ...facts)) as Term);
        continue;
      }
      // The body's own amount (absent: write); a part of the instance scales it further (instanceAmounts.ts).
      const amount = item.kind === 'acc' ? amountOf(item.acc.amount) : undefined;
      const part = amount ? { amount } : {};
      if (item.kind === 'acc' && item.acc.target.kind !== 'call') {
        const target = item.acc.target as FieldRead;
        const receiver = w.evalIn(chunks, target.object, T.and(cond, ...facts)) as Term;
        const value = slotValue(T, decl.name, s, item.slot, w.types.get(target), `${label}.${target.field}`);
        facts.push(T.neq(receiver, T.constOf(0n, receiver.sort)));
        chunks.push({ kind: 'field', receiver, field: target.field, value, ...part, origin: w.origin });
        continue;
      }
      const call = item.kind === 'pred' ? item.call : (item.acc.target as Call);
      const args = call.args.map((a) => w.evalIn(chunks, a, T.and(cond, ...facts)) as Term);
      const snapshot = slotValue(T, decl.name, s, item.slot, undefined, `${label}.${call.callee}`) as Term;
      chunks.push({ kind: 'pred', name: call.callee, args, snapshot, ...part, origin: w.origin });
    }
    if (!(cond.op === 'const' && cond.value === false)) out.push({ cond, chunks, facts });
  }
  return out;
}
