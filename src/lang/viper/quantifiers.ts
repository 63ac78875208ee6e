// Viper's pure quantifiers `forall x: Int :: φ` and `exists …` as Sym's (docs/language.md), which
// the engine encodes as SMT quantifiers; their triggers become the solver's patterns
// (lowerTriggers, terms/patterns.ts), which steer Z3's E-matching as Silicon's do. A binder over Ref ranges over every reference, null and references never
// allocated included, as Viper's (docs/viper.md); a field read under it needs its permission for
// every value the guards let through (an obligation quantified like the read). One holding
// permissions is a quantified permission, refused by name. One applying a recursive or abstract
// function (directly or through the functions it applies) is read (the engine's uninterpreted
// functions, docs/design.md B.11), unless a trigger is not a term of its body (triggers.ts): then
// Viper's verdict may rest on its instantiation, which Z3's own patterns do not reproduce, and it
// is refused by name. A binder that would capture a name of
// the context (a variable, an enclosing binder, a name inside a macro argument) is renamed.

import type { Binder, Expr } from '../ast';
import type { VExpr, VParam } from './ast';
import { refuse, type Decls, type LowerCtx } from './context';
import { symType } from './types';
import { triggersMatter } from './triggers';
import { quantifiedPermission } from './quantifiedPerms';
import { mentionsAdt } from './adtExpr';

type Quant = Extract<VExpr, { kind: 'quant' }>;
type Lower = (e: VExpr, ctx: LowerCtx) => Expr;

export function lowerQuant(
  q: Quant,
  ctx: LowerCtx,
  lowerExpr: Lower,
  hasPermissions: (e: VExpr, c: LowerCtx) => boolean,
): Expr {
  const fallback: Expr = { kind: 'boolLit', value: true, span: q.span };
  const permissions = hasPermissions(q.body, ctx);
  const recursive = permissions ? appliedRecursive(q.body, ctx.decls) : undefined;
  if (recursive !== undefined) {
    // Quantified chunks (B.10) and applications under a binder (B.11) are not yet built together.
    refuse(ctx, `quantified permissions with a function applied under the quantifier ('${recursive}')`, q.span);
    return fallback;
  }
  // Viper instantiates such a quantifier only where its trigger's terms appear (triggers.ts): its
  // verdict may rest on that, so a function whose facts come from the quantifier is refused there.
  const matters = triggersMatter(q);
  const named = matters === undefined ? undefined : appliedRecursive(q.body, ctx.decls);
  if (named !== undefined) {
    const what = ctx.decls.functions.get(named)?.body === undefined ? 'an abstract' : 'a recursive';
    refuse(ctx, `${what} function ('${named}') under a quantifier ${matters}`, q.span);
    return fallback;
  }
  // An abstract function's postcondition is never consumed (its f@post assumes false), so the
  // preconditions of what it applies under a binder would go unchecked (carbon/0188.vpr).
  const guarded =
    ctx.place === 'fnPost' ? [...applied(q.body, ctx.decls)].find((f) => hasRequires(f, ctx.decls)) : undefined;
  if (guarded !== undefined && appliedRecursive(q.body, ctx.decls) !== undefined) {
    refuse(ctx, `a function with a precondition ('${guarded}') applied under a quantifier in a postcondition`, q.span);
    return fallback;
  }
  if (q.triggers?.some((t) => mentionsAdt(t, ctx))) {
    refuse(
      ctx,
      "a quantifier triggered by an ADT term ({C(x)}, {x.d}): Viper's verdicts there follow its triggers",
      q.span,
    );
    return fallback;
  }
  const { binders, inner } = bindVars(q.vars, ctx);
  const body = lowerExpr(q.body, inner);
  const triggers = lowerTriggers(q, inner, lowerExpr);
  const lowered: Expr = {
    kind: 'quant',
    quantifier: q.quantifier,
    vars: binders,
    body,
    span: q.span,
    ...(triggers ? { triggers } : {}),
  };
  return permissions ? quantifiedPermission(lowered, ctx, ctx.decls.quantifiedFields ?? new Set()) : lowered;
}

/**
 * Binders in scope: Sym's, renamed where a name outside is taken (Viper's binders shadow), and
 * the context the body is lowered in (also quasihavocall's, lowerLabel.ts).
 */
