// Quantified predicate permissions (docs/design.md B.10, "quantified predicate instances"):
// `forall x :: d(x) ==> acc(P(x, ē), p)`. Silicon keeps such instances in a quantified chunk whose
// amount and snapshot are functions of the arguments. symdap's quantified chunks are those of a
// field (state/quantifiedChunks.ts), so the instances of P become the locations of one field: the
// program is rewritten before it is lowered, `P(ā)` to the location `P$qp$loc(ā).P$qp$snap`, where
// `P$qp$loc` is an injective domain function (an axiom gives each argument back) and the field's
// value is the instance's snapshot. Every rule of the field chunks then holds for the instances:
// inverse functions and injectivity for arguments that are functions of the binder, calls, loops,
// joins, functions whose precondition holds them. The field is marked `unbounded` (a predicate's
// amount may exceed write). fold and unfold of one instance are lowered by quantifiedPredFold.ts
// through the snapshot's slot functions. Uses the rewrite does not cover are refused by name.

import type { Span } from '../span';
import type { VDecl, VDomain, VExpr, VParam, VProgram, VType } from './ast';
import type { Collect } from './context';

export const snapField = (pred: string): string => `${pred}$qp$snap`;
export const isSnapField = (field: string): boolean => field.endsWith('$qp$snap');
export const locFunction = (pred: string): string => `${pred}$qp$loc`;
export const argFunction = (pred: string, i: number): string => `${pred}$qp$arg${i}`;
export const slotFunction = (pred: string, j: number): string => `${pred}$qp$slot${j}`;

type Node = Record<string, unknown>;
type PredDecl = Extract<VDecl, { kind: 'predicate' }>;

function walk(n: unknown, visit: (x: Node, underQuant: boolean) => void, underQuant = false): void {
  if (Array.isArray(n)) return n.forEach((x) => walk(x, visit, underQuant));
  if (n === null || typeof n !== 'object') return;
  const x = n as Node;
  const inside = underQuant || (x.kind === 'quant' && x.quantifier !== 'forperm');
  visit(x, inside);
  for (const [k, v] of Object.entries(x)) if (k !== 'span') walk(v, visit, inside);
}

/** The predicates whose instances are held under a quantifier somewhere in the program. */
export function quantifiedPredsOf(vp: VProgram): Set<string> {
  const preds = new Set(vp.decls.flatMap((d) => (d.kind === 'predicate' ? [d.name] : [])));
  const out = new Set<string>();
  walk(vp.decls, (x, under) => {
    if (!under) return;
    const inner = x.kind === 'acc' ? (x.loc as Node) : x;
    if (inner?.kind === 'app' && preds.has(inner.name as string)) out.add(inner.name as string);
  });
  return out;
}

/** One permission of a predicate body whose value the snapshot keeps: its guards and its read. */
export interface Slot {
  readonly guards: readonly VExpr[];
  readonly read: Extract<VExpr, { kind: 'field' }>;
  readonly type: VType;
}

const mentionsPerm = (e: unknown, preds: ReadonlySet<string>): boolean => {
  let found = false;
  walk(e, (x) => {
    if (x.kind === 'acc' || x.kind === 'unfolding' || x.kind === 'inhaleExhale' || x.kind === 'unsupported')
      found = true;
    if (x.kind === 'app' && (preds.has(x.name as string) || x.name === 'perm')) found = true;
    if (x.kind === 'old' || (x.kind === 'quant' && x.quantifier === 'forperm')) found = true;
  });
  return found;
};

/**
 * The slots of a predicate body, in reading order (fold and unfold number them alike); undefined
 * for a body of another shape than `&&`, `==>`, `?:` over accessibility of fields and instances
 * and pure parts. `allPreds` are the program's predicates, `fieldType` the fields' types.
 */
export function slotsOf(
  body: VExpr,
  allPreds: ReadonlySet<string>,
  fieldType: (f: string) => VType | undefined,
): Slot[] | undefined {
  const out: Slot[] = [];
  const go = (e: VExpr, guards: readonly VExpr[]): boolean => {
    if (e.kind === 'binary' && e.op === '&&') return go(e.left, guards) && go(e.right, guards);
    if (e.kind === 'binary' && e.op === '==>' && !mentionsPerm(e.left, allPreds))
      return go(e.right, [...guards, e.left]);
    if (e.kind === 'cond' && !mentionsPerm(e.cond, allPreds)) {
      const not: VExpr = { kind: 'unary', op: '!', operand: e.cond, span: e.cond.span };
      return go(e.then, [...guards, e.cond]) && go(e.otherwise, [...guards, not]);
    }
    if (e.kind === 'acc' && e.loc.kind === 'field') {
      const type = fieldType(e.loc.field);
      if (!type || mentionsPerm(e.loc.object, allPreds)) return false;
      out.push({ guards, read: e.loc, type });
      return true;
    }
    // An instance of another predicate: produced and consumed as one; its snapshot is not linked.
    if (e.kind === 'acc' && e.loc.kind === 'app' && allPreds.has(e.loc.name))
      return !e.loc.args.some((a) => mentionsPerm(a, allPreds));
    if (e.kind === 'app' && allPreds.has(e.name)) return !e.args.some((a) => mentionsPerm(a, allPreds));
    return !mentionsPerm(e, allPreds);
  };
  return go(body, []) ? out : undefined;
}

