// Which instances of generic domains get their axioms, and those axioms (docs/viper.md, Generic
// domains), as Silicon (Silver's DomainInstances) picks them:
// - every instance the program names (a type `D[Int]`, an application of D's function at Int);
// - for an application `f[Int]` of the program and an axiom of a generic domain E that applies f,
//   the instance of E that makes the axiom's application of f that one (E's type variables the
//   match leaves open are Int, Silver's default): an axiom of E may speak of other domains;
// - the instances the axioms of these mention, in turn.
// Instances nest at most one level deeper than the deepest the program itself names, so the set
// stays finite (Silicon bounds it likewise). Leaving an instance's axioms out only removes
// assumptions: a proof may fail for it, a failure never passes.

import type { AxiomDecl, Expr } from '../ast';
import type { VDomain, VExpr, VType } from './ast';
import type { Collect, LowerCtx } from './context';
import { recordInstance, substVType, vTypeName } from './genericTypes';
import { bindings, instanceApp } from './generics';

type Lower = (e: VExpr, ctx: LowerCtx) => Expr;
type AppPattern = { readonly fn: string; readonly typeArgs: readonly VType[] };

/** A pattern variable of an axiom's type parameter: no Viper identifier starts with `?`. */
const MARK = '?';

export function instanceAxioms(ctx: LowerCtx, lower: Lower): AxiomDecl[] {
  const { instances } = ctx.out;
  const limit = Math.max(0, ...[...instances.values()].map((i) => i.depth)) + 1;
  const patterns = axiomPatterns(ctx, lower);
  const done = new Set<string>();
  const matched = new Set<string>();
  const out: AxiomDecl[] = [];
  for (;;) {
    for (const [name, app] of ctx.out.apps)
      if (!matched.has(name)) {
        matched.add(name);
        for (const p of patterns) matchApp(p, app, ctx);
      }
    const next = [...instances.entries()].find(([n, i]) => !done.has(n) && i.depth <= limit);
    if (next === undefined) return out;
    const [name, inst] = next;
    done.add(name);
    const d = ctx.decls.domains.get(inst.domain);
    if (d !== undefined) out.push(...axiomsOf(d, name, inst.args, ctx, lower));
  }
}

/** For each generic domain with axioms: the applications of generic functions in its axioms, its type variables marked. */
function axiomPatterns(ctx: LowerCtx, lower: Lower): { domain: VDomain; app: AppPattern }[] {
  const found: { domain: VDomain; app: AppPattern }[] = [];
  for (const d of ctx.decls.domains.values()) {
    if (d.typeParams.length === 0 || d.axioms.length === 0) continue;
    // A scratch lowering: only the applications it records are kept.
    const scratch: Collect = {
      refusals: [],
      errors: [],
      helpers: [],
      sites: [],
      instances: new Map(),
      apps: new Map(),
    };
    const marks = d.typeParams.map((p): VType => ({ kind: 'other', name: MARK + p }));
    const actx = axiomCtx(d, marks, { ...ctx, out: scratch });
    for (const a of d.axioms) lower(a.body, actx);
    for (const app of scratch.apps.values()) found.push({ domain: d, app });
  }
  return found;
}

/** The instance of p's domain that makes p's application `app`, recorded. */
function matchApp(p: { domain: VDomain; app: AppPattern }, app: AppPattern, ctx: LowerCtx): void {
  if (p.app.fn !== app.fn) return;
  const s = new Map<string, VType>();
  if (!p.app.typeArgs.every((t, i) => match(t, app.typeArgs[i], s))) return;
  const args = p.domain.typeParams.map((tv): VType => s.get(MARK + tv) ?? { kind: 'Int' });
  recordInstance(p.domain.name, args, ctx);
}

function match(pattern: VType, t: VType, s: Map<string, VType>): boolean {
  if (pattern.kind === 'other' && pattern.name.startsWith(MARK)) {
    const bound = s.get(pattern.name);
    if (bound === undefined) s.set(pattern.name, t);
    return bound === undefined || vTypeName(bound) === vTypeName(t);
  }
  if (pattern.kind !== t.kind) return false;
  if ((pattern.kind === 'Set' || pattern.kind === 'Seq') && (t.kind === 'Set' || t.kind === 'Seq'))
    return match(pattern.elem, t.elem, s);
  if (pattern.kind === 'other' && t.kind === 'other') {
    const [pa, ta] = [pattern.args ?? [], t.args ?? []];
    return pattern.name === t.name && pa.length === ta.length && pa.every((x, i) => match(x, ta[i], s));
  }
  return true;
}

function axiomCtx(d: VDomain, args: readonly VType[], ctx: LowerCtx): LowerCtx {
  return { ...ctx, vars: new Map(), place: 'function', domain: d.name, typeArgs: bindings(d, args) };
}

function axiomsOf(d: VDomain, name: string, args: readonly VType[], ctx: LowerCtx, lower: Lower): AxiomDecl[] {
  const actx = axiomCtx(d, args, ctx);
  const axioms: AxiomDecl[] = d.axioms.map((a) => ({
    kind: 'axiom',
    name: `${name}@${a.name ?? `${a.span.line}:${a.span.col}`}`,
    nameSpan: a.span,
    body: lower(a.body, actx),
    span: a.span,
  }));
  const unique = uniqueAxiom(d, name, args, actx);
  return unique ? [...axioms, unique] : axioms;
}

/** The instance's unique constants of one result type take pairwise distinct values. */
function uniqueAxiom(d: VDomain, name: string, args: readonly VType[], ctx: LowerCtx): AxiomDecl | undefined {
  const apps = d.functions
    .filter((f) => f.unique && f.params.length === 0)
    .map((f) => ({
      key: vTypeName(substVType(f.result, ctx.typeArgs)),
      app: instanceApp(f, d, args, [], f.nameSpan, ctx),
    }));
  const distinct: Expr[] = [];
  for (let i = 0; i < apps.length; i++)
    for (let j = i + 1; j < apps.length; j++)
      if (apps[i].key === apps[j].key)
        distinct.push({ kind: 'binary', op: '!=', left: apps[i].app, right: apps[j].app, span: d.span });
  if (distinct.length === 0) return undefined;
  const body = distinct.reduce((l, r) => ({ kind: 'binary', op: '&&', left: l, right: r, span: d.span }));
  return { kind: 'axiom', name: `${name}@unique`, nameSpan: d.nameSpan, body, span: d.span };
}