export function bindVars(vs: readonly VParam[], ctx: LowerCtx): { binders: Binder[]; inner: LowerCtx } {
  const taken = new Set([...ctx.vars.keys(), ...[...ctx.subst.values()].flatMap(varNames)]);
  const vars = new Map(ctx.vars);
  const subst = new Map(ctx.subst);
  const binders = vs.map((v) => {
    const name = taken.has(v.name) ? `${v.name}@${v.span.line}:${v.span.col}#${ctx.depth}` : v.name;
    vars.set(v.name, v.type);
    subst.set(v.name, { kind: 'var', name, span: v.span });
    return { name, type: symType(v.type, v.span, ctx), span: v.span };
  });
  if (binders.every((b, i) => b.name === vs[i].name)) for (const v of vs) subst.delete(v.name);
  return { binders, inner: { ...ctx, vars, subst, inQuantifier: true } };
}

/**
 * The quantifier's triggers, lowered in its binders' scope, for the solver's patterns; only when
 * every trigger term is a term of the body (so the static walks over the lowered quantifier meet
 * nothing new), and none when one of them would be refused or fail: a trigger only narrows
 * instantiation, so dropping them all leaves Z3's own, wider choice (terms/patterns.ts).
 */
function lowerTriggers(q: Quant, inner: LowerCtx, lowerExpr: Lower): Expr[][] | undefined {
  if (q.triggers === undefined || q.looseTrigger || q.quantifier === 'forperm') return undefined;
  const out = { ...inner.out, refusals: [], errors: [], helpers: [], sites: [] };
  const lowered = q.triggers.map((group) => group.map((t) => lowerExpr(t, { ...inner, out })));
  const clean = out.refusals.length + out.errors.length + out.helpers.length + out.sites.length === 0;
  return clean ? lowered : undefined;
}

/** The variable names a lowered expression mentions. */
function varNames(e: unknown): string[] {
  if (Array.isArray(e)) return e.flatMap(varNames);
  if (e === null || typeof e !== 'object') return [];
  const node = e as Record<string, unknown>;
  const own = node.kind === 'var' && typeof node.name === 'string' ? [node.name] : [];
  return [
    ...own,
    ...Object.entries(node)
      .filter(([k]) => k !== 'span')
      .flatMap(([, v]) => varNames(v)),
  ];
}

/** A function the expression applies that is abstract or recursive, or reaches one, if any (the one named). */
function appliedRecursive(e: VExpr, decls: Decls): string | undefined {
  const fs = [...applied(e, decls)];
  return fs.find((f) => decls.functions.get(f)?.body === undefined) ?? fs.find((f) => reachesCycle(f, decls));
}

/** The functions an expression applies (through the macros it uses). */
function applied(node: unknown, decls: Decls, seenMacros = new Set<string>()): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (n === null || typeof n !== 'object') return;
    const x = n as Record<string, unknown>;
    const name = typeof x.name === 'string' ? x.name : undefined;
    if ((x.kind === 'app' || x.kind === 'var') && name !== undefined) {
      if (x.kind === 'app' && decls.functions.has(name)) out.add(name);
      const macro = decls.macros.get(name);
      if (macro !== undefined && !seenMacros.has(name)) {
        seenMacros.add(name);
        walk(macro.body);
      }
    }
    for (const [k, v] of Object.entries(x)) if (k !== 'span') walk(v);
  };
  walk(node);
  return out;
}

function hasRequires(f: string, decls: Decls): boolean {
  return decls.functions.get(f)?.specs.some((s) => s.kind === 'requires') ?? false;
}

function callees(f: string, decls: Decls): Set<string> {
  const d = decls.functions.get(f);
  return d === undefined ? new Set() : applied([d.body, d.specs.filter((s) => s.kind === 'requires')], decls);
}

/** Whether f lies on, or leads to, a cycle of function applications. */
function reachesCycle(f: string, decls: Decls): boolean {
  const seen = new Set<string>();
  const todo = [f];
  while (todo.length > 0) {
    const g = todo.pop() as string;
    if (seen.has(g)) continue;
    seen.add(g);
    for (const h of callees(g, decls)) {
      if (onCycle(h, decls) || decls.functions.get(h)?.body === undefined) return true;
      todo.push(h);
    }
  }
  return onCycle(f, decls);
}

function onCycle(f: string, decls: Decls): boolean {
  const seen = new Set<string>();
  const todo = [...callees(f, decls)];
  while (todo.length > 0) {
    const g = todo.pop() as string;
    if (g === f) return true;
    if (seen.has(g)) continue;
    seen.add(g);
    todo.push(...callees(g, decls));
  }
  return false;
}
