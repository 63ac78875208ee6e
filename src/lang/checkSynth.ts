// Checking of `synth` declarations (docs/design.md C.11, D.22): scalar parameters and result, typed
// nonterminals (the first is the start symbol, of the result type), alternatives that are
// total, call-free expressions over the parameters, the nonterminals and `const`, a depth of
// 1 to 6, and a grammar that derives at least one term within that depth.

import type { Expr, SynthDecl, SynthRule } from './ast';
import type { CheckTables } from './checkTables';
import { checkExpr, NESTED_CALL, type ExprContext } from './checkExpr';
import type { HeapEnv } from './heapEnv';
import { Scope } from './scope';
import { typeEquals, typeName, type Type } from './types';

export const MAX_SYNTH_DEPTH = 6;

export function checkSynthDecl(s: SynthDecl, tables: CheckTables, heap: HeapEnv): void {
  const scope = new Scope();
  const ctx: ExprContext = {
    tables,
    scope,
    procs: new Map(),
    heap,
    spec: false,
    old: false,
    beforeReturns: false,
    callMessage: NESTED_CALL,
    grammar: true,
  };
  for (const p of s.params) {
    if (p.name === 'const') tables.error(p.span, CONST_NAME('a parameter', s.name));
    if (!isScalar(p.type))
      tables.error(
        p.span,
        `parameter '${p.name}' of synth function '${s.name}' must have a scalar type (int, bool, iN, uN), not ${typeName(p.type)}`,
      );
    const clash = scope.declare(p.name, { type: p.type, decl: p, kind: 'parameter' });
    if (clash) tables.error(p.span, clash);
    tables.declared(p, p.type);
  }
  if (!isScalar(s.result))
    tables.error(
      s.nameSpan,
      `synth function '${s.name}' must return a scalar type (int, bool, iN, uN), not ${typeName(s.result)}`,
    );
  declareNonterminals(s, scope, tables);
  for (const r of s.rules) for (const alt of r.alts) checkAlternative(alt, r, ctx);
  checkDepth(s, tables);
}

// `const` is contextual: an ordinary name elsewhere, but in a grammar it is the constant hole,
// so a parameter or nonterminal by that name would be unreachable in the alternatives.
const CONST_NAME = (what: string, synth: string): string =>
  `'const' cannot name ${what} of synth function '${synth}': in its grammar 'const' is the synthesised constant`;

function isScalar(t: Type): boolean {
  return t.kind === 'int' || t.kind === 'bool' || t.kind === 'bv';
}

function declareNonterminals(s: SynthDecl, scope: Scope, tables: CheckTables): void {
  const first = s.rules[0];
  if (!typeEquals(first.type, s.result)) {
    tables.error(
      first.nameSpan,
      `the start symbol '${first.name}' has type ${typeName(first.type)} but '${s.name}' returns ${typeName(s.result)}`,
    );
  }
  for (const r of s.rules) {
    if (r.name === 'const') tables.error(r.nameSpan, CONST_NAME('a nonterminal', s.name));
    if (!isScalar(r.type))
      tables.error(
        r.nameSpan,
        `nonterminal '${r.name}' must have a scalar type (int, bool, iN, uN), not ${typeName(r.type)}`,
      );
    const decl = { name: r.name, type: r.type, span: r.nameSpan };
    const clash = scope.declare(r.name, { type: r.type, decl, kind: 'variable' });
    if (clash) tables.error(r.nameSpan, `nonterminal ${clash}`);
  }
}

function checkAlternative(alt: Expr, rule: SynthRule, ctx: ExprContext): void {
  const bad = forbidden(alt);
  if (bad) {
    ctx.tables.error(bad.span, bad.message);
    return;
  }
  const t = checkExpr(alt, ctx, rule.type);
  if (t && !typeEquals(t, rule.type)) {
    ctx.tables.error(
      alt.span,
      `an alternative of '${rule.name}' must have type ${typeName(rule.type)}, not ${typeName(t)}`,
    );
  }
  const nonlinear = nonlinearProduct(alt, ctx);
  if (nonlinear)
    ctx.tables.error(
      nonlinear.span,
      `'*' on int needs a literal operand in a grammar (write '10 * E', not 'const * E': products of unknowns are nonlinear for the solver)`,
    );
}

