// Real-valued terms: the sort of permission amounts (Sym's `perm`, Viper's `Perm`;
// docs/design.md "Permission amounts"). One operator, 'real', whose `name` says which
// operation; a literal is `lit:n/d`. Constants are folded here exactly (rational.ts), so a
// constant amount never reaches the solver; anything else is Z3's real arithmetic. As sets and
// domain functions, these terms are opaque to every fast path below the solver (evaluation,
// bounds, enumeration leave them to Z3): the int rules (truncating division, intervals) never
// meet a real.

import { addQ, cmpQ, divQ, mulQ, printRational, rational, subQ, type Rational } from '../../lang/rational';
import type { TermBuilder } from './builder';
import { BOOL_SORT, type Sort, type Term } from './term';
import { foldTerm } from './traverse';

export const REAL_SORT: Sort = Object.freeze({ kind: 'real' });

export type RealOp = 'add' | 'sub' | 'mul' | 'div' | 'neg' | 'lt' | 'le' | 'of_int';

const LIT = 'lit:';

/** The exact value of a real literal term, or undefined. */
export function realConstant(t: Term): Rational | undefined {
  if (t.op !== 'real' || !t.name?.startsWith(LIT)) return undefined;
  const [n, d] = t.name.slice(LIT.length).split('/');
  return rational(BigInt(n), BigInt(d ?? '1'));
}

export function realLit(T: TermBuilder, q: Rational): Term {
  return T.mk('real', REAL_SORT, [], { name: `${LIT}${q.n}/${q.d}` });
}

/** An int term as a real (a literal when constant). */
export function realOfInt(T: TermBuilder, t: Term): Term {
  if (t.sort.kind === 'real') return t;
  if (t.op === 'const' && typeof t.value === 'bigint') return realLit(T, rational(t.value));
  return T.mk('real', REAL_SORT, [t], { name: 'of_int' });
}

const FOLD: Partial<Record<RealOp, (a: Rational, b: Rational) => Rational>> = {
  add: addQ,
  sub: subQ,
  mul: mulQ,
  div: divQ,
};

/** `a op b` on reals, folded when both are constant (division by a constant 0 is left to Z3). */
export function realBinary(T: TermBuilder, op: RealOp, a: Term, b: Term): Term {
  const x = realOfInt(T, a);
  const y = realOfInt(T, b);
  const qa = realConstant(x);
  const qb = realConstant(y);
  if (op === 'lt' || op === 'le') {
    if (qa && qb) return T.bool(compareQ(op, qa, qb));
    if (x === y) return T.bool(op === 'le');
    return compareChoice(T, op, x, y) ?? T.mk('real', BOOL_SORT, [x, y], { name: op });
  }
  const fold = FOLD[op];
  if (qa && qb && fold && !(op === 'div' && qb.n === 0n)) return realLit(T, fold(qa, qb));
  if ((op === 'add' || op === 'sub') && qb?.n === 0n) return x;
  // All of a symbolic part taken leaves none: the chunk goes (not a part of 0 that may alias another).
  if (op === 'sub' && x === y) return realLit(T, rational(0n));
  if (op === 'add' && qa?.n === 0n) return y;
  if (op === 'mul' && qb && qb.n === 1n && qb.d === 1n) return x;
  if (op === 'mul' && qa && qa.n === 1n && qa.d === 1n) return y;
  return T.mk('real', REAL_SORT, [x, y], { name: op });
}

/**
 * `t * q` for a constant q, folded into constants, into each branch of an ite and into a constant
 * factor already there: a quantified chunk's `c ? 1 : 0` at a half is `c ? 1/2 : 0`, and the
 * half taken back at write is that function again, not a product growing with every split.
 */
export function scaleReal(T: TermBuilder, t: Term, q: Rational): Term {
  const k = realConstant(t);
  if (k) return realLit(T, mulQ(k, q));
  if (q.n === q.d) return t;
  if (t.op === 'ite') return T.ite(t.args[0], scaleReal(T, t.args[1], q), scaleReal(T, t.args[2], q));
  if (t.op === 'real' && t.name === 'mul') {
    const [x, y] = t.args;
    if (realConstant(y)) return realBinary(T, 'mul', x, scaleReal(T, y, q));
    if (realConstant(x)) return realBinary(T, 'mul', scaleReal(T, x, q), y);
  }
  if (t.op === 'real' && (t.name === 'add' || t.name === 'sub'))
    return realBinary(T, t.name, scaleReal(T, t.args[0], q), scaleReal(T, t.args[1], q));
  return realBinary(T, 'mul', t, realLit(T, q));
}

