// Viper's sets and sequences as terms: one operator, 'coll', whose `name` says which operation.
// Sets are Z3 arrays from the element sort to Bool, sequences Z3's Seq sort; every operation
// here maps to one Z3 function (smtlib.ts, solver/z3translate.ts), so the solver reasons about
// them with its own theories. Nothing below the solver evaluates them: evaluation, bounds and
// enumeration leave a term with a set or a sequence in it to Z3 (evaluate.ts throws).
// Viper's derived operations are built here from Z3's: take/drop by seq.extract, whose
// out-of-range cases give exactly Viper's (Silicon's sequence axioms: take of n < 0 is empty,
// of n > |s| is s; drop of n < 0 is s, of n > |s| is empty), and s[i := v] by concatenation.

import type { TermBuilder } from './builder';
import { BOOL_SORT, INT_SORT, sortEquals, sortKey, type Sort, type Term } from './term';

export type CollOp =
  | 'set.empty' // () : Set[E]
  | 'set.insert' // (s, x) : s ∪ {x}
  | 'set.union'
  | 'set.inter'
  | 'set.minus'
  | 'set.subset' // (s, t) : Bool
  | 'set.in' // (x, s) : Bool
  | 'seq.empty' // () : Seq[E]
  | 'seq.unit' // (x)
  | 'seq.concat' // (s, t)
  | 'seq.len' // (s) : Int
  | 'seq.nth' // (s, i) : E, meaningful for 0 <= i < |s| only (the evaluator checks it)
  | 'seq.extract' // (s, offset, length): Z3's seq.extract
  | 'seq.in'; // (x, s) : Bool

export const COLL_OPS: ReadonlySet<string> = new Set<CollOp>([
  'set.empty',
  'set.insert',
  'set.union',
  'set.inter',
  'set.minus',
  'set.subset',
  'set.in',
  'seq.empty',
  'seq.unit',
  'seq.concat',
  'seq.len',
  'seq.nth',
  'seq.extract',
  'seq.in',
]);

export function setSort(elem: Sort): Sort {
  return Object.freeze({ kind: 'set', elem });
}

export function seqSort(elem: Sort): Sort {
  return Object.freeze({ kind: 'seq', elem });
}

/** Is a term of this sort, or any term inside it, a set or a sequence? */
export function isCollSort(s: Sort): boolean {
  return s.kind === 'set' || s.kind === 'seq' || (s.kind === 'array' && isCollSort(s.elem));
}

function fail(op: string, args: readonly Term[]): never {
  throw new Error(`internal: ${op} on sorts ${args.map((a) => sortKey(a.sort)).join(', ')}`);
}

function need(ok: boolean, op: string, args: readonly Term[]): void {
  if (!ok) fail(op, args);
}

/** The result sort of `op` on `args`; `sort` gives it for the empty collections. */
function resultSort(op: CollOp, args: readonly Term[], sort?: Sort): Sort {
  const [a, b] = args.map((x) => x.sort);
  switch (op) {
    case 'set.empty':
    case 'seq.empty':
      need(sort !== undefined && sort.kind === op.slice(0, 3), op, args);
      return sort as Sort;
    case 'set.insert':
      need(a.kind === 'set' && sortEquals(a.elem, b), op, args);
      return a;
    case 'set.union':
    case 'set.inter':
    case 'set.minus':
      need(a.kind === 'set' && sortEquals(a, b), op, args);
      return a;
    case 'set.subset':
      need(a.kind === 'set' && sortEquals(a, b), op, args);
      return BOOL_SORT;
    case 'set.in':
    case 'seq.in':
      need(b.kind === op.slice(0, 3) && sortEquals((b as { elem: Sort }).elem, a), op, args);
      return BOOL_SORT;
    case 'seq.unit':
      return seqSort(a);
    case 'seq.concat':
      need(a.kind === 'seq' && sortEquals(a, b), op, args);
      return a;
    case 'seq.len':
      need(a.kind === 'seq', op, args);
      return INT_SORT;
    case 'seq.nth':
      need(a.kind === 'seq' && b.kind === 'int', op, args);
      return (a as { elem: Sort }).elem;
    case 'seq.extract':
      need(a.kind === 'seq' && b.kind === 'int' && args[2].sort.kind === 'int', op, args);
      return a;
  }
}

/** The term of a set or sequence operation (no simplification: Z3 decides). */
export function mkColl(T: TermBuilder, op: CollOp, args: readonly Term[], sort?: Sort): Term {
  return T.mk('coll', resultSort(op, args, sort), args, { name: op });
}

// ------------------------------------------------------------------ Viper's derived operations