/** The first construct a grammar alternative may not use (D.22), with its message. */
function forbidden(e: Expr): { span: Expr['span']; message: string } | undefined {
  switch (e.kind) {
    case 'intLit':
    case 'boolLit':
    case 'charLit':
    case 'var':
      return undefined;
    case 'unary':
      return forbidden(e.operand);
    case 'cast':
      return forbidden(e.expr);
    case 'cond':
      return forbidden(e.cond) ?? forbidden(e.then) ?? forbidden(e.otherwise);
    case 'binary':
      if (e.op === '/' || e.op === '%')
        return { span: e.span, message: `'${e.op}' is not allowed in a grammar: a synthesised function must be total` };
      return forbidden(e.left) ?? forbidden(e.right);
    case 'call':
      return {
        span: e.span,
        message: `calls are not allowed in a grammar: a synth function cannot call procedures, functions or synth functions (no recursion through synth)`,
      };
    default:
      return {
        span: e.span,
        message: `${WHAT[e.kind] ?? e.kind} is not allowed in a grammar alternative (only parameters, nonterminals, literals, const, operators, ?: and as)`,
      };
  }
}

const WHAT: Partial<Record<Expr['kind'], string>> = {
  arrayLit: 'an array literal',
  index: 'array indexing',
  length: 'an array length',
  old: "'old'",
  quant: 'a quantifier',
  field: 'a field read',
  null: "'null'",
  new: "'new'",
  acc: "'acc'",
  unfolding: "'unfolding'",
  untouched: "'untouched'",
};

function nonlinearProduct(e: Expr, ctx: ExprContext): Expr | undefined {
  switch (e.kind) {
    case 'unary':
      return nonlinearProduct(e.operand, ctx);
    case 'cast':
      return nonlinearProduct(e.expr, ctx);
    case 'cond':
      return nonlinearProduct(e.cond, ctx) ?? nonlinearProduct(e.then, ctx) ?? nonlinearProduct(e.otherwise, ctx);
    case 'binary': {
      const isInt = ctx.tables.exprTypes.get(e)?.kind === 'int';
      if (e.op === '*' && isInt && !isLiteral(e.left) && !isLiteral(e.right)) return e;
      return nonlinearProduct(e.left, ctx) ?? nonlinearProduct(e.right, ctx);
    }
    default:
      return undefined;
  }
}

function isLiteral(e: Expr): boolean {
  return e.kind === 'intLit' || e.kind === 'charLit' || (e.kind === 'unary' && e.op === '-' && isLiteral(e.operand));
}

function checkDepth(s: SynthDecl, tables: CheckTables): void {
  if (!Number.isInteger(s.depth) || s.depth < 1 || s.depth > MAX_SYNTH_DEPTH) {
    tables.error(
      s.depthSpan,
      `the depth of synth function '${s.name}' must be an integer from 1 to ${MAX_SYNTH_DEPTH}`,
    );
    return;
  }
  if (!derivesWithin(s, s.depth)) {
    tables.error(
      s.depthSpan,
      `the grammar of '${s.name}' derives no term of depth ${s.depth} or less (every alternative of '${s.rules[0].name}' needs a deeper nonterminal)`,
    );
  }
}

/** Whether the start symbol has a term of depth ≤ d: the nonterminals productive at each depth. */
function derivesWithin(s: SynthDecl, d: number): boolean {
  const names = new Set(s.rules.map((r) => r.name));
  let productive = new Set<string>();
  for (let depth = 1; depth <= d; depth++) {
    const next = new Set<string>();
    for (const r of s.rules) {
      if (r.alts.some((a) => nonterminalRefs(a, names).every((n) => productive.has(n)))) next.add(r.name);
    }
    productive = next;
  }
  return productive.has(s.rules[0].name);
}

/** The nonterminal occurrences of an alternative, left to right (docs/design.md C.11: the k-th child). */
export function nonterminalRefs(e: Expr, nonterminals: ReadonlySet<string>): string[] {
  return altNodes(e, (x) => x.kind === 'var' && nonterminals.has(x.name)).map((x) => (x as { name: string }).name);
}

/** The nodes of an alternative matching `pick`, left to right, not looking inside a match. */
export function altNodes(e: Expr, pick: (e: Expr) => boolean): Expr[] {
  const out: Expr[] = [];
  const walk = (x: Expr): void => {
    if (pick(x)) {
      out.push(x);
      return;
    }
    switch (x.kind) {
      case 'unary':
        walk(x.operand);
        return;
      case 'cast':
        walk(x.expr);
        return;
      case 'binary':
        walk(x.left);
        walk(x.right);
        return;
      case 'cond':
        walk(x.cond);
        walk(x.then);
        walk(x.otherwise);
        return;
      default:
        return;
    }
  };
  walk(e);
  return out;
}