/** `l < r` or `l <= r` on exact amounts. */
const compareQ = (op: 'lt' | 'le', l: Rational, r: Rational): boolean =>
  op === 'lt' ? cmpQ(l, r) < 0 : cmpQ(l, r) <= 0;

/** `ite(c, k1, k2) op k` (or `k op ite(…)`), all constant: the comparison decided per branch, so
 *  that `c ? 1 : 0 <= 1` (a quantified chunk's bound over a whole amount) is `true`, not a
 *  quantified formula Z3 must search a model for; a condition when the branches disagree. */
function compareChoice(T: TermBuilder, op: 'lt' | 'le', x: Term, y: Term): Term | undefined {
  const choice = x.op === 'ite' ? x : y.op === 'ite' ? y : undefined;
  const k = realConstant(choice === x ? y : x);
  if (choice === undefined || k === undefined) return undefined;
  const [c, a, b] = choice.args;
  const qa = realConstant(a);
  const qb = realConstant(b);
  if (qa === undefined || qb === undefined) return undefined;
  const holds = (q: Rational): boolean => (choice === x ? compareQ(op, q, k) : compareQ(op, k, q));
  const ha = holds(qa);
  const hb = holds(qb);
  if (ha === hb) return T.bool(ha);
  return ha ? c : T.not(c);
}

export function realNeg(T: TermBuilder, a: Term): Term {
  const q = realConstant(a);
  return q ? realLit(T, rational(-q.n, q.d)) : T.mk('real', REAL_SORT, [a], { name: 'neg' });
}

/** The term store's rebuild of a 'real' node over new arguments. */
export function rebuildReal(T: TermBuilder, t: Term, args: readonly Term[]): Term {
  const name = t.name!;
  if (name.startsWith(LIT)) return t;
  if (name === 'of_int') return realOfInt(T, args[0]);
  if (name === 'neg') return realNeg(T, args[0]);
  return realBinary(T, name as RealOp, args[0], args[1]);
}

/** SMT-LIB text of a 'real' node over its arguments' texts. */
export function realSmt(t: Term, a: readonly string[]): string {
  const name = t.name!;
  const q = realConstant(t);
  if (q) {
    const n = q.n < 0n ? `(- ${-q.n}.0)` : `${q.n}.0`;
    return q.d === 1n ? n : `(/ ${n} ${q.d}.0)`;
  }
  const ops: Record<string, string> = {
    add: '+',
    sub: '-',
    mul: '*',
    div: '/',
    neg: '-',
    lt: '<',
    le: '<=',
    of_int: 'to_real',
  };
  return `(${ops[name]} ${a.join(' ')})`;
}

/** How a 'real' node reads in the debugger: text pieces and argument places (as collTemplate). */
export function realTemplate(t: Term): readonly (string | number)[] {
  const q = realConstant(t);
  if (q) return [printRational(q)];
  const infix: Record<string, string> = { add: ' + ', sub: ' - ', mul: ' * ', div: ' / ', lt: ' < ', le: ' <= ' };
  if (t.name === 'neg') return ['-(', 0, ')'];
  if (t.name === 'of_int') return [0];
  return ['(', 0, infix[t.name!], 1, ')'];
}

const touches = new WeakMap<Term, boolean>();

/**
 * Does `t` hold a real (a permission amount) anywhere? A query that does goes to Z3 whole:
 * the solver's fast paths read numbers as integers (an integer has nothing strictly between 0
 * and 1; a permission has).
 */
export function touchesReal(t: Term): boolean {
  const hit = touches.get(t);
  if (hit !== undefined) return hit;
  return foldTerm<boolean>(t, (u, args) => {
    const known = touches.get(u);
    if (known !== undefined) return known;
    const r = u.op === 'real' || u.sort.kind === 'real' || args.some((a) => a);
    touches.set(u, r);
    return r;
  });
}
