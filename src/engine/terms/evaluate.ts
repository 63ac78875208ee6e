// Concrete evaluation of terms under an assignment of symbols, with exactly the semantics
// of constant folding (semantics.ts) and of the SMT-LIB/Z3 encodings. Symbols the
// assignment leaves out take their sort's default (0, false, constant array of the
// default): model completion, as Z3 does. Quantifiers and ints past semantics.MAX_INT_BITS are
// not evaluated: evaluate() throws an EvaluationError, tryEvaluate() answers undefined.

import { applyCast, applyCompare, applyNumeric, IntLimitError, isNumericOp } from './semantics';
import { sortKey, type Term } from './term';
import { mentionsUninterpreted } from './uninterpreted';
import { foldTerm, useCounts } from './traverse';
import {
  arrayValue,
  defaultValue,
  isArrayValue,
  normalizeValue,
  readArray,
  valueEquals,
  type ArrayValue,
  type Value,
} from './values';

export type Assignment = (symbol: Term) => Value | undefined;

export class EvaluationError extends Error {}

/** Sets and sequences are the solver's alone (terms/collections.ts): never evaluated here. */
const COLLECTIONS = 'sets and sequences are left to the solver';

function asBigint(v: Value): bigint {
  if (typeof v !== 'bigint') throw new EvaluationError('expected a number');
  return v;
}

function asArray(v: Value): ArrayValue {
  if (!isArrayValue(v)) throw new EvaluationError('expected an array');
  return v;
}

/** Visits a direct evaluation may make before it leaves the term to the general fold. */
const QUICK_BUDGET = 256;

class NotQuick {}
const NOT_QUICK = new NotQuick();

/**
 * Small scalar terms (the rule: a comparison of a few sums) evaluated by direct recursion,
 * without the fold's memo maps: the solver pipeline evaluates thousands of them against
 * candidate models. Anything else (arrays, binders, a DAG larger than the budget) is left to
 * the fold (undefined); operator semantics are applyScalar's, so both agree.
 */
function quickEvaluate(t: Term, env: Assignment): Value | undefined {
  let visits = 0;
  const value = (u: Term): Value => {
    if (++visits > QUICK_BUDGET) throw NOT_QUICK;
    switch (u.op) {
      case 'const':
        return u.value as Value;
      case 'sym': {
        if (
          u.sort.kind === 'array' ||
          u.sort.kind === 'uninterpreted' ||
          u.sort.kind === 'set' ||
          u.sort.kind === 'seq' ||
          u.sort.kind === 'real'
        )
          throw NOT_QUICK;
        const v = env(u);
        return v === undefined ? defaultValue(u.sort) : normalizeValue(v, u.sort);
      }
      case 'bound':
      case 'forall':
      case 'exists':
      case 'pattern':
      case 'select':
      case 'store':
      case 'constArray':
      case 'app':
      case 'coll':
      case 'real':
        throw NOT_QUICK;
      default: {
        const args: Value[] = [];
        for (const a of u.args) args.push(value(a));
        return applyScalar(u, args);
      }
    }
  };
  try {
    return value(t);
  } catch (e) {
    if (e === NOT_QUICK) return undefined;
    throw e;
  }
}

export function evaluate(t: Term, env: Assignment): Value {
  const quick = quickEvaluate(t, env);
  if (quick !== undefined) return quick;
  // A store may update its base array's map in place when nothing else sees the base. The
  // counts cost a walk of the whole term, so they are computed at the first store only.
  let uses: Map<number, number> | undefined;
  // Maps created by this evaluation, by the store/constArray term whose value holds them.
  const owned = new Map<number, Map<bigint, Value>>();

  const storeValue = (u: Term, base: ArrayValue, index: bigint, v: Value): Value => {
    const baseTerm = u.args[0];
    const mine = owned.get(baseTerm.id);
    const reuse = mine !== undefined && (uses ??= useCounts(t)).get(baseTerm.id) === 1;
    const entries = reuse ? mine : new Map(base.entries);
    entries.set(index, v);
    owned.set(u.id, entries);
    return arrayValue(base.default, entries);
  };

  return foldTerm<Value>(t, (u, a) => {
    switch (u.op) {
      case 'const':
        return u.value as Value;
      case 'sym': {
        if (u.sort.kind === 'set' || u.sort.kind === 'seq') throw new EvaluationError(COLLECTIONS);
        if (u.sort.kind === 'real') throw new EvaluationError('cannot evaluate a permission amount concretely');
        const v = env(u);
        // A value of an uninterpreted sort is only known from a model of the solver, which
        // read it with the axioms: no default stands in for it.
        if (v === undefined && mentionsUninterpreted(u.sort))
          throw new EvaluationError(`no value for ${u.symbol?.display ?? 'a symbol'} of sort ${sortKey(u.sort)}`);
        return v === undefined ? defaultValue(u.sort) : normalizeValue(v, u.sort);
      }
      case 'bound':
      case 'forall':
      case 'exists':
      case 'pattern':
        throw new EvaluationError('cannot evaluate a quantified formula concretely');
      case 'app':
        // Its meaning lies in the axioms, which only the solver reads.
        throw new EvaluationError(`cannot evaluate the uninterpreted function ${u.name} concretely`);
      case 'coll':
        throw new EvaluationError(COLLECTIONS);
      case 'real':
        throw new EvaluationError('cannot evaluate a permission amount concretely');
      case 'select':
        return readArray(asArray(a[0]), asBigint(a[1]));
      case 'store':
        return storeValue(u, asArray(a[0]), asBigint(a[1]), a[2]);
      case 'constArray': {
        const entries = new Map<bigint, Value>();
        owned.set(u.id, entries);
        return arrayValue(a[0], entries);
      }
      default:
        return applyScalar(u, a);
    }
  });
}

/** The value of a scalar operator node (not a leaf, array or binder) from its arguments'
 *  values: shared by evaluate() and the enumeration of small queries (solver/enumerate.ts). */
export function applyScalar(u: Term, a: readonly Value[]): Value {
  switch (u.op) {
    case 'not':
      return !a[0];
    case 'and':
      return a.every((v) => v === true);
    case 'or':
      return a.some((v) => v === true);
    case 'implies':
      return !a[0] || a[1] === true;
    case 'ite':
      return a[0] ? a[1] : a[2];
    case 'eq':
      return valueEquals(a[0], a[1]);
    case 'lt':
    case 'le':
      return applyCompare(u.op, asBigint(a[0]), asBigint(a[1]));
    case 'cast':
      return applyCast(asBigint(a[0]), u.sort);
    default:
      if (!isNumericOp(u.op)) throw new EvaluationError(`unknown operator ${u.op}`);
      return numeric(u, a);
  }
}

/** An int past MAX_INT_BITS cannot be evaluated (as a quantifier cannot): EvaluationError. */
function numeric(u: Term, a: readonly Value[]): bigint {
  try {
    return applyNumeric(u.op, u.sort, asBigint(a[0]), a.length > 1 ? asBigint(a[1]) : 0n);
  } catch (e) {
    if (e instanceof IntLimitError) throw new EvaluationError(e.message);
    throw e;
  }
}

/** Like evaluate, but undefined where the term cannot be evaluated (quantifiers). */
export function tryEvaluate(t: Term, env: Assignment): Value | undefined {
  try {
    return evaluate(t, env);
  } catch (e) {
    if (e instanceof EvaluationError) return undefined;
    throw e;
  }
}