const app = (name: string, args: readonly VExpr[], span: Span): VExpr => ({
  kind: 'app',
  name,
  nameSpan: span,
  args,
  span,
});

/** `P$qp$loc(args).P$qp$snap`: the location of the instance P(args). */
export function instanceLocation(pred: string, args: readonly VExpr[], span: Span): Extract<VExpr, { kind: 'field' }> {
  return { kind: 'field', object: app(locFunction(pred), args, span), field: snapField(pred), span };
}

/** The domain of P's location function, its inverses and its slot functions, and P's snapshot field. */
function declsOf(p: PredDecl, slots: readonly Slot[]): VDecl[] {
  const span = p.nameSpan;
  const ref: VType = { kind: 'Ref' };
  const int: VType = { kind: 'Int' };
  const params: VParam[] = p.params.map((q, i) => ({ name: `a${i}`, type: q.type, span }));
  const vars = params.map((q) => ({ kind: 'var' as const, name: q.name, span }));
  const fn = (name: string, ps: VParam[], result: VType) => ({
    kind: 'domainFunction' as const,
    name,
    nameSpan: span,
    params: ps,
    result,
    unique: false,
    span,
  });
  const loc = app(locFunction(p.name), vars, span);
  const domain: VDomain = {
    kind: 'domain',
    name: `${p.name}$qp`,
    nameSpan: span,
    typeParams: [],
    functions: [
      fn(locFunction(p.name), params, ref),
      ...p.params.map((q, i) => fn(argFunction(p.name, i), [{ name: 'r', type: ref, span }], q.type)),
      ...slots.map((s, j) => fn(slotFunction(p.name, j), [{ name: 's', type: int, span }], s.type)),
    ],
    axioms: p.params.map((_, i) => ({
      kind: 'axiom' as const,
      name: `arg${i}`,
      body: {
        kind: 'quant' as const,
        quantifier: 'forall' as const,
        vars: params,
        body: {
          kind: 'binary' as const,
          op: '==' as const,
          left: app(argFunction(p.name, i), [loc], span),
          right: vars[i],
          span,
        },
        span,
      },
      span,
    })),
    span,
  };
  return [domain, { kind: 'field', name: snapField(p.name), nameSpan: span, type: int, span }];
}

/**
 * The program with the instances of every quantified predicate rewritten to locations of its
 * snapshot field (fold and unfold statements are left to quantifiedPredFold.ts), and the fields
 * and domains that says; refusals by name for the uses the rewrite does not cover.
 */
export function encodeQuantifiedPreds(vp: VProgram, out: Collect): VProgram {
  const quantified = quantifiedPredsOf(vp);
  if (quantified.size === 0) return vp;
  const no = (feature: string, span: Span): void => void out.refusals.push({ feature, span });
  const allPreds = new Set(vp.decls.flatMap((d) => (d.kind === 'predicate' ? [d.name] : [])));
  const fields = new Map(vp.decls.flatMap((d) => (d.kind === 'field' ? [[d.name, d.type] as const] : [])));
  const added: VDecl[] = [];
  for (const d of vp.decls) {
    if (d.kind !== 'predicate' || !quantified.has(d.name)) continue;
    const slots = d.body ? slotsOf(d.body, allPreds, (f) => fields.get(f)) : [];
    if (!slots) no('a quantified predicate whose body is not made of accessibility and pure parts', d.nameSpan);
    added.push(...declsOf(d, slots ?? []));
  }
  const isQ = (x: Node): boolean => x.kind === 'app' && quantified.has(x.name as string);
  const rw = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(rw);
    if (n === null || typeof n !== 'object') return n;
    const x = n as Node;
    const span = x.span as Span;
    if (x.kind === 'fold' || x.kind === 'unfold') return x;
    if (x.kind === 'unfolding' && (isQ(x.pred as Node) || isQ(((x.pred as Node).loc ?? {}) as Node)))
      no('unfolding of a quantified predicate instance', span);
    if (x.kind === 'quant' && x.quantifier === 'forperm' && isQ((x.resource ?? {}) as Node))
      no('forperm over a quantified predicate', span);
    if (x.kind === 'quasihavoc') {
      let hit = false;
      walk(x.expr, (y) => void (hit ||= isQ(y)));
      if (hit) no('quasihavoc of a quantified predicate', span);
    }
    if (x.kind === 'acc' && isQ(x.loc as Node)) {
      const loc = x.loc as Extract<VExpr, { kind: 'app' }>;
      return { ...x, loc: instanceLocation(loc.name, rw(loc.args) as VExpr[], loc.span) };
    }
    if (x.kind === 'app' && x.name === 'perm' && (x.args as Node[]).length === 1 && isQ((x.args as Node[])[0])) {
      const inner = (x.args as Extract<VExpr, { kind: 'app' }>[])[0];
      return { ...x, args: [instanceLocation(inner.name, rw(inner.args) as VExpr[], inner.span)] };
    }
    if (isQ(x)) {
      const a = x as unknown as Extract<VExpr, { kind: 'app' }>;
      return { kind: 'acc', loc: instanceLocation(a.name, rw(a.args) as VExpr[], a.span), span };
    }
    const copy: Node = {};
    for (const [k, v] of Object.entries(x)) copy[k] = k === 'span' ? v : rw(v);
    return copy;
  };
  return { decls: [...(rw(vp.decls) as VDecl[]), ...added] };
}
