// The cheap decision layer in front of the backend, over the conjuncts of a (sliced) query:
// bounds and disequality propagation (propagate.ts), model search inside the bounds
// (models.ts), difference logic (difference.ts). It answers ONLY when sure: 'unsat' when some
// interval empties or a conjunct evaluates to false over the intervals (everything is an
// over-approximation, so this is sound; difference logic only drops literals, another
// over-approximation), 'sat' only with a model that the term evaluator confirms satisfies
// every conjunct. Anything else is left to the next layer.

import type { Term } from '../terms/term';
import { differenceConflict } from './difference';
import { copyEnv, emptyEnv } from './intervals';
import { findModel } from './models';
import { Conflict, propagate, Propagator } from './propagate';
import { MIN_INCREMENTAL, minus, respectsEnv, type PrefixBounds, type PrefixEntry } from './prefixBounds';
import type { Model, SatResult } from './solver';

/** Larger constraint sets go straight on: propagation would cost more than it saves. */
const MAX_NODES = 20_000;
// References are the solver's integers (solver/z3translate.ts: the ref sort is Z3's Int, null
// is 0), so a conjunction of reference (dis)equalities is decided here like one of ints.
const SUPPORTED_SYMBOL_SORTS = new Set(['int', 'bv', 'bool', 'ref']);
/** Sorts of the terms this layer reads (no arrays or uninterpreted sorts). */
const SCANNED_SORTS = new Set(['int', 'bv', 'bool', 'ref']);

/** Symbols of the constraints and the count of their distinct subterms, or undefined when a
 *  term is out of the layer's scope. */
function scan(constraints: readonly Term[]): { syms: Term[]; nodes: number } | undefined {
  const seen = new Set<number>();
  const syms: Term[] = [];
  const stack = [...constraints];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    // An uninterpreted function means what the axioms say, which this layer does not read.
    if (seen.size > MAX_NODES || t.op === 'bound' || t.op === 'app' || !SCANNED_SORTS.has(t.sort.kind))
      return undefined;
    // Sets and sequences are Z3's alone (terms/collections.ts), even without a symbol in them.
    if (t.op === 'coll' || t.sort.kind === 'set' || t.sort.kind === 'seq') return undefined;
    if (t.op === 'sym') {
      if (!SUPPORTED_SYMBOL_SORTS.has(t.sort.kind)) return undefined;
      syms.push(t);
    }
    stack.push(...t.args);
  }
  return { syms, nodes: seen.size };
}

/** sat (with a checked model of every symbol) / unsat, or undefined when not sure. In order:
 *  propagation (a conflict is unsat), a model picked inside the intervals avoiding the
 *  excluded values (models.ts), difference logic over the literals (difference.ts: unsat when
 *  its bounds form a negative cycle or force a disequality's two sides equal). With
 *  `prefixes`, a large set starts from what propagation left for its largest remembered
 *  subset (prefixBounds.ts). `constraints` are sorted by term id (querycache.ts canonical()). */
export function decideByBounds(
  constraints: readonly Term[],
  hint?: Model,
  prefixes?: PrefixBounds,
): SatResult | undefined {
  if (prefixes === undefined || constraints.length < MIN_INCREMENTAL) return decideWhole(constraints, hint);
  return decideIncrementally(constraints, hint, prefixes);
}

function decideWhole(constraints: readonly Term[], hint: Model | undefined): SatResult | undefined {
  const scanned = scan(constraints);
  if (scanned === undefined) return undefined;
  const { syms, nodes } = scanned;
  const p = new Propagator(emptyEnv());
  try {
    propagate(constraints, p);
    p.eval.reset();
    if (constraints.some((c) => p.eval.truthOf(c) === false)) return { status: 'unsat' };
  } catch (e) {
    if (e instanceof Conflict) return { status: 'unsat' };
    if (e instanceof RangeError) return undefined; // a term too deep to walk recursively
    throw e;
  }
  const model = findModel(constraints, syms, nodes, p.env, hint, p.linears);
  if (model !== undefined) return { status: 'sat', model };
  return differenceConflict(constraints, p.env) ? { status: 'unsat' } : undefined;
}

/** decideWhole over the open conjuncts of what propagation left (see prefixBounds.ts for why
 *  that is the same question). The set without its newest term (usually the query: the
 *  parent path's condition) is propagated and remembered first, so that the next question of
 *  a child path finds it as a subset, whichever way this one is answered. */
function decideIncrementally(
  constraints: readonly Term[],
  hint: Model | undefined,
  prefixes: PrefixBounds,
): SatResult | undefined {
  if (entryFor(constraints.slice(0, -1), prefixes) === undefined) return undefined;
  const entry = entryFor(constraints, prefixes);
  return entry === undefined ? undefined : decideEntry(entry, hint, prefixes.linears);
}

/** The answer for a set from what propagation left for it: unsat on a conflict, sat with a
 *  model inside the environment of the open conjuncts, unsat by difference logic, or undefined. */
export function decideEntry(
  entry: PrefixEntry,
  hint: Model | undefined,
  linears: PrefixBounds['linears'],
): SatResult | undefined {
  const { env, open, syms } = entry;
  if (env === undefined) return { status: 'unsat' };
  const nodes = scan(open)?.nodes ?? Infinity;
  const model = findModel(open, syms, nodes, env, hint, linears);
  if (model !== undefined && respectsEnv(model, syms, env)) return { status: 'sat', model };
  return differenceConflict(open, env) ? { status: 'unsat' } : undefined;
}

/** What propagation leaves for the set, from its largest remembered subset; remembered.
 *  undefined when a term is out of the layer's scope or too deep to walk. */
function entryFor(terms: readonly Term[], prefixes: PrefixBounds): PrefixEntry | undefined {
  const base = prefixes.largestSubset(terms);
  if (base !== undefined && (base.env === undefined || base.terms.length === terms.length)) return base;
  const fresh = base === undefined ? terms : minus(terms, base.terms);
  const entry = extendEntry(base, fresh, terms, prefixes.linears);
  if (entry !== undefined) prefixes.remember(entry);
  return entry;
}

/** What propagation leaves for `base`'s set plus `fresh` (whose union is `terms`): `base`'s
 *  environment narrowed by its open conjuncts and the fresh ones (see prefixBounds.ts for why
 *  the true ones need not come again). undefined when a term is out of the layer's scope or
 *  too deep to walk. */
export function extendEntry(
  base: PrefixEntry | undefined,
  fresh: readonly Term[],
  terms: readonly Term[],
  linears: PrefixBounds['linears'],
): PrefixEntry | undefined {
  if (base !== undefined && base.env === undefined) return { terms, env: undefined, open: [], syms: base.syms };
  const scanned = scan(fresh);
  if (scanned === undefined) return undefined;
  const syms = base === undefined ? scanned.syms : unionSyms(base.syms, scanned.syms);
  const open = base === undefined ? fresh : [...base.open, ...fresh];
  const p = new Propagator(base?.env === undefined ? emptyEnv() : copyEnv(base.env), linears);
  try {
    propagate(open, p);
    p.eval.reset();
    if (open.some((c) => p.eval.truthOf(c) === false)) throw new Conflict();
    return { terms, env: p.env, open: open.filter((c) => p.eval.truthOf(c) !== true), syms };
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    if (!(e instanceof Conflict)) throw e;
    return { terms, env: undefined, open: [], syms };
  }
}

function unionSyms(a: readonly Term[], b: readonly Term[]): Term[] {
  const out = [...a];
  for (const s of b) if (!a.includes(s)) out.push(s);
  return out;
}
