// `new C` and field writes `e.f := v` (docs/design.md B.5). A new object is a fresh reference,
// different from null and from every reference the path knows, holding full permission to
// all its fields at their defaults (0, false, null, empty). A write needs the chunk of its
// location; without one it is a `permission` failure, healed as a read is (heal.ts).

import { isQuantifiedField } from './quantifiedPerms';
import { writeQuantified } from './writeQuantified';
import { allocateQuantified } from './allocQuantified';
import { EvalError } from './evalEnv';
import type { FieldRead, New } from '../../lang/ast';
import type { Span } from '../../lang/span';
import { conjoin } from '../state/pathCondition';
import { isSymArray, type State, type SymValue } from '../state/state';
import { REF_SORT, isTrue, type Term } from '../terms/term';
import { sortOfType } from '../state/sorts';
import { ALLOCATION } from './heap/alias';
import { candidates, placeholder, readField, writeField } from './heap/access';
import { printAmount } from '../state/amounts';
import { EMPTY_HEAP, type FieldChunk, type Heap } from '../state/chunks';
import { printExpr } from '../../lang/printer';
import { STEP, type EngineContext, type Successor } from './context';
import { checkHealing } from './heal';
import { notHeldToRead } from './eval';

/** Every reference-sorted term the path holds: variables of all frames, globals, chunk receivers and values. */
function knownRefs(s: State): Term[] {
  const out = new Set<Term>();
  const add = (v: SymValue | undefined): void => {
    if (v && !isSymArray(v) && v.sort.kind === 'ref' && v.op !== 'const') out.add(v);
  };
  for (const f of s.frames) {
    f.store.forEach(add);
    f.entry.forEach(add);
  }
  s.globals.forEach(add);
  const heaps: (Heap | undefined)[] = [s.heap, ...s.frames.flatMap((f) => [f.entryHeap, f.callerHeap])];
  const visit = (h: Heap): void => {
    for (const c of h) {
      if (c.kind === 'field') {
        add(c.receiver);
        add(c.value);
      } else if (c.kind === 'pred') {
        c.args.forEach(add);
        visit(c.fragment ?? []);
      }
    }
  };
  for (const h of heaps) visit(h ?? []);
  for (let e = s.inputs; e; e = e.prev) add(e.symbol);
  return [...out];
}

/** `new C` at `span`: the state with the object's chunks, and the reference. */
export function allocate(ctx: EngineContext, s: State, e: New, span: Span): { state: State; ref: Term } {
  const T = ctx.T;
  const site = `${e.className}@${span.line}`;
  const count = s.havocCounts.get(site);
  const n = (typeof count === 'number' ? count : 0) + 1;
  const ref = T.input(REF_SORT, n === 1 ? site : `${site}#${n}`, `${ALLOCATION}${e.className} at line ${span.line}`);
  const counts = new Map(s.havocCounts);
  counts.set(site, n);
  let pc = conjoin(s.pc, { term: T.neq(ref, T.constOf(0n, REF_SORT)), span, reason: `new ${e.className} is not null` });
  for (const other of knownRefs(s)) {
    if (other !== ref)
      pc = conjoin(pc, { term: T.neq(ref, other), span, reason: `new ${e.className} is a fresh object` });
  }
  const cls = ctx.checked.classes.get(e.className);
  if (!cls) throw new Error(`internal: unknown class ${e.className}`);
  const origin = { span, reason: `new ${e.className} at line ${span.line}` };
  // Quantified fields are held in their quantified chunks only (allocQuantified.ts).
  // A predicate's snapshot field (FieldDecl.unbounded) has no location in a new object.
  const quantified = cls.fields.filter((f) => isQuantifiedField(ctx.checked, f.name) && !f.unbounded);
  const q = allocateQuantified(
    T,
    s.heap ?? EMPTY_HEAP,
    ref,
    quantified.map((f) => ({ name: f.name, sort: sortOfType(f.type) })),
    origin,
  );
  for (const fact of q.facts) pc = conjoin(pc, { term: fact, span, reason: `new ${e.className} is a fresh object` });
  const chunks: FieldChunk[] = cls.fields
    .filter((f) => !quantified.includes(f) && !f.unbounded)
    .map((f) => ({
      kind: 'field',
      receiver: ref,
      field: f.name,
      value: placeholder(T, sortOfType(f.type)),
      origin,
    }));
  return { state: { ...s, pc, havocCounts: counts, heap: [...q.heap, ...chunks] }, ref };
}

/** Why a write is not allowed: no permission, or only a part of the location (`needs write; holds 1/2`). */
function writeMessage(display: string, chunk: FieldChunk | undefined): string {
  const part = chunk?.amount === undefined ? '' : `: it needs write, and ${printAmount(chunk.amount)} is held`;
  return `acc(${display}) is not held to write ${display}${part}`;
}

/** `target := v` for a field target whose receiver evaluated to `receiver`. */
export async function writeChecked(
  ctx: EngineContext,
  s: State,
  target: FieldRead,
  receiver: Term,
  v: SymValue,
  span: Span,
): Promise<Successor[]> {
  if (isQuantifiedField(ctx.checked, target.field)) return writeQuantified(ctx, s, target, receiver, v, span);
  const w = writeField(ctx.T, s.heap ?? EMPTY_HEAP, receiver, target.field, v);
  const done = (next: State): Successor[] => [{ state: { ...next, heap: w.heap }, label: STEP }];
  if (isTrue(w.held)) return done(s);
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field target');
  const display = printExpr(target, 200);
  const obligation = {
    kind: 'permission' as const,
    cond: w.held,
    span,
    message: writeMessage(display, candidates(s.heap ?? EMPTY_HEAP, receiver, target.field).exact),
    heal: { receiver, field: target.field, type, display },
  };
  const out = await checkHealing(ctx, s, [obligation], (healed) =>
    writeChecked(ctx, healed, target, receiver, v, span),
  );
  return out.next ? [...out.leaves, ...done(out.next)] : out.leaves;
}

/** Reads `target` for a receiver evaluated earlier (`receiver`): needs its chunk, healed as any read; `k` gets the value. */
export async function readChecked(
  ctx: EngineContext,
  s: State,
  target: FieldRead,
  receiver: Term,
  span: Span,
  k: (s: State, v: SymValue) => Promise<Successor[]>,
): Promise<Successor[]> {
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for a field target');
  if (isQuantifiedField(ctx.checked, target.field))
    throw new EvalError('a quantified field read here is not supported');
  const r = readField(ctx.T, s.heap ?? EMPTY_HEAP, receiver, target.field, sortOfType(type));
  if (isTrue(r.held)) return k(s, r.value);
  const display = printExpr(target, 200);
  const obligation = {
    kind: 'permission' as const,
    cond: r.held,
    span,
    message: notHeldToRead(display),
    heal: { receiver, field: target.field, type, display },
  };
  const out = await checkHealing(ctx, s, [obligation], (healed) => readChecked(ctx, healed, target, receiver, span, k));
  return out.next ? [...out.leaves, ...(await k(out.next, r.value))] : out.leaves;
}

/** The frame's heap: a state without one holds no permissions. */
export function heapOf(s: State): Heap {
  return s.heap ?? EMPTY_HEAP;
}
