// Quantified field permissions (docs/design.md B.10, after Silicon's quantified chunks, read to
// learn): a field named by a quantified permission anywhere in the program is held in at most
// one chunk per path (state/quantifiedChunks.ts) whose amount and value are functions of the
// chunk's own reference R. Producing `forall x :: d(x) ==> acc(x.f, p)` adds `d(R) ? p : 0` to
// the amount (assuming it stays at most write and that d's references are not null); a location
// that was not held gets a fresh value. Consuming it needs `∀R. d(R) ⇒ p ≤ perm(R)` and
// subtracts; reading e.f needs perm(e) > 0; writing needs perm(e) = 1 and updates the value at e.
// A single `acc(e.f, p)` of such a field is the same with d(R) = (R == e).

import type { Acc, Expr, FieldRead } from '../../lang/ast';
import type { ClassDecl } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { TermStore } from '../terms/store';
import { INT_SORT, REF_SORT, type Sort, type Term } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import { ONE, ZERO } from '../../lang/rational';
import { EMPTY_HEAP, replaceChunk, withChunk, type Heap } from '../state/chunks';
import { at, chunkVar, quantChunks, type QuantChunk } from '../state/quantifiedChunks';
import { accAmount } from './heap/fractions';
import type { EvalEnv } from './evalEnv';
import type { Obligation } from '../state/obligation';
import { placeholder, type Read, type Write } from './heap/access';
import type { SymValue } from '../state/state';

type Decls = EvalEnv['decls'];

/** Whether `field` is held through quantified chunks only (a quantified permission names it). */
export function isQuantifiedField(decls: Decls | { classes?: ReadonlyMap<string, ClassDecl> }, field: string): boolean {
  const classes = (decls as { classes?: ReadonlyMap<string, ClassDecl> } | undefined)?.classes;
  if (!classes) return false;
  for (const c of classes.values()) if (c.fields.some((f) => f.name === field && f.quantified)) return true;
  return false;
}

/** Whether `field` is a predicate's snapshot (FieldDecl.unbounded): no bound of write on its amount. */
export function isUnboundedField(decls: Decls | { classes?: ReadonlyMap<string, ClassDecl> }, field: string): boolean {
  const classes = (decls as { classes?: ReadonlyMap<string, ClassDecl> } | undefined)?.classes;
  for (const c of classes?.values() ?? []) if (c.fields.some((f) => f.name === field && f.unbounded)) return true;
  return false;
}

/** A receiver that is a function of the binder (rules/quantifiedInverse.ts). */
export interface Inverse {
  /** d(inv(R)) ∧ e(inv(R)) == R. */
  readonly cond: Term;
  /** ∀i1 i2. d(i1) ∧ d(i2) ∧ e(i1) == e(i2) ⇒ i1 == i2: to check. */
  readonly injective: Term;
  /** ∀i. d(i) ⇒ inv(e(i)) == i: to assume once injectivity holds. */
  readonly facts: readonly Term[];
  /** ∀i. d(i) ⇒ ok(e(i)), for a property `ok` of the locations. */
  readonly everyLocation: (ok: (receiver: Term) => Term) => Term;
  readonly obligations: readonly Obligation[];
  /** A non-constant amount over the binder, p(i): what a consume's check compares (rules/quantifiedAmount.ts). */
  readonly amount?: Term;
  /** The quantifier's span: where Viper reports `qp.not.injective`. */
  readonly span: Span;
}

/** A permission of a quantified field, read off an assertion: the locations d(R) and the amount. */
export interface QuantSpec {
  readonly field: string;
  readonly acc: Acc;
  readonly target: FieldRead;
  /** d(R): which references' locations (a term over R). */
  readonly cond: Term;
  /** The amount as a real term; `wildcard` when the amount is a wildcard (made fresh where used). */
  readonly amount: Term | 'wildcard';
  /** Obligations of evaluating d and the receiver, closed (quantified over the binder where needed). */
  readonly obligations: readonly Obligation[];
  /** A receiver that is a function of the binder: injectivity to check, inverse facts (rules/quantifiedInverse.ts). */
  readonly inverse?: Inverse;
  /** A non-constant amount's `∀x. d(x) ⇒ p(x) >= 0`, to check (rules/quantifiedAmount.ts). */
  readonly amountCheck?: AmountCheck;
}

/** A non-constant amount's `p >= 0` over the binder, where it is reported. */
export interface AmountCheck {
  readonly term: Term;
  readonly span: Span;
  readonly message: string;
}

export function amountTerm(T: TermStore, acc: Acc): Term | 'wildcard' {
  const a = accAmount(acc);
  if (a === undefined) return realLit(T, ONE);
  if (a.above) return 'wildcard';
  return realLit(T, a.q);
}

const zero = (T: TermStore): Term => realLit(T, ZERO);

/**
 * `acc(e.f, p)` of a quantified field, with e's value: the locations R == e. A non-constant p
 * (its value given) holds the location only where it is positive (what is assumed not null).
 */
export function pointSpec(T: TermStore, acc: Acc, receiver: Term, p?: Term): QuantSpec {
  const target = acc.target as FieldRead;
  const R = chunkVar(T);
  const at = T.eq(R, receiver);
  const cond = p ? T.and(at, realBinary(T, 'lt', zero(T), p)) : at;
  return { field: target.field, acc, target, cond, amount: p ?? amountTerm(T, acc), obligations: [] };
}

/** The amount of `field` held at R (0 without a chunk) and its chunk. */
function current(T: TermStore, h: Heap, field: string): { chunk?: QuantChunk; perm: Term } {
  const chunk = quantChunks(h, field)[0];
  return { chunk, perm: chunk ? chunk.perm : zero(T) };
}

