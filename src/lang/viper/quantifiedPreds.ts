// Quantified predicate permissions (docs/design.md B.10, "quantified predicate instances"):
// `forall x :: d(x) ==> acc(P(x, ē), p)`. Silicon keeps such instances in a quantified chunk whose
// amount and snapshot are functions of the arguments. symdap's quantified chunks are those of a
// field (state/quantifiedChunks.ts), so the instances of P become the locations of one field: the
// program is rewritten before it is lowered, `P(ā)` to the location `P$qp$loc(ā).P$qp$snap`, where
// `P$qp$loc` is an injective domain function (an axiom gives each argument back; for one Ref
// parameter the argument itself) and the field's value is the instance's snapshot. Every rule of the field chunks then holds for the instances:
// inverse functions and injectivity for arguments that are functions of the binder, calls, loops,
// joins, functions whose precondition holds them. The field is marked `unbounded` (a predicate's
// amount may exceed write, its arguments may be null). fold and unfold of one instance are lowered
// by quantifiedPredFold.ts, unfolding by quantifiedUnfolding.ts, through the snapshot's slots. Uses the rewrite does not cover are refused by name.

import type { Span } from '../span';
import { astNodes } from '../astNodes';
import type { VDecl, VDomain, VExpr, VParam, VProgram, VType } from './ast';
import type { Collect } from './context';
import {
  argFunction,
  app,
  direct,
  instanceLocation,
  locFunction,
  slotFunction,
  snapField,
  type Slot,
} from './quantifiedPredNames';
import { WRITE_VALUE } from './lowerPerm';
import { quantifiedUnfolding } from './quantifiedUnfolding';
import { binderNotArgument } from './lowerForperm';

type Node = Record<string, unknown>;

/** Every node under `e` (lang/astNodes.ts), as the plain records this rewrite reads. */
const nodesOf = (e: unknown): Node[] => [...astNodes(e)] as unknown as Node[];
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

const mentionsPerm = (e: unknown, preds: ReadonlySet<string>): boolean =>
  nodesOf(e).some(
    (x) =>
      x.kind === 'acc' ||
      x.kind === 'unfolding' ||
      x.kind === 'inhaleExhale' ||
      (x.kind === 'unsupported' && x.feature !== WRITE_VALUE) ||
      (x.kind === 'app' && (preds.has(x.name as string) || x.name === 'perm')) ||
      x.kind === 'old' ||
      (x.kind === 'quant' && x.quantifier === 'forperm'),
  );

const NONE: VExpr = { kind: 'var', name: 'none', span: { line: 0, col: 0, endLine: 0, endCol: 0 } as Span };

/** An amount certainly positive: absent (write), `write`, `wildcard`, or a positive literal fraction. */
function positive(a: VExpr | undefined): boolean {
  if (a === undefined) return true;
  if (a.kind === 'unsupported') return a.feature === WRITE_VALUE;
  if (a.kind === 'var') return a.name === 'wildcard';
  if (a.kind === 'int') return a.value > 0n;
  if (a.kind === 'binary' && a.op === '/') return positive(a.left) && positive(a.right);
  return false;
}

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
      // A slot holds a value only where the body holds some of its location.
      const some: VExpr[] = positive(e.amount)
        ? []
        : [{ kind: 'binary', op: '>', left: e.amount!, right: NONE, span: e.span }];
      out.push({ guards: [...guards, ...some], read: e.loc, type });
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

const fn = (name: string, ps: VParam[], result: VType, span: Span) => ({
  kind: 'domainFunction' as const,
  name,
  nameSpan: span,
  params: ps,
  result,
  unique: false,
  span,
});

/** The domain of P's location function and its inverses (it is injective). */
function declsOf(p: PredDecl): VDomain {
  const span = p.nameSpan;
  const ref: VType = { kind: 'Ref' };
  const params: VParam[] = p.params.map((q, i) => ({ name: `a${i}`, type: q.type, span }));
  const vars = params.map((q) => ({ kind: 'var' as const, name: q.name, span }));
  const loc = app(locFunction(p.name), vars, span);
  const closed = (body: VExpr): VExpr =>
    params.length === 0 ? body : { kind: 'quant', quantifier: 'forall', vars: params, body, triggers: [[loc]], span };
  const axiom = (name: string, body: VExpr) => ({ kind: 'axiom' as const, name, body: closed(body), span });
  return {
    kind: 'domain',
    name: `${p.name}$qp`,
    nameSpan: span,
    typeParams: [],
    functions: [
      fn(locFunction(p.name), params, ref, span),
      ...p.params.map((q, i) => fn(argFunction(p.name, i), [{ name: 'r', type: ref, span }], q.type, span)),
    ],
    axioms: [
      ...p.params.map((_, i) =>
        axiom(`arg${i}`, {
          kind: 'binary',
          op: '==',
          left: app(argFunction(p.name, i), [loc], span),
          right: vars[i],
          span,
        }),
      ),
    ],
    span,
  };
}

/** Whether `e` names an instance of one of the `quantified` predicates. */
function mentionsQuantified(e: VExpr, quantified: ReadonlySet<string>): boolean {
  return nodesOf(e).some((x) => x.kind === 'app' && quantified.has(x.name as string));
}

/** The slot functions of P's snapshot (none for a body without field permissions). */
function slotDomain(p: PredDecl, slots: readonly Slot[]): VDomain[] {
  if (slots.length === 0) return [];
  const span = p.nameSpan;
  const functions = slots.map((s, j) =>
    fn(slotFunction(p.name, j), [{ name: 's', type: { kind: 'Int' }, span }], s.type, span),
  );
  return [{ kind: 'domain', name: `${p.name}$qp$slots`, nameSpan: span, typeParams: [], functions, axioms: [], span }];
}

