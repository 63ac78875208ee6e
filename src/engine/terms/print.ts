// Terms printed in Sym syntax, for variables, path conditions and counterexamples in the
// debugger. Minimal parentheses by the language's precedence (`==>` lowest … unary
// highest); symbols print as their display name; bit-vector constants in their sort's
// signedness. Forms without Sym syntax: a cast is always parenthesized, `(e as u8)`; an
// array store prints `a[i := v]`; a constant array `[* := v]`. `lt`/`le` print with the
// constant on the right (`0 < x` as `x > 0`). Traversal is iterative (deep terms are fine).

import type { Sort, Term } from './term';
import { foldTermReleasing } from './traverse';

export interface PrintOptions {
  /** Cut the text at this many characters, ending it with `…` (default 1,000,000). */
  readonly maxLength?: number;
}

interface Printed {
  readonly text: string;
  readonly prec: number;
  /** For an equality: its two printed sides, so that `!(a == b)` can print `a != b`. */
  readonly sides?: readonly [string, string];
}

const QUANT = 0;
const IMPLIES = 1;
const COND = 2;
const ATOM = 15;
const UNARY = 14;
const CAST = 13;

/** Binary operators: symbol and precedence. Comparisons come in printTerm itself. */
const BINARY: Readonly<Record<string, [string, number]>> = {
  or: ['||', 3], and: ['&&', 4], bvor: ['|', 5], bvxor: ['^', 6], bvand: ['&', 7],
  eq: ['==', 8], shl: ['<<', 10], shr: ['>>', 10],
  add: ['+', 11], sub: ['-', 11], mul: ['*', 12], div: ['/', 12], mod: ['%', 12],
};
const EQUALITY = 8;
const COMPARE = 9;

export function sortName(s: Sort): string {
  switch (s.kind) {
    case 'bool': return 'bool';
    case 'int': return 'int';
    case 'bv': return `${s.signed ? 'i' : 'u'}${s.width}`;
    case 'array': return `${sortName(s.elem)}[]`;
  }
}

function wrap(p: Printed, min: number): string {
  return p.prec >= min ? p.text : `(${p.text})`;
}

/** Left-associative infix: left may share the precedence, the others must bind tighter. */
function infix(op: string, prec: number, args: readonly Printed[]): Printed {
  const parts = args.map((a, i) => wrap(a, i === 0 ? prec : prec + 1));
  return { text: parts.join(` ${op} `), prec };
}

function compare(t: Term, a: Printed, b: Printed): Printed {
  const flip = t.args[0].op === 'const' && t.args[1].op !== 'const';
  const op = t.op === 'lt' ? (flip ? '>' : '<') : (flip ? '>=' : '<=');
  const [l, r] = flip ? [b, a] : [a, b];
  return { text: `${wrap(l, COMPARE + 1)} ${op} ${wrap(r, COMPARE + 1)}`, prec: COMPARE };
}

function unary(op: string, a: Printed): Printed {
  const inner = wrap(a, UNARY);
  // `- -x` would read as a decrement; `-(-x)` does not.
  return { text: op === '-' && inner.startsWith('-') ? `-(${inner})` : `${op}${inner}`, prec: UNARY };
}

function printConst(t: Term): Printed {
  const text = String(t.value);
  return { text, prec: text.startsWith('-') ? UNARY : ATOM };
}

function printNode(t: Term, a: readonly Printed[]): Printed {
  switch (t.op) {
    case 'const': return printConst(t);
    case 'sym': return { text: t.symbol?.display ?? '?', prec: ATOM };
    case 'bound': return { text: t.name ?? '?', prec: ATOM };
    case 'not': {
      const sides = a[0].sides;
      return sides ? { text: `${sides[0]} != ${sides[1]}`, prec: EQUALITY } : unary('!', a[0]);
    }
    case 'neg': return unary('-', a[0]);
    case 'bvnot': return unary('~', a[0]);
    case 'implies':
      return { text: `${wrap(a[0], IMPLIES + 1)} ==> ${wrap(a[1], IMPLIES)}`, prec: IMPLIES };
    case 'ite':
      return { text: `${wrap(a[0], COND + 1)} ? ${wrap(a[1], COND + 1)} : ${wrap(a[2], COND)}`, prec: COND };
    case 'eq': {
      const sides = [wrap(a[0], EQUALITY + 1), wrap(a[1], EQUALITY + 1)] as const;
      return { text: `${sides[0]} == ${sides[1]}`, prec: EQUALITY, sides };
    }
    case 'lt': case 'le': return compare(t, a[0], a[1]);
    case 'cast': return { text: `(${wrap(a[0], CAST)} as ${sortName(t.sort)})`, prec: ATOM };
    case 'select': return { text: `${wrap(a[0], ATOM)}[${a[1].text}]`, prec: ATOM };
    case 'store': return { text: `${wrap(a[0], ATOM)}[${a[1].text} := ${a[2].text}]`, prec: ATOM };
    case 'constArray': return { text: `[* := ${a[0].text}]`, prec: ATOM };
    case 'forall': case 'exists': {
      const binders = t.args.slice(0, -1).map((b) => `${b.name}: ${sortName(b.sort)}`).join(', ');
      return { text: `${t.op} ${binders} :: ${a[a.length - 1].text}`, prec: QUANT };
    }
    default: {
      const [op, prec] = BINARY[t.op];
      return infix(op, prec, a);
    }
  }
}

const DEFAULT_MAX = 1_000_000;

export function printTerm(t: Term, opts: PrintOptions = {}): string {
  const max = Math.max(1, opts.maxLength ?? DEFAULT_MAX);
  // Capping every intermediate text at max+1 characters keeps the first max+1 characters
  // of the whole exact, and keeps shared sub-terms of a DAG from blowing up.
  const cut = (s: string): string => (s.length > max + 1 ? s.slice(0, max + 1) : s);
  const cap = (p: Printed): Printed =>
    ({ text: cut(p.text), prec: p.prec, ...(p.sides ? { sides: [cut(p.sides[0]), cut(p.sides[1])] as const } : {}) });
  const text = foldTermReleasing<Printed>(t, (u, args) => cap(printNode(u, args))).text;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