export interface Produced {
  readonly heap: Heap;
  /** Facts to assume: the locations are not null, and no location is held beyond write. */
  readonly facts: readonly Term[];
}

/** Adds `amount` at the locations d(R), with a fresh value where nothing was held. */
export function produceQuant(
  T: TermStore,
  h: Heap,
  spec: QuantSpec,
  sort: Sort,
  origin: { readonly span?: Span; readonly reason: string },
  bounded = true,
): Produced {
  const R = chunkVar(T);
  const facts: Term[] = [];
  let p: Term;
  if (spec.amount === 'wildcard') {
    p = T.symbol({ kind: 'real' }, `wildcard@${spec.acc.span.line}`, `a wildcard amount (line ${spec.acc.span.line})`);
    facts.push(realBinary(T, 'lt', zero(T), p));
  } else p = spec.amount;
  const cur = current(T, h, spec.field);
  const tag = T.symbol(INT_SORT, `${spec.field}⟨values⟩`, `values of ${spec.field} (${origin.reason})`);
  const fresh = T.app(`qpv.${tag.symbol!.name}`, [R], sort);
  const perm = realBinary(T, 'add', cur.perm, T.ite(spec.cond, p, zero(T)));
  const value = cur.chunk ? T.ite(realBinary(T, 'lt', zero(T), cur.perm), cur.chunk.value, fresh) : fresh;
  // A predicate's instance may have null arguments: its snapshot field (unbounded) is neither.
  if (bounded) facts.push(T.forall([R], T.implies(spec.cond, T.neq(R, T.constOf(0n, REF_SORT)))));
  if (bounded) facts.push(T.forall([R], realBinary(T, 'le', perm, realLit(T, ONE))));
  const chunk: QuantChunk = { kind: 'qfield', field: spec.field, perm, value, origin };
  return { heap: cur.chunk ? replaceChunk(h, cur.chunk, chunk) : withChunk(h, chunk), facts };
}

export interface Taken {
  /** `∀R. d(R) ⇒ p ≤ perm(R)` (for a wildcard: 0 < perm(R)): the permission obligation. */
  readonly held: Term;
  /** Facts to assume once it holds (a wildcard's fresh amount is below what is held). */
  readonly facts: readonly Term[];
  readonly heap: Heap;
  /** The part taken, as a chunk (where a consume puts it: a callee's heap). */
  readonly part: QuantChunk;
}

/** Takes `amount` at the locations d(R). */
export function consumeQuant(T: TermStore, h: Heap, spec: QuantSpec, sort: Sort, origin: QuantChunk['origin']): Taken {
  const R = chunkVar(T);
  const cur = current(T, h, spec.field);
  const facts: Term[] = [];
  let p: Term;
  let held: Term;
  if (spec.amount === 'wildcard') {
    p = T.symbol(
      { kind: 'real' },
      `wildcard@${spec.acc.span.line}`,
      `a wildcard amount taken (line ${spec.acc.span.line})`,
    );
    held = spec.inverse
      ? spec.inverse.everyLocation((r) => realBinary(T, 'lt', zero(T), at(T, cur.perm, r)))
      : T.forall([R], T.implies(spec.cond, realBinary(T, 'lt', zero(T), cur.perm)));
    facts.push(realBinary(T, 'lt', zero(T), p));
    facts.push(T.forall([R], T.implies(spec.cond, realBinary(T, 'lt', p, cur.perm))));
  } else {
    p = spec.amount;
    const amount = spec.inverse?.amount ?? p;
    held = spec.inverse
      ? spec.inverse.everyLocation((r) => realBinary(T, 'le', amount, at(T, cur.perm, r)))
      : T.forall([R], T.implies(spec.cond, realBinary(T, 'le', p, cur.perm)));
  }
  const taken = T.ite(spec.cond, p, zero(T));
  const value = cur.chunk?.value ?? T.app(`qpv.none.${spec.field}`, [R], sort);
  const part: QuantChunk = { kind: 'qfield', field: spec.field, perm: taken, value, origin };
  if (!cur.chunk) return { held, facts, heap: h, part };
  const rest: QuantChunk = { ...cur.chunk, perm: realBinary(T, 'sub', cur.perm, taken) };
  return { held, facts, heap: replaceChunk(h, cur.chunk, rest), part };
}

/** `perm(receiver.field)`: the amount held there. */
export function permQuant(T: TermStore, h: Heap, receiver: Term, field: string): Term {
  return at(T, current(T, h, field).perm, receiver);
}

/** Reading `receiver.field`: needs some amount held there. */
export function readQuant(T: TermStore, h: Heap, receiver: Term, field: string, sort: Sort): Read {
  const cur = current(T, h, field);
  if (!cur.chunk) return { value: placeholder(T, sort), held: T.falseTerm };
  return { value: at(T, cur.chunk.value, receiver), held: realBinary(T, 'lt', zero(T), at(T, cur.perm, receiver)) };
}

/** Writing `receiver.field := v`: needs all of the location; the value at the receiver changes. */
export function writeQuant(T: TermStore, h: Heap, receiver: Term, field: string, v: SymValue): Write {
  const cur = current(T, h, field);
  if (!cur.chunk) return { heap: h, held: T.falseTerm };
  const R = chunkVar(T);
  const value = T.ite(T.eq(R, receiver), v as Term, cur.chunk.value);
  return {
    heap: replaceChunk(h, cur.chunk, { ...cur.chunk, value }),
    held: realBinary(T, 'le', realLit(T, ONE), at(T, cur.perm, receiver)),
  };
}

export function heapOf(h: Heap | undefined): Heap {
  return h ?? EMPTY_HEAP;
}

export type { Expr };
