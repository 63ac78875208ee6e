// Concrete evaluation of terms under an assignment of symbols, with exactly the semantics
// of constant folding (semantics.ts) and of the SMT-LIB/Z3 encodings. Symbols the
// assignment leaves out take their sort's default (0, false, constant array of the
// default): model completion, as Z3 does. Quantifiers and ints past semantics.MAX_INT_BITS are
// not evaluated: evaluate() throws an EvaluationError, tryEvaluate() answers undefined.

import { applyCast, applyCompare, applyNumeric, IntLimitError, isNumericOp } from './semantics';
import type { Term } from './term';
import { foldTerm, useCounts } from './traverse';
import {
  arrayValue, defaultValue, isArrayValue, normalizeValue, readArray, valueEquals, type ArrayValue, type Value,
} from './values';

export type Assignment = (symbol: Term) => Value | undefined;

export class EvaluationError extends Error {}

function asBigint(v: Value): bigint {
  if (typeof v !== 'bigint') throw new EvaluationError('expected a number');
  return v;
}

function asArray(v: Value): ArrayValue {
  if (!isArrayValue(v)) throw new EvaluationError('expected an array');
  return v;
}

export function evaluate(t: Term, env: Assignment): Value {
  const small = evaluateSmall(t, env, { left: SMALL_BUDGET });
  return small !== TOO_BIG ? small : evaluateDag(t, env);
}

/** Terms of at most this many nodes (counted as a tree) take the recursive path below. */
const SMALL_BUDGET = 64;
const TOO_BIG: unique symbol = Symbol('too big');

/**
 * The common case, fast: a small scalar term (a path-condition conjunct such as `0 < x`)
 * evaluated recursively, with no maps. It gives up (TOO_BIG) on arrays, binders and on
 * anything past the node budget, which bounds the recursion depth and the repeated visits
 * of shared subterms; evaluateDag then does the general fold. Every argument is evaluated
 * before the operator is applied, as in the fold, so both raise the same errors.
 */
function evaluateSmall(t: Term, env: Assignment, budget: { left: number }): Value | typeof TOO_BIG {
  if (--budget.left < 0) return TOO_BIG;
  switch (t.op) {
    case 'const': return t.value as Value;
    case 'sym': {
      if (t.sort.kind === 'array') return TOO_BIG;
      const v = env(t);
      return v === undefined ? defaultValue(t.sort) : normalizeValue(v, t.sort);
    }
    case 'bound': case 'forall': case 'exists': case 'select': case 'store': case 'constArray': return TOO_BIG;
    default: {
      const args: Value[] = [];
      for (const a of t.args) {
        const v = evaluateSmall(a, env, budget);
        if (v === TOO_BIG) return TOO_BIG;
        args.push(v);
      }
      return applyScalar(t, args);
    }
  }
}

/** The general evaluation: one fold over the DAG, each distinct subterm once. */
function evaluateDag(t: Term, env: Assignment): Value {
  // A store may update its base array's map in place when nothing else sees the base.
  const uses = useCounts(t);
  // Maps created by this evaluation, by the store/constArray term whose value holds them.
  const owned = new Map<number, Map<bigint, Value>>();

  const storeValue = (u: Term, base: ArrayValue, index: bigint, v: Value): Value => {
    const baseTerm = u.args[0];
    const mine = owned.get(baseTerm.id);
    const reuse = mine !== undefined && uses.get(baseTerm.id) === 1;
    const entries = reuse ? mine : new Map(base.entries);
    entries.set(index, v);
    owned.set(u.id, entries);
    return arrayValue(base.default, entries);
  };

  return foldTerm<Value>(t, (u, a) => {
    switch (u.op) {
      case 'const': return u.value as Value;
      case 'sym': {
        const v = env(u);
        return v === undefined ? defaultValue(u.sort) : normalizeValue(v, u.sort);
      }
      case 'bound': case 'forall': case 'exists':
        throw new EvaluationError('cannot evaluate a quantified formula concretely');
      case 'select': return readArray(asArray(a[0]), asBigint(a[1]));
      case 'store': return storeValue(u, asArray(a[0]), asBigint(a[1]), a[2]);
      case 'constArray': {
        const entries = new Map<bigint, Value>();
        owned.set(u.id, entries);
        return arrayValue(a[0], entries);
      }
      default: return applyScalar(u, a);
    }
  });
}

/** The value of a scalar operator node (not a leaf, array or binder) from its arguments'
 *  values: shared by evaluate() and the enumeration of small queries (solver/enumerate.ts). */
export function applyScalar(u: Term, a: readonly Value[]): Value {
  switch (u.op) {
    case 'not': return !a[0];
    case 'and': return a.every((v) => v === true);
    case 'or': return a.some((v) => v === true);
    case 'implies': return !a[0] || a[1] === true;
    case 'ite': return a[0] ? a[1] : a[2];
    case 'eq': return valueEquals(a[0], a[1]);
    case 'lt': case 'le': return applyCompare(u.op, asBigint(a[0]), asBigint(a[1]));
    case 'cast': return applyCast(asBigint(a[0]), u.sort);
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
