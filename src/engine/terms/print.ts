// Terms printed in Sym syntax, for variables, path conditions and counterexamples in the
// debugger. Minimal parentheses by the language's precedence (`==>` lowest … unary
// highest); symbols print as their display name; bit-vector constants in their sort's
// signedness. Forms without Sym syntax: a cast is always parenthesized, `(e as u8)`; an
// array store prints `a[i := v]`; a constant array `[* := v]`. Text is emitted top-down
// and stops at maxLength, so deep terms and shared DAGs are fine.
//
// The store keeps one canonical form (only `lt`/`le`, `x > e` stored as `e < x`; products
// as `x * c`); the printer restores the orientation a reader expects without changing terms:
// - a comparison prints the way it was first written: `x > y` is stored `lt(y, x)` with the
//   term's `greater` mark and prints `x > y` again; its negation `!(x > y)` is `x <= y`;
//   only a lone constant goes right: `0 <= i` prints `i >= 0`;
// - a product with a constant factor prints the constant first: `mul(y, 8)` is `8 * y`;
// - `+` and `*` are associative (ints and wrapping bit-vectors alike), so a nested sum or
//   product prints flat, `a + b + c`, whichever way it is nested.

import { quantParts, type Sort, type Term } from './term';
import { emitText, type Piece } from './traverse';
import { collTemplate, type CollOp } from './collections';
import { realTemplate } from './reals';

export interface PrintOptions {
  /** Cut the text at this many characters, ending it with `…` (default 1,000,000). */
  readonly maxLength?: number;
  /** Shown names of symbols by term id (the debugger's `x (line 16)` for the symbol `x@16`). */
  readonly names?: ReadonlyMap<number, string>;
}

const QUANT = 0;
const IMPLIES = 1;
const COND = 2;
const EQUALITY = 8;
const COMPARE = 9;
const CAST = 13;
const UNARY = 14;
const ATOM = 15;

/** Infix operators: symbol and precedence. */
const INFIX: Readonly<Record<string, readonly [string, number]>> = {
  or: ['||', 3],
  and: ['&&', 4],
  bvor: ['|', 5],
  bvxor: ['^', 6],
  bvand: ['&', 7],
  eq: ['==', EQUALITY],
  shl: ['<<', 10],
  shr: ['>>', 10],
  add: ['+', 11],
  sub: ['-', 11],
  mul: ['*', 12],
  div: ['/', 12],
  mod: ['%', 12],
};

export function sortName(s: Sort): string {
  switch (s.kind) {
    case 'bool':
      return 'bool';
    case 'int':
      return 'int';
    case 'ref':
      return 'ref';
    case 'bv':
      return `${s.signed ? 'i' : 'u'}${s.width}`;
    case 'array':
      return `${sortName(s.elem)}[]`;
    case 'uninterpreted':
      return s.name;
    case 'set':
      return `Set[${sortName(s.elem)}]`;
    case 'seq':
      return `Seq[${sortName(s.elem)}]`;
    case 'real':
      return 'perm';
  }
}

function isNegativeConst(t: Term): boolean {
  return t.op === 'const' && typeof t.value === 'bigint' && t.value < 0n;
}

function precedence(t: Term): number {
  switch (t.op) {
    case 'const':
      return isNegativeConst(t) ? UNARY : ATOM;
    case 'not':
      return t.args[0].op === 'eq' ? EQUALITY : UNARY;
    case 'neg':
    case 'bvnot':
      return UNARY;
    case 'implies':
      return IMPLIES;
    case 'ite':
      return COND;
    case 'lt':
    case 'le':
      return COMPARE;
    case 'forall':
    case 'exists':
      return QUANT;
    default:
      return INFIX[t.op]?.[1] ?? ATOM;
  }
}

type P = Piece<number>;
const at = (term: Term, ctx: number): P => ({ term, ctx });

const ASSOCIATIVE: ReadonlySet<string> = new Set(['add', 'mul', 'and', 'or', 'bvand', 'bvor', 'bvxor']);

export function isAssociative(op: string): boolean {
  return ASSOCIATIVE.has(op);
}

/** The operands of a nested associative operator, flat and in printed order: `(a + b) + (c + d)`
 *  gives a, b, c, d. Other terms give their arguments. Iterative: deep nests are fine. */
export function flatOperands(t: Term): Term[] {
  if (!ASSOCIATIVE.has(t.op)) return [...t.args];
  const out: Term[] = [];
  const stack: Term[] = [t];
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (u.op === t.op && u.sort === t.sort && u.args.length > 0)
      for (let i = u.args.length - 1; i >= 0; i--) stack.push(u.args[i]);
    else out.push(u);
  }
  return out;
}

/** The operands of a comparison as printed: left, right. */
export function printedSides(t: Term): [Term, Term] {
  const [a, b] = t.args;
  return compareFlipped(t) ? [b, a] : [a, b];
}

function infix(t: Term, op: string, prec: number): P[] {
  const out: P[] = [];
  t.args.forEach((a, i) => {
    if (i > 0) out.push(` ${op} `);
    // Left-associative; a right operand with the same associative operator needs no parentheses.
    const flat = i === 0 || (a.op === t.op && ASSOCIATIVE.has(t.op));
    out.push(at(a, flat ? prec : prec + 1));
  });
  return out;
}

/** `8 * y` rather than the stored `y * 8`. */
function product(t: Term): P[] {
  const [a, b] = t.args;
  if (b.op !== 'const' || a.op === 'const') return infix(t, '*', INFIX.mul[1]);
  const prec = INFIX.mul[1];
  // `8 * x * y` is fine (associative), `8 * x / y` would not be: parenthesize other operators.
  return [at(b, prec), ' * ', at(a, a.op === 'mul' ? prec : prec + 1)];
}

