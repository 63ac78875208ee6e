// Function applications in symbolic evaluation (docs/design.md B.5, E.3): a synth function's
// application, a non-recursive function's body evaluated over the caller's heap with its
// requires as obligations, and a recursive function's uninterpreted, footprint-keyed term.

import { permOf } from './evalPerm';
import type { Call, FieldRead, FunctionDecl, Unfolding } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Term } from '../terms/term';
import { sortOfType } from '../state/sorts';
import { innerLevels } from '../state/arrays';
import { isSymArray, type SymValue } from '../state/state';
import type { Chunk } from '../state/chunks';
import { synthApplication } from '../synth/encode';
import { guardedLeaves, testsUnder } from './heap/assertions';
import { recursion } from './heap/recursion';
import { keyOf } from './heap/snapshots';
import { footprintOf, needOf } from './footprint';
import { obligeBounds } from './footprintBounds';
import { quantifiedApplication, underBinder } from './quantifiedApps';
import { EvalError, requiredAt, type EvalCore } from './evalEnv';
import { isQuantifiedField } from './quantifiedPerms';
import { quantifiedPart } from './quantifiedFootprint';
import { bodyKnownAtApplications, ensuresAssumed, hasSides, inhaleHolds } from './inhaleExhaleSides';

/** `f(ē)` of a heap-dependent function: its requires must hold (permissions held, pure part true); its value is its body's over the same heap. */
export function functionCall(
  ev: EvalCore,
  c: Call,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): SymValue {
  if (c.callee === 'perm' && !ev.env.decls?.functions?.has('perm')) return permOf(ev, c, guard, bound, old);
  const synth = ev.env.decls?.synths?.get(c.callee);
  if (synth) {
    if (bound.size > 0) throw new EvalError(`synth function ${synth.name} cannot be applied under a quantifier yet`);
    const args = c.args.map((a) => ev.term(a, guard, bound, old));
    return synthApplication(ev.T, synth, ev.env.types, args, c.args.map((a) => printExpr(a, 40)).join(', '));
  }
  const fn = ev.env.decls?.functions.get(c.callee);
  if (!fn) throw new EvalError('a procedure call cannot be evaluated inside an expression');
  const args = c.args.map((a) => ev.value(a, guard, bound, old));
  // With `[A, B]` in its requires, the body's value is known only where A holds; in its ensures,
  // A is assumed: a keyed term, whose postcondition is assumed (inhaleExhaleSides.ts).
  if (fn.body === undefined || recursion(ev.env.decls!).functions.has(fn.name) || hasSides(fn))
    return application(ev, fn, c, args, guard, bound, old);
  const body = fn.body;
  const params = new Map(fn.params.map((p, i) => [p.name, args[i]]));
  const inner = ev.over(ev.heapFor(old), (n) => params.get(n));
  const under = testsUnder(ev.T, guard, (e, g) => inner.term(e, g, new Map(), false));
  obligeBounds(ev, fn, c, inner, guard);
  for (const { conjunct: k, tests } of guardedLeaves(fn.requires, (n) => ev.env.decls?.predicates.has(n) ?? false)) {
    const { g, cond } = under(tests);
    if (k.kind === 'qacc' || (k.kind === 'acc' && isQuantifiedField(ev.env.decls, (k.acc.target as FieldRead).field))) {
      quantifiedPart(inner, fn, c, k.kind === 'qacc' ? k.quant : k.acc, inner.heapFor(false), g, cond);
      continue;
    }
    if (k.kind === 'acc') {
      const need = needOf(k.acc);
      inner.field(k.acc.target as FieldRead, g, new Map(), false, k.acc.target, requiredAt(fn, k.acc, c), need);
      continue;
    }
    if (k.kind === 'pred') {
      const held: Unfolding = {
        kind: 'unfolding',
        pred: k.call,
        ...(k.amount ? { amount: k.amount } : {}),
        body: { kind: 'boolLit', value: true, span: k.call.span },
        span: c.span,
      };
      inner.unfolding(held, g, new Map(), false, requiredAt(fn, k.call, c));
      continue;
    }
    const holds = inner.term(k.expr, g, new Map(), false);
    ev.oblige('precondition', holds, g, c.span, `${fn.name} requires ${printExpr(k.expr, 200)}`);
  }
  return inner.value(body, guard, new Map(), false);
}

/**
 * `f(ē)` of a recursive function (docs/design.md B.5, E.3): the uninterpreted term f(footprint, ē),
 * keyed by the snapshots and values its `requires` holds and by the arguments. The first
 * time it is evaluated outside another expansion, its body is evaluated over exactly that
 * footprint and `requires ==> f(…) == body` becomes a fact of the term (added to every query
 * that mentions it); applications met inside that body are not expanded then.
 */