/** P's snapshot field. */
function snapDecl(p: PredDecl): VDecl {
  return { kind: 'field', name: snapField(p.name), nameSpan: p.nameSpan, type: { kind: 'Int' }, span: p.nameSpan };
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
  const predDecls = new Map(vp.decls.flatMap((d) => (d.kind === 'predicate' ? [[d.name, d] as const] : [])));
  const slotsByPred = new Map<string, Slot[]>();
  const functions = new Set(vp.decls.flatMap((d) => (d.kind === 'function' ? [d.name] : [])));
  for (const d of vp.decls) {
    if (d.kind !== 'predicate' || !quantified.has(d.name)) continue;
    const slots = d.body ? slotsOf(d.body, allPreds, (f) => fields.get(f)) : [];
    // Its body rewritten would hold that instance as a location of a snapshot field: a slot the
    // snapshot of P was not given (a recursive one, `list(this.next)`, included).
    if (d.body && mentionsQuantified(d.body, quantified))
      no(`a quantified predicate whose body holds an instance of a quantified predicate (${d.name})`, d.nameSpan);
    else if (!slots) no('a quantified predicate whose body is not made of accessibility and pure parts', d.nameSpan);
    else if (d.body) slotsByPred.set(d.name, slots);
    added.push(...(direct(d) ? [] : [declsOf(d)]), ...slotDomain(d, slots ?? []), snapDecl(d));
  }
  const isQ = (x: Node): boolean => x.kind === 'app' && quantified.has(x.name as string);
  const atArg = new Set(vp.decls.flatMap((d) => (d.kind === 'predicate' && direct(d) ? [d.name] : [])));
  const at = (a: Extract<VExpr, { kind: 'app' }>) =>
    instanceLocation(a.name, rw(a.args) as VExpr[], a.span, atArg.has(a.name));
  const rw = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(rw);
    if (n === null || typeof n !== 'object') return n;
    const x = n as Node;
    const span = x.span as Span;
    if (x.kind === 'fold' || x.kind === 'unfold') return x;
    if (x.kind === 'unfolding' && (isQ(x.pred as Node) || isQ(((x.pred as Node).loc ?? {}) as Node))) {
      const pred = x.pred as Extract<VExpr, { kind: 'app' | 'acc' }>;
      const inst = (pred.kind === 'acc' ? pred.loc : pred) as Extract<VExpr, { kind: 'app' }>;
      const decl = predDecls.get(inst.name)!;
      const slots = slotsByPred.get(inst.name);
      const out = slots
        ? quantifiedUnfolding({
            pred: inst.name,
            params: decl.params.map((q) => q.name),
            args: rw(inst.args) as VExpr[],
            ...(pred.kind === 'acc' && pred.amount ? { amount: rw(pred.amount) as VExpr } : {}),
            atArg: atArg.has(inst.name),
            slots,
            body: rw(x.body) as VExpr,
            span,
            functions,
            ...(decl.body ? { predBody: decl.body } : {}),
            isPred: (n) => allPreds.has(n),
          })
        : 'unfolding of a quantified predicate instance';
      if (typeof out !== 'string') return out;
      no(out, span);
      return x;
    }
    // Over instances held by quantified permissions: `forall ā :: perm(P(ē)) > none ==> body`,
    // perm read from the instances' quantified chunk (rules/forperm.ts reads a quantified field so).
    if (x.kind === 'quant' && x.quantifier === 'forperm' && isQ((x.resource ?? {}) as Node)) {
      const q = x as unknown as Extract<VExpr, { kind: 'quant' }>;
      // A binder that is no argument is Silver's type error, reported by lowerForperm.ts.
      const resource = q.resource as Extract<VExpr, { kind: 'app' }>;
      if (
        binderNotArgument(
          resource,
          q.vars.map((v) => v.name),
        ) === undefined
      )
        return rw(forpermAsForall(q));
      return x;
    }
    if (x.kind === 'quasihavoc' && nodesOf(x.expr).some(isQ)) no('quasihavoc of a quantified predicate', span);
    if (x.kind === 'acc' && isQ(x.loc as Node)) {
      const loc = x.loc as Extract<VExpr, { kind: 'app' }>;
      return { ...x, loc: at(loc) };
    }
    if (x.kind === 'app' && x.name === 'perm' && (x.args as Node[]).length === 1 && isQ((x.args as Node[])[0])) {
      const inner = (x.args as Extract<VExpr, { kind: 'app' }>[])[0];
      return { ...x, args: [at(inner)] };
    }
    if (isQ(x)) {
      const a = x as unknown as Extract<VExpr, { kind: 'app' }>;
      return { kind: 'acc', loc: at(a), span };
    }
    const copy: Node = {};
    for (const [k, v] of Object.entries(x)) copy[k] = k === 'span' ? v : rw(v);
    return copy;
  };
  return { decls: [...(rw(vp.decls) as VDecl[]), ...added] };
}

/** `forperm ā [P(ē)] :: body` as `forall ā :: perm(P(ē)) > none ==> body` (each binder an argument: lowerForperm.ts checks that of the original). */
function forpermAsForall(q: Extract<VExpr, { kind: 'quant' }>): VExpr {
  const r = q.resource!;
  const span = q.span;
  const held: VExpr = {
    kind: 'binary',
    op: '>',
    left: { kind: 'app', name: 'perm', nameSpan: r.span, args: [r], span: r.span },
    right: { kind: 'var', name: 'none', span: r.span },
    span: r.span,
  };
  return {
    kind: 'quant',
    quantifier: 'forall',
    vars: q.vars,
    body: { kind: 'binary', op: '==>', left: held, right: q.body, span },
    span,
  };
}