/** The orientation the comparison was first written in: `lt(y, x)` built by `x > y` prints
 *  `x > y`, built by `y < x` prints `y < x` (see Term.greater). A constant written on the
 *  left of `<`/`<=` (often the engine's own bounds, `0 <= i`) goes right: `i >= 0`. */
function compare(t: Term): P[] {
  const [a, b] = t.args;
  const flip = compareFlipped(t);
  const op = t.op === 'lt' ? (flip ? '>' : '<') : flip ? '>=' : '<=';
  const [l, r] = flip ? [b, a] : [a, b];
  return [at(l, COMPARE + 1), ` ${op} `, at(r, COMPARE + 1)];
}

function compareFlipped(t: Term): boolean {
  const [a, b] = t.args;
  return t.greater === true ? b.op !== 'const' || a.op === 'const' : a.op === 'const' && b.op !== 'const';
}

function negation(a: Term): P[] {
  // `- -x` would read as a decrement; `-(-x)` does not.
  return a.op === 'neg' || isNegativeConst(a) ? ['-(', at(a, 0), ')'] : ['-', at(a, UNARY)];
}

/** A side of `==`/`!=`: a printable u8 constant compared with a u8 term reads as the char
 *  literal the user wrote (`c0 == 'b'`; Sym has no char type, a char literal is a u8). */
function side(t: Term, other: Term): P {
  return other.op !== 'const' && isU8(t.sort) && t.op === 'const'
    ? charOrNumber(t.value as bigint)
    : at(t, EQUALITY + 1);
}

function isU8(s: Sort): boolean {
  return s.kind === 'bv' && s.width === 8 && !s.signed;
}

/** `'b'` for a printable ASCII code (32–126, quote and backslash escaped), else the number. */
export function charOrNumber(v: bigint): string {
  if (v < 32n || v > 126n) return String(v);
  const c = String.fromCharCode(Number(v));
  return c === "'" || c === '\\' ? `'\\${c}'` : `'${c}'`;
}

/** A u8 value as a person reads it: `98 'b'` when printable, else `7` (gdb's unsigned char). */
export function u8Text(v: bigint): string {
  const c = charOrNumber(v);
  return c === String(v) ? c : `${v} ${c}`;
}

function pieces(t: Term, names?: ReadonlyMap<number, string>): P[] {
  const a = t.args;
  switch (t.op) {
    case 'const':
      return [t.sort.kind === 'ref' ? (t.value === 0n ? 'null' : `@${t.value}`) : String(t.value)];
    case 'sym':
      return [names?.get(t.id) ?? t.symbol?.display ?? '?'];
    case 'bound':
      return [t.name ?? '?'];
    case 'not':
      if (a[0].op === 'eq') return [side(a[0].args[0], a[0].args[1]), ' != ', side(a[0].args[1], a[0].args[0])];
      return ['!', at(a[0], UNARY)];
    case 'neg':
      return negation(a[0]);
    case 'bvnot':
      return ['~', at(a[0], UNARY)];
    case 'implies':
      return [at(a[0], IMPLIES + 1), ' ==> ', at(a[1], IMPLIES)];
    case 'ite':
      return [at(a[0], COND + 1), ' ? ', at(a[1], COND + 1), ' : ', at(a[2], COND)];
    case 'eq':
      return [side(a[0], a[1]), ' == ', side(a[1], a[0])];
    case 'lt':
    case 'le':
      return compare(t);
    case 'mul':
      return product(t);
    case 'cast':
      return ['(', at(a[0], CAST), ` as ${sortName(t.sort)})`];
    case 'select':
      return [at(a[0], ATOM), '[', at(a[1], 0), ']'];
    case 'store':
      return [at(a[0], ATOM), '[', at(a[1], 0), ' := ', at(a[2], 0), ']'];
    case 'constArray':
      return ['[* := ', at(a[0], 0), ']'];
    case 'forall':
    case 'exists': {
      const { bounds, patterns } = quantParts(t);
      const binders = bounds.map((b) => `${b.name}: ${sortName(b.sort)}`).join(', ');
      return [`${t.op} ${binders} :: `, ...patterns.flatMap((p) => [at(p, 0), ' ']), at(a[a.length - 1], 0)];
    }
    case 'pattern':
      return ['{', ...a.flatMap((x, i): P[] => (i > 0 ? [', ', at(x, 0)] : [at(x, 0)])), '}'];
    case 'app':
      // Viper writes a nullary domain function applied with parentheses too: `zero()`.
      return [`${t.name}(`, ...a.flatMap((x, i): P[] => (i > 0 ? [', ', at(x, 0)] : [at(x, 0)])), ')'];
    case 'coll':
      return collTemplate(t.name as CollOp).map((p) => (typeof p === 'number' ? at(a[p], 0) : p));
    case 'real':
      return realTemplate(t).map((p) => (typeof p === 'number' ? at(a[p], 0) : p));
    default: {
      const [op, prec] = INFIX[t.op];
      return infix(t, op, prec);
    }
  }
}

const DEFAULT_MAX = 1_000_000;

export function printTerm(t: Term, opts: PrintOptions = {}): string {
  const max = Math.max(1, opts.maxLength ?? DEFAULT_MAX);
  const names = opts.names;
  const expand = (u: Term, min: number): readonly P[] =>
    precedence(u) < min ? ['(', ...pieces(u, names), ')'] : pieces(u, names);
  const text = emitText(t, 0, expand, max);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
