// Silver's overloaded arithmetic (issue 24): `/` on two Ints is a Perm (a fraction) or an Int
// (integer division), `*` multiplies Ints, Perms, or an Int and a Perm. Silver's type checker
// (viperproject/silver, parser/Resolver.scala checkTopTyped, signatures in ParseAstKeyword.scala)
// collects every typing of a whole expression, keeps those that give the type its context expects,
// and takes the first, in the order of each operator's signatures:
//   `/`: Int×Int→Perm, Perm×Int→Perm, Int×Int→Int, Perm×Perm→Perm
//   `*`: Perm×Perm→Perm, Int×Perm→Perm, Perm×Int→Perm, Int×Int→Int
//   `+ -`: Int first, then Perm; comparisons: Perm first; `==` gives its right side the left side's type.
// The first typing in that order is found top down: the first signature whose result is the type
// expected and whose operands may have its argument types (candidates, bottom up). So
// `var i: Int := 7 / 2` divides integers, `x / 2 < 3` too, while `1/2 + p` is a fraction.

import type { VDefine, VExpr, VType } from './ast';
import type { LowerCtx } from './context';

/** The types arithmetic is resolved over; `undefined`: unknown (a macro argument, a let): anything. */
export type AT = 'Int' | 'Perm' | 'Bool' | 'Ref' | 'other';
type Sig = readonly [AT, AT, AT];

const DIV: readonly Sig[] = [
  ['Int', 'Int', 'Perm'],
  ['Perm', 'Int', 'Perm'],
  ['Int', 'Int', 'Int'],
  ['Perm', 'Perm', 'Perm'],
];
const MUL: readonly Sig[] = [
  ['Perm', 'Perm', 'Perm'],
  ['Int', 'Perm', 'Perm'],
  ['Perm', 'Int', 'Perm'],
  ['Int', 'Int', 'Int'],
];
const ARITH: readonly Sig[] = [
  ['Int', 'Int', 'Int'],
  ['Perm', 'Perm', 'Perm'],
];
// Perm first: Silver reads `0 / 1 < 1 / 2` as fractions (issues/silver/0745.vpr asserts it),
// while `x / 2 < 3` of an Int x still divides integers (3 is no Perm).
const CMP: readonly Sig[] = [
  ['Perm', 'Perm', 'Bool'],
  ['Int', 'Int', 'Bool'],
];

function sigsOf(op: string): readonly Sig[] | undefined {
  if (op === '/') return DIV;
  if (op === '*') return MUL;
  if (op === '+' || op === '-') return ARITH;
  if (op === '<' || op === '<=' || op === '>' || op === '>=') return CMP;
  return undefined;
}

function typeName(t: { kind: string; name?: string } | undefined): AT | undefined {
  if (t === undefined) return undefined;
  if (t.kind === 'Int' || t.kind === 'Bool' || t.kind === 'Ref') return t.kind;
  return t.kind === 'other' && (t.name === 'Perm' || t.name === 'Rational') ? 'Perm' : 'other';
}

/** The types e may have, in Silver's order; undefined when unknown. */
export function candidates(e: VExpr, ctx: LowerCtx): AT[] | undefined {
  switch (e.kind) {
    case 'int':
      return ['Int'];
    case 'bool':
      return ['Bool'];
    case 'null':
      return ['Ref'];
    case 'var':
      if (ctx.subst.has(e.name)) return undefined;
      if (ctx.vars.has(e.name)) return [typeName(ctx.vars.get(e.name)) ?? 'other'];
      return e.name === 'none' || e.name === 'wildcard' ? ['Perm'] : undefined;
    case 'unsupported':
      return e.feature === 'permission values (write)' ? ['Perm'] : undefined;
    case 'field': {
      const f = ctx.decls.fields.get(e.field);
      return f ? [typeName(f.type) ?? 'other'] : undefined;
    }
    case 'app': {
      if (e.name === 'perm' && !ctx.decls.functions.has('perm')) return ['Perm'];
      const macro = ctx.decls.macros.get(e.name);
      if (macro) return macroCandidates(macro, ctx);
      const fn = ctx.decls.functions.get(e.name) ?? ctx.decls.domainFunctions.get(e.name);
      return fn ? [typeName(fn.result) ?? 'other'] : undefined;
    }
    case 'unary': {
      if (e.op === '!') return ['Bool'];
      const inner = candidates(e.operand, ctx);
      return inner === undefined ? undefined : inner.filter((t) => t === 'Int' || t === 'Perm');
    }
    case 'binary': {
      const sigs = sigsOf(e.op);
      if (sigs === undefined) return e.op === '\\' || e.op === '%' ? ['Int'] : undefined;
      const l = candidates(e.left, ctx);
      const r = candidates(e.right, ctx);
      const out = sigs.filter((s) => admits(l, s[0]) && admits(r, s[1])).map((s) => s[2]);
      return [...new Set(out)];
    }
    case 'cond': {
      const a = candidates(e.then, ctx);
      const b = candidates(e.otherwise, ctx);
      if (a === undefined) return b;
      return a.filter((t) => admits(b, t));
    }
    case 'old':
      return candidates(e.expr, ctx);
    case 'ascribe':
      return [typeName(e.type) ?? 'other'];
    case 'unfolding':
      return candidates(e.body, ctx);
    default:
      return undefined;
  }
}

/** A macro's types: its body's, its parameters unknown (as a substituted name is). */
function macroCandidates(macro: VDefine, ctx: LowerCtx): AT[] | undefined {
  if (macro.body.kind === 'block' || ctx.depth > 20) return undefined;
  const subst = new Map(ctx.subst);
  for (const p of macro.params ?? []) subst.set(p.name, { kind: 'var', name: p.name, span: p.span });
  return candidates(macro.body, { ...ctx, subst, depth: ctx.depth + 1 });
}

const admits = (c: AT[] | undefined, t: AT): boolean => c === undefined || c.includes(t);

/**
 * The signature of `left op right` Silver picks where `expect` is the type expected (undefined:
 * none known), or undefined when op is not overloaded or no signature fits (the checker reports it).
 */
export function chooseSig(
  op: string,
  left: VExpr,
  right: VExpr,
  expect: AT | undefined,
  ctx: LowerCtx,
): Sig | undefined {
  const l = candidates(left, ctx);
  const r = candidates(right, ctx);
  if (op === '==' || op === '!=') {
    const t = l?.find((x) => admits(r, x)) ?? r?.[0];
    return t === undefined ? undefined : [t, t, 'Bool'];
  }
  const sigs = sigsOf(op);
  if (sigs === undefined) return undefined;
  const fits = sigs.filter((s) => admits(l, s[0]) && admits(r, s[1]));
  return fits.find((s) => expect === undefined || s[2] === expect) ?? fits[0];
}

/** A Viper type as the arithmetic resolution reads it (undefined: unknown). */
export function arithType(t: VType | undefined): AT | undefined {
  return typeName(t);
}

/** The Viper type an operand of a signature is expected to have (undefined: another type). */
export function operandType(t: AT): VType | undefined {
  if (t === 'Int' || t === 'Bool' || t === 'Ref') return { kind: t };
  return t === 'Perm' ? { kind: 'other', name: 'Perm' } : undefined;
}
