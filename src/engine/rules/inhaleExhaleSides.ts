// A function's contract with inhale-exhale assertions `[A, B]` (lang/viper/lowerInhaleExhale.ts
// keeps them only with both sides pure): an application checks the exhale side B, and knows
// the body's value only where the inhale side A holds, since the body was checked assuming A
// (Viper: the precondition is exhaled at each application and inhaled where the function is
// verified). `f@post`'s own application (checksPostcondition) reads A, which it produced. In
// its ensures, the applications assume A and `f@post` checks B (Viper's inhale and exhale).

import type { Expr, FunctionDecl } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Term } from '../terms/term';
import type { SymValue } from '../state/state';
import type { Heap } from '../state/chunks';
import { guardedLeaves, testsUnder, type Conjunct, type IsPredicate, type Side } from './heap/assertions';
import type { EvalCore } from './evalEnv';

const SIDED = new WeakMap<FunctionDecl, { inhale: readonly Expr[]; exhale: readonly Expr[] } | null>();

/** Whether `fn`'s requires or ensures holds an inhale-exhale assertion. */
export function hasSides(fn: FunctionDecl): boolean {
  return sidesOf(fn) !== null || (fn.ensures ?? []).some(holds);
}

/** `fn`'s ensures as its applications assume them: the inhale side of each `[A, B]`. */
export function ensuresAssumed(fn: FunctionDecl): readonly Expr[] {
  const posts = fn.ensures ?? [];
  return posts.some(holds) ? posts.map((e) => pick(e, 'inhale')) : posts;
}

/** `fn`'s requires with each `[A, B]` replaced by the side read (unchanged without one). */
export function requiresOn(fn: FunctionDecl, side: Exclude<Side, 'both'>): readonly Expr[] {
  return sidesOf(fn)?.[side] ?? fn.requires;
}

/**
 * Whether an application may know the body's value (read over B's footprint, which keys it):
 * only where every permission A holds is one B holds too. The body reads A's locations only
 * (its well-formedness is checked under A); a location A holds and B does not is no part of the
 * key, so two applications equal by their keys could read it differently: the application is
 * then abstract, known by its postcondition alone (Silicon's snapshot mix-up, issue 271, is
 * the unsound alternative).
 */
export function bodyKnownAtApplications(fn: FunctionDecl, isPred: IsPredicate): boolean {
  let known = BODY_KNOWN.get(fn);
  if (known === undefined) {
    known = sidesOf(fn) === null || inhaledAreExhaled(fn, isPred);
    BODY_KNOWN.set(fn, known);
  }
  return known;
}

/** Computed once per function (applications are many): its requires' sides do not change. */
const BODY_KNOWN = new WeakMap<FunctionDecl, boolean>();

function inhaledAreExhaled(fn: FunctionDecl, isPred: IsPredicate): boolean {
  const held = (side: Exclude<Side, 'both'>): string[] =>
    guardedLeaves(requiresOn(fn, side), isPred)
      .filter((l) => l.conjunct.kind !== 'pure')
      .map((l) => `${l.tests.map(([t, pos]) => `${pos ? '' : '!'}${printExpr(t)}`).join('&')}|${heldText(l.conjunct)}`);
  const exhaled = new Set(held('exhale'));
  return held('inhale').every((k) => exhaled.has(k));
}

function heldText(c: Conjunct): string {
  if (c.kind === 'acc') return printExpr(c.acc);
  if (c.kind === 'pred') return `${printExpr(c.call)}, ${c.amount ? printExpr(c.amount) : 'write'}`;
  if (c.kind === 'qacc') return printExpr(c.quant);
  return printExpr(c.expr);
}

function sidesOf(fn: FunctionDecl): { inhale: readonly Expr[]; exhale: readonly Expr[] } | null {
  let known = SIDED.get(fn);
  if (known === undefined) {
    known = fn.requires.some(holds)
      ? { inhale: fn.requires.map((e) => pick(e, 'inhale')), exhale: fn.requires.map((e) => pick(e, 'exhale')) }
      : null;
    SIDED.set(fn, known);
  }
  return known;
}

function holds(e: Expr): boolean {
  if (e.kind === 'inhaleExhale') return true;
  return e.kind === 'binary' && e.op === '&&' && (holds(e.left) || holds(e.right));
}

/**
 * `e` with its `[A, B]` among its top-level conjuncts replaced by one side. Only `&&` nodes are
 * rebuilt: the conjuncts split them and never evaluate one (a new node has no type). A `[A, B]`
 * deeper (under `==>`) stays, and the evaluator refuses it by name (never read as either side).
 */
function pick(e: Expr, side: Exclude<Side, 'both'>): Expr {
  if (e.kind === 'inhaleExhale') return pick(side === 'inhale' ? e.inhale : e.exhale, side);
  if (e.kind === 'binary' && e.op === '&&' && holds(e))
    return { ...e, left: pick(e.left, side), right: pick(e.right, side) };
  return e;
}

/**
 * Where the inhale side of `fn`'s requires holds at an application (parameters `params`, over
 * `heap`): the body's value is known there only. Evaluating A is no check of the application
 * (B is): what A's own evaluation would oblige (a read, a division) joins the condition instead.
 */
export function inhaleHolds(
  ev: EvalCore,
  fn: FunctionDecl,
  heap: Heap,
  params: ReadonlyMap<string, SymValue>,
  guard: Term,
): Term {
  const T = ev.T;
  const inner = ev.over(heap, (n) => params.get(n));
  const before = ev.out.length;
  const under = testsUnder(T, guard, (e, g) => inner.term(e, g, new Map(), false));
  const parts: Term[] = [];
  for (const { conjunct: k, tests } of guardedLeaves(requiresOn(fn, 'inhale'), () => false)) {
    if (k.kind !== 'pure') continue;
    const { g, cond } = under(tests);
    parts.push(T.implies(cond, inner.term(k.expr, g, new Map(), false)));
  }
  const obliged = ev.out.splice(before).map((o) => o.cond);
  return T.and(...parts, ...obliged);
}