function application(
  ev: EvalCore,
  fn: FunctionDecl,
  c: Call,
  args: readonly SymValue[],
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): SymValue {
  const T = ev.T;
  const heap = ev.heapFor(old);
  const params = new Map(fn.params.map((p, i) => [p.name, args[i]]));
  // `f@post` reads the inhale side of `[A, B]`, which it produced; any other application B.
  const side = c.checksPostcondition ? 'inhale' : 'exhale';
  const fp = footprintOf(ev, fn, c, heap, params, guard, side);
  // Under a binder (B.11): the solver's function of the footprint and arguments, not a keyed symbol.
  if (underBinder(fp, args)) {
    if (hasSides(fn)) throw new EvalError(`${fn.name}: an inhale-exhale precondition applied under a quantifier`);
    return quantifiedApplication(ev, fn, c, args, fp, params, guard);
  }
  const { footprint, keys, pres, snapKeys, parts } = fp;
  const sort = sortOfType(fn.result);
  if (sort.kind === 'array' && innerLevels(sort) > 0)
    throw new EvalError(`${fn.name} is recursive: results that are arrays of arrays are not supported yet`);
  const shown = c.args.map((a) => printExpr(a, 40)).join(', ');
  const key = `app:${fn.name}:${keys.join(',')}:${args.map(keyOf).join(',')}`;
  const origin = `application of ${fn.name} at line ${c.span.line}`;
  // An array result is two uninterpreted values, its length and its contents, each defined by the body's.
  const app: Term = T.keyed.sym(key, sort, `${fn.name}(${shown})`, origin);
  const len =
    sort.kind === 'array' ? T.keyed.sym(`${key}:length`, T.intSort, `${fn.name}(${shown}).length`, origin) : undefined;
  const result: SymValue = len ? { kind: 'symArray', length: len, contents: app } : app;
  // Congruence: equal footprint values and arguments give equal applications (not for array parts).
  const scalar = [...parts, ...args];
  if (scalar.every((p) => !isSymArray(p) && p.sort.kind !== 'array')) {
    T.keyed.congruent(`app:${fn.name}`, app, scalar as Term[]);
    if (len) T.keyed.congruent(`app:${fn.name}:length`, len, scalar as Term[]);
  }
  const pre = T.and(...pres);
  if (!c.checksPostcondition) assumePosts(ev, fn, key, result, footprint, params, T.and(guard, pre), pre);
  // Where the body's value is known: the requires read, or A where B was (inhaleExhaleSides.ts).
  const defined = side === 'exhale' && hasSides(fn) ? inhaleHolds(ev, fn, heap, params, guard) : pre;
  if (fn.body === undefined) return result;
  if (side === 'exhale' && !bodyKnownAtApplications(fn, (n) => ev.env.decls?.predicates.has(n) ?? false)) return result;
  const definition = fn.body;
  // Fuel: inside an expansion only applications to snapshots built by `fold` expand again
  // (those are finite terms, so this ends); any other waits until evaluated at top level.
  const built =
    snapKeys.length > 0 && snapKeys.every((t) => (T.keyed.info(t) as { kind?: string } | undefined)?.kind === 'mk');
  if ((ev.env.expanding && !built) || T.keyed.hasFacts(app)) return result;
  T.keyed.addFact(app, T.trueTerm);
  if (len) T.keyed.addFact(len, T.trueTerm);
  const lookup = (n: string): SymValue | undefined => params.get(n);
  const body = ev
    .inEnv({ ...ev.env, heap: footprint, oldHeap: footprint, lookup, lookupOld: lookup, expanding: true })
    .value(definition, T.and(guard, defined), new Map(), false);
  if (isSymArray(body) && len) {
    T.keyed.addFact(app, T.implies(defined, T.eq(app, body.contents)));
    T.keyed.addFact(len, T.implies(defined, T.eq(len, body.length)));
  } else {
    T.keyed.addFact(app, T.implies(defined, T.eq(app, body as Term)));
  }
  return result;
}

/**
 * The postcondition of an application of an abstract or recursive function (Viper's): `pre ==>
 * ensures[result := f(…)]`, a fact of the application (once per term, over its footprint as the
 * heap; a marker symbol of its own records it, as the term's facts mark its expansion). An
 * abstract function has nothing else; a recursive one's postcondition is checked once by the
 * front end's `f@post`, whose application does not assume it (Viper's inductive check: the
 * applications inside the body do). Applications inside a postcondition do not assume their
 * own, so postconditions that apply functions never chain without end.
 */
function assumePosts(
  ev: EvalCore,
  fn: FunctionDecl,
  key: string,
  result: SymValue,
  footprint: Chunk[],
  params: ReadonlyMap<string, SymValue>,
  guard: Term,
  pre: Term,
): void {
  const T = ev.T;
  const posts = fn.ensures ?? [];
  if (posts.length === 0 || ev.env.inPost || isSymArray(result)) return;
  const marker = T.keyed.sym(`${key}:posts`, T.boolSort, `${fn.name} postcondition`, 'assumed postcondition');
  if (T.keyed.hasFacts(marker)) return;
  T.keyed.addFact(marker, T.trueTerm);
  const lookup = (n: string): SymValue | undefined => (n === 'result' ? result : params.get(n));
  const inner = ev.inEnv({
    ...ev.env,
    heap: footprint,
    oldHeap: footprint,
    lookup,
    lookupOld: lookup,
    expanding: true,
    inPost: true,
  });
  for (const e of ensuresAssumed(fn)) T.keyed.addLemma(result, T.implies(pre, inner.term(e, guard, new Map(), false)));
}
