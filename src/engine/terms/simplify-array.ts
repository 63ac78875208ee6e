// Simplifying constructors for arrays (read-over-write with constant indices, constant
// arrays) and quantifiers (trivial bodies, no binders; their patterns: patterns.ts).

import { isConst, sortEquals, sortKey, type Term } from './term';
import { requireBool } from './simplify-bool';
import type { TermBuilder } from './builder';
import { patternTerms } from './patterns';

function requireArray(arr: Term, i: Term, where: string): Term['sort'] {
  if (arr.sort.kind !== 'array') throw new Error(`${where}: expected an array, got ${sortKey(arr.sort)}`);
  if (i.sort.kind !== 'int') throw new Error(`${where}: index must be int, got ${sortKey(i.sort)}`);
  return arr.sort.elem;
}

export function mkSelect(s: TermBuilder, arr: Term, i: Term): Term {
  const elem = requireArray(arr, i, 'select');
  let a = arr;
  // Walk down the stores that certainly write another index.
  for (;;) {
    if (a.op === 'constArray') return a.args[0];
    if (a.op !== 'store') break;
    const [base, j, v] = a.args;
    if (j === i) return v;
    if (!(isConst(i) && isConst(j))) break;
    a = base;
  }
  return s.mk('select', elem, [a, i]);
}

export function mkStore(s: TermBuilder, arr: Term, i: Term, v: Term): Term {
  const elem = requireArray(arr, i, 'store');
  if (!sortEquals(elem, v.sort)) throw new Error('store: element sort mismatch');
  // Writing back what is there already changes nothing.
  if (v.op === 'select' && v.args[0] === arr && v.args[1] === i) return arr;
  if (arr.op === 'constArray' && arr.args[0] === v) return arr;
  // A later write to the same index hides the earlier one.
  if (arr.op === 'store' && arr.args[1] === i) return s.store(arr.args[0], i, v);
  return s.mk('store', arr.sort, [arr, i, v]);
}

/** `op bounds :: body`, instantiated on `triggers` when given (patterns.ts: all of them or none). */
export function mkQuantifier(
  s: TermBuilder,
  op: 'forall' | 'exists',
  bounds: readonly Term[],
  body: Term,
  triggers: readonly (readonly Term[])[] = [],
): Term {
  requireBool(body, op);
  for (const b of bounds) if (b.op !== 'bound') throw new Error(`${op}: binder is not a bound variable`);
  if (bounds.length === 0 || isConst(body)) return body;
  return s.mk(op, body.sort, [...bounds, ...patternTerms(s, bounds, triggers), body]);
}
