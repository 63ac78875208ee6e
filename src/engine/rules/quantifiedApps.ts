// An application of an abstract or recursive function whose arguments or footprint mention a
// quantifier's bound variables (docs/design.md B.11, after Silicon's function axiomatisation):
// a keyed symbol would be one constant for every value of the binder, so the application is
// the solver's uninterpreted function of its footprint's values and its arguments, `f(s̄, ā)`.
// What is known of it are facts closed over the binder (∀x̄. guard ⇒ …), kept per function and
// added to every query that applies it (keyed.ts `addFunctionFact`):
// - its postcondition: pre ⇒ ensures[result := f(s̄, ā)];
// - for a function with a body, once per application outside another expansion (fuel, E.3),
//   its definition pre ⇒ f(s̄, ā) == body, the applications inside the body being of the
//   limited function `f%limited`, which has no definition: Z3 cannot unroll it without end
//   (Silicon's limited functions). Not made when a snapshot of the footprint depends on the
//   binder: unfolding it would key the instance's parts by a bound term.
// Every keyed application of f (outside binders) is tied to the same function: K == f(s̄, ā) and
// f%limited(s̄, ā) == f(s̄, ā), ground facts; under binders, Silicon's quantified link
// ∀ā. {f(ā)} f(ā) == f%limited(ā). Each quantified fact is triggered by its application f(s̄, ā),
// as Silicon's axioms are (terms/patterns.ts): Z3 instantiates it where f is applied. Its precondition's obligations were recorded by the
// footprint (footprint.ts), quantified by the enclosing binder (eval.ts `quantifier`).

import type { Call, Expr, FunctionDecl } from '../../lang/ast';
import type { Term, Sort } from '../terms/term';
import { closeOver, freeBound } from '../terms/boundVars';
import { sortOfType } from '../state/sorts';
import { isSymArray, type SymValue } from '../state/state';
import type { TermStore } from '../terms/store';
import type { Footprint } from './footprint';
import { EvalError, type EvalCore } from './evalEnv';

/** Whether the application of these parts and arguments must be the uninterpreted function's (it mentions a binder). */
export function underBinder(fp: Footprint, args: readonly SymValue[]): boolean {
  return [...fp.parts, ...args].some((v) =>
    isSymArray(v) ? [v.length, v.contents, ...(v.lengths ?? [])].some(bound) : bound(v),
  );
}

const bound = (t: Term): boolean => freeBound(t).length > 0;

export const limitedName = (fn: string): string => `${fn}%limited`;

export function quantifiedApplication(
  ev: EvalCore,
  fn: FunctionDecl,
  c: Call,
  args: readonly SymValue[],
  fp: Footprint,
  params: ReadonlyMap<string, SymValue>,
  guard: Term,
): SymValue {
  const T = ev.T;
  const sort = sortOfType(fn.result);
  const scalar = [...fp.parts, ...args];
  if (sort.kind === 'array' || scalar.some((p) => isSymArray(p) || p.sort.kind === 'array'))
    throw new EvalError(`${fn.name}: an application under a quantifier with an array argument or result`);
  const terms = scalar as Term[];
  // A fact whose terms a quantifier of f would capture is not made (fewer facts: still sound).
  const captured = captures(fn, terms);
  tieKeyed(T, fn, sort);
  const limited = fn.body !== undefined && ev.env.expanding === true;
  const app = T.app(limited ? limitedName(fn.name) : fn.name, terms, sort);
  const pre = T.and(...fp.pres);
  const when = T.and(guard, pre);
  const lookup = (n: string): SymValue | undefined => (n === 'result' ? app : params.get(n));
  const over = { ...ev.env, heap: fp.footprint, oldHeap: fp.footprint, lookup, lookupOld: lookup, expanding: true };
  if ((fn.ensures ?? []).length > 0 && !ev.env.inPost && !captured && once(T, `qpost:${app.id}:${when.id}`)) {
    const inner = ev.inEnv({ ...over, inPost: true });
    for (const e of fn.ensures ?? [])
      T.keyed.addFunctionFact(app.name!, closeOver(T, T.implies(when, inner.term(e, guard, new Map(), false)), app));
  }
  if (fn.body === undefined || limited || captured || fp.snapKeys.some(bound)) return app;
  if (!once(T, `qdef:${app.id}:${when.id}`)) return app;
  const body = ev.inEnv(over).term(fn.body, when, new Map(), false);
  T.keyed.addFunctionFact(app.name!, closeOver(T, T.implies(when, T.eq(app, body)), app));
  linkLimited(T, fn, terms, sort);
  return app;
}

/**
 * Silicon's `∀ā. {f(ā)} f(ā) == f%limited(ā)`, once per function and signature: a fact about
 * f%limited inside an unrolled body reaches every application of f. Its trigger is f only: an
 * f%limited term makes no f term, so the limited function still cannot unroll without end.
 */
function linkLimited(T: TermStore, fn: FunctionDecl, terms: readonly Term[], sort: Sort): void {
  const vars = terms.map((t, i) => T.bound(`${fn.name}%${i}`, t.sort));
  const full = T.app(fn.name, vars, sort);
  if (!once(T, `qlink:${full.id}`)) return;
  T.keyed.addFunctionFact(fn.name, T.forall(vars, T.eq(full, T.app(limitedName(fn.name), vars, sort)), [[full]]));
}

/** True the first time `key` is asked in this run (a marker symbol records it, as the keyed facts do). */
function once(T: TermStore, key: string): boolean {
  const marker = T.keyed.sym(key, T.boolSort, key, 'fact made once');
  if (T.keyed.hasFacts(marker)) return false;
  T.keyed.addFact(marker, T.trueTerm);
  return true;
}

/** Ties every keyed application of fn (group `app:f`, evalCalls.ts) to the uninterpreted functions. */
function tieKeyed(T: TermStore, fn: FunctionDecl, sort: Sort): void {
  T.keyed.linkGroup(`app:${fn.name}`, (k, parts) => {
    const full = T.app(fn.name, parts, sort);
    if (k.sort.kind !== sort.kind) return [];
    const out = [T.eq(k, full)];
    if (fn.body !== undefined) out.push(T.eq(T.app(limitedName(fn.name), parts, sort), full));
    return out;
  });
}

/**
 * Whether a quantifier of f's contract or body binds the name of a bound variable of these terms:
 * put under that quantifier, they would be captured (binders are terms named by their names).
 */
function captures(fn: FunctionDecl, terms: readonly Term[]): boolean {
  const inner = binderNames(fn);
  return inner.size > 0 && terms.some((t) => freeBound(t).some((b) => inner.has(b.name!)));
}

const binderMemo = new WeakMap<FunctionDecl, ReadonlySet<string>>();

/** The names f's own quantifiers bind (in its contract and body). */
function binderNames(fn: FunctionDecl): ReadonlySet<string> {
  const hit = binderMemo.get(fn);
  if (hit) return hit;
  const out = new Set<string>();
  const work: unknown[] = [fn.body, fn.ensures, fn.requires];
  while (work.length > 0) {
    const x = work.pop();
    if (Array.isArray(x)) {
      work.push(...(x as unknown[]));
      continue;
    }
    if (typeof x !== 'object' || x === null) continue;
    const n = x as Expr & { vars?: { name: string }[] };
    if (n.kind === 'quant') for (const v of n.vars ?? []) out.add(v.name);
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') work.push(v);
  }
  binderMemo.set(fn, out);
  return out;
}