/** `Set(a, b, …)` of the element sort. */
export function setLiteral(T: TermBuilder, elem: Sort, elems: readonly Term[]): Term {
  return elems.reduce((s, x) => mkColl(T, 'set.insert', [s, x]), mkColl(T, 'set.empty', [], setSort(elem)));
}

/** `Seq(a, b, …)` of the element sort. */
export function seqLiteral(T: TermBuilder, elem: Sort, elems: readonly Term[]): Term {
  const empty = mkColl(T, 'seq.empty', [], seqSort(elem));
  if (elems.length === 0) return empty;
  return elems.map((x) => mkColl(T, 'seq.unit', [x])).reduce((s, u) => mkColl(T, 'seq.concat', [s, u]));
}

/** `s[..n]`: the first n elements (none when n < 0, all when n > |s|: seq.extract's cases). */
export function seqTake(T: TermBuilder, s: Term, n: Term): Term {
  return mkColl(T, 'seq.extract', [s, T.int(0n), n]);
}

/** `s[n..]`: all but the first n elements (s when n < 0, none when n > |s|). */
export function seqDrop(T: TermBuilder, s: Term, n: Term): Term {
  const from = T.ite(T.lt(n, T.int(0n)), T.int(0n), n);
  return mkColl(T, 'seq.extract', [s, from, T.sub(mkColl(T, 'seq.len', [s]), from)]);
}

/** `s[i := v]` for 0 <= i < |s| (the evaluator checks the index): s[..i] ++ Seq(v) ++ s[i+1..]. */
export function seqUpdate(T: TermBuilder, s: Term, i: Term, v: Term): Term {
  const before = seqTake(T, s, i);
  const after = seqDrop(T, s, T.add(i, T.int(1n)));
  return mkColl(T, 'seq.concat', [mkColl(T, 'seq.concat', [before, mkColl(T, 'seq.unit', [v])]), after]);
}

/** SMT-LIB text of a 'coll' node over its arguments' texts. */
export function collSmt(op: CollOp, sortText: string, a: readonly string[]): string {
  switch (op) {
    case 'set.empty':
      return `((as const ${sortText}) false)`;
    case 'set.insert':
      return `(store ${a[0]} ${a[1]} true)`;
    case 'set.union':
      return `(union ${a[0]} ${a[1]})`;
    case 'set.inter':
      return `(intersection ${a[0]} ${a[1]})`;
    case 'set.minus':
      return `(setminus ${a[0]} ${a[1]})`;
    case 'set.subset':
      return `(subset ${a[0]} ${a[1]})`;
    case 'set.in':
      return `(select ${a[1]} ${a[0]})`;
    case 'seq.empty':
      return `(as seq.empty ${sortText})`;
    case 'seq.unit':
      return `(seq.unit ${a[0]})`;
    case 'seq.concat':
      return `(seq.++ ${a[0]} ${a[1]})`;
    case 'seq.len':
      return `(seq.len ${a[0]})`;
    case 'seq.nth':
      return `(seq.nth ${a[0]} ${a[1]})`;
    case 'seq.extract':
      return `(seq.extract ${a[0]} ${a[1]} ${a[2]})`;
    case 'seq.in':
      return `(seq.contains ${a[1]} (seq.unit ${a[0]}))`;
  }
}

/** How a 'coll' node reads in the debugger (Viper's notation): text pieces and, as numbers,
 *  the places of its arguments (each printed whole: the template has its own parentheses). */
export function collTemplate(op: CollOp): readonly (string | number)[] {
  switch (op) {
    case 'set.empty':
      return ['Set()'];
    case 'set.insert':
      return ['(', 0, ' union Set(', 1, '))'];
    case 'set.union':
      return ['(', 0, ' union ', 1, ')'];
    case 'set.inter':
      return ['(', 0, ' intersection ', 1, ')'];
    case 'set.minus':
      return ['(', 0, ' setminus ', 1, ')'];
    case 'set.subset':
      return ['(', 0, ' subset ', 1, ')'];
    case 'set.in':
    case 'seq.in':
      return ['(', 0, ' in ', 1, ')'];
    case 'seq.empty':
      return ['Seq()'];
    case 'seq.unit':
      return ['Seq(', 0, ')'];
    case 'seq.concat':
      return ['(', 0, ' ++ ', 1, ')'];
    case 'seq.len':
      return ['|', 0, '|'];
    case 'seq.nth':
      return ['(', 0, ')[', 1, ']'];
    case 'seq.extract':
      return ['extract(', 0, ', ', 1, ', ', 2, ')'];
  }
}
