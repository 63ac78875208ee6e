// The amount of an `acc(e.f, p)` (docs/language.md, "Fractional permissions"): a constant
// permission written with integer literals, `+`, `-`, `*`, `/` (exact: `1/2` is a half, not
// integer division), `write` (1), `none` (0), or `wildcard` alone (an unknown positive part).
// The checker refuses any other amount by name, so the engine only ever meets these.

import type { Expr } from './ast';
import { addQ, cmpQ, divQ, mulQ, rational, subQ, ZERO, type Rational } from './rational';
import type { Span } from './span';

export type PermAmount =
  | { readonly ok: true; readonly q: Rational; readonly wildcard: boolean }
  | { readonly ok: false; readonly span: Span; readonly message: string };

const NAMED: Readonly<Record<string, Rational>> = { write: rational(1n), none: ZERO };

const unsupported = (e: Expr): PermAmount => ({
  ok: false,
  span: e.span,
  message: 'unsupported: a permission amount other than a constant fraction (such as 1/2), write, none or wildcard',
});

function constant(e: Expr): PermAmount {
  if (e.kind === 'intLit') return { ok: true, q: rational(e.value), wildcard: false };
  if (e.kind === 'var' && NAMED[e.name]) return { ok: true, q: NAMED[e.name], wildcard: false };
  if (e.kind === 'var' && e.name === 'wildcard')
    return { ok: false, span: e.span, message: "'wildcard' is a whole amount: it cannot be part of an expression" };
  if (e.kind !== 'binary' || !['+', '-', '*', '/'].includes(e.op)) return unsupported(e);
  const l = constant(e.left);
  if (!l.ok) return l;
  const r = constant(e.right);
  if (!r.ok) return r;
  if (e.op === '/' && cmpQ(r.q, ZERO) === 0)
    return { ok: false, span: e.right.span, message: 'a permission amount divides by zero' };
  const ops = { '+': addQ, '-': subQ, '*': mulQ, '/': divQ } as const;
  return { ok: true, q: ops[e.op as keyof typeof ops](l.q, r.q), wildcard: false };
}

/** The amount `e` stands for, or why it is refused (a negative amount too). */
export function permAmount(e: Expr): PermAmount {
  if (e.kind === 'var' && e.name === 'wildcard') return { ok: true, q: ZERO, wildcard: true };
  const c = constant(e);
  if (c.ok && cmpQ(c.q, ZERO) < 0) return { ok: false, span: e.span, message: 'a permission amount is negative' };
  return c;
}
