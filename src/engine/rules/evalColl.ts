// Symbolic evaluation of set and sequence operations (Coll nodes, from Viper) to the solver's
// set and sequence terms (terms/collections.ts). Indexing and updating a sequence are defined
// only for 0 <= i < |s|: as Silicon does, each is checked, the negative case first (Viper's
// reasons seq.index.negative and seq.index.length), as obligations under the guard of the
// evaluation. A range `[a..b)` has no Z3 term: the front end admits only literal bounds, and
// it is spelled out here as its elements.

import type { Coll } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { seqDrop, seqLiteral, seqTake, seqUpdate, setLiteral } from '../terms/collections';
import { isConst, type Sort, type Term } from '../terms/term';
import { sortOfType } from '../state/sorts';
import { EvalError, type EvalCore } from './evalEnv';

/** The most elements a range literal spells out (the front end refuses larger ones). */
export const MAX_RANGE = 1000n;

export function collValue(ev: EvalCore, e: Coll, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
  const T = ev.T;
  const args = e.args.map((x) => ev.term(x, guard, bound, old));
  const [a, b, c] = args;
  switch (e.op) {
    case 'setLit':
      return setLiteral(T, elemSort(ev, e), args);
    case 'seqLit':
      return seqLiteral(T, elemSort(ev, e), args);
    case 'union':
      return T.coll('set.union', [a, b]);
    case 'intersection':
      return T.coll('set.inter', [a, b]);
    case 'setminus':
      return T.coll('set.minus', [a, b]);
    case 'subset':
      return T.coll('set.subset', [a, b]);
    case 'in':
      return T.coll(b.sort.kind === 'set' ? 'set.in' : 'seq.in', [a, b]);
    case 'size':
      return T.coll('seq.len', [a]);
    case 'concat':
      return T.coll('seq.concat', [a, b]);
    case 'take':
      return seqTake(T, a, b);
    case 'drop':
      return seqDrop(T, a, b);
    case 'at':
      checkIndex(ev, e, a, b, guard);
      return T.coll('seq.nth', [a, b]);
    case 'update':
      checkIndex(ev, e, a, b, guard);
      return seqUpdate(T, a, b, c);
    case 'range':
      return range(ev, a, b);
  }
}

function elemSort(ev: EvalCore, e: Coll): Sort {
  const t = ev.env.types.get(e);
  if (t === undefined || (t.kind !== 'set' && t.kind !== 'seq'))
    throw new EvalError(`internal: no type for ${printExpr(e)}`);
  return sortOfType(t.elem);
}

/** 0 <= i, then i < |s|: Viper's two well-definedness checks of `s[i]` and `s[i := v]`. */
function checkIndex(ev: EvalCore, e: Coll, s: Term, i: Term, guard: Term): void {
  const T = ev.T;
  const [seq, index] = e.args.map((x) => printExpr(x, 60));
  const text = printExpr(e, 200);
  ev.oblige('out-of-bounds', T.le(T.int(0n), i), guard, e.args[1].span, `index ${index} may be negative in ${text}`);
  ev.oblige(
    'out-of-bounds',
    T.implies(T.le(T.int(0n), i), T.lt(i, T.coll('seq.len', [s]))),
    guard,
    e.args[1].span,
    `index ${index} may be at least the length of ${seq} in ${text}`,
  );
}

function range(ev: EvalCore, a: Term, b: Term): Term {
  if (!isConst(a) || !isConst(b) || typeof a.value !== 'bigint' || typeof b.value !== 'bigint')
    throw new EvalError('a sequence range [a..b) needs literal bounds');
  if (b.value - a.value > MAX_RANGE) throw new EvalError(`a sequence range of more than ${MAX_RANGE} elements`);
  const elems: Term[] = [];
  for (let k = a.value; k < b.value; k++) elems.push(ev.T.int(k));
  return seqLiteral(ev.T, a.sort, elems);
}
