// `unfolding P(ē) in e` of a quantified predicate (quantifiedPreds.ts: its instances are locations
// of its snapshot field, S = loc(ē).snap). e is evaluated where the body of P(ē) is added to the
// heap: a read t.f of a field the body holds in slot j (under guards g_j, at receiver r_j) is the
// slot's value where it is that location, and the heap's elsewhere:
//   asserting (acc(loc(ē).snap, p)) in e[t.f := (g_j(ē) && t == r_j(ē)) ? slot_j(S) : t.f]
// The asserting checks the amount is held (its failure takes the id of the construct around it,
// as Viper's). Refused by name where this is not the same value: guards or receivers of the body
// that read the heap, and an e that reads the heap otherwise than by field reads and functions
// (perm, old, nested unfoldings of other predicates), or binds a name the arguments use.

import type { Span } from '../span';
import type { VExpr } from './ast';
import { instanceLocation, slotFunction, type Slot } from './quantifiedPredNames';

type Node = Record<string, unknown>;

function nodes(e: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(e)) e.forEach((x) => nodes(x, out));
  else if (e !== null && typeof e === 'object') {
    out.push(e as Node);
    for (const [k, v] of Object.entries(e as Node)) if (k !== 'span') nodes(v, out);
  }
  return out;
}

/** `e` with the variables of `map` replaced (e has no binders: checked by the caller). */
function substitute(e: VExpr, map: ReadonlyMap<string, VExpr>): VExpr {
  const go = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(go);
    if (n === null || typeof n !== 'object') return n;
    const x = n as Node;
    if (x.kind === 'var' && map.has(x.name as string)) return map.get(x.name as string);
    const out: Node = {};
    for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : go(v);
    return out;
  };
  return go(e) as VExpr;
}

export interface UnfoldingInput {
  readonly pred: string;
  readonly params: readonly string[];
  readonly args: readonly VExpr[];
  readonly amount?: VExpr;
  readonly atArg: boolean;
  readonly slots: readonly Slot[];
  /** The unfolding's body e (already rewritten: quantifiedPreds.ts). */
  readonly body: VExpr;
  readonly span: Span;
  /** The program's heap-dependent functions. */
  readonly functions: ReadonlySet<string>;
  /** The predicate's body (its pure parts are known where a boolean e is evaluated). */
  readonly predBody?: VExpr;
  readonly isPred: (name: string) => boolean;
}

/** The pure parts of a predicate body with the guards above them. */
function pureParts(e: VExpr, isPred: (n: string) => boolean, guards: readonly VExpr[] = []): VExpr[] {
  const perm = (x: VExpr): boolean =>
    nodes(x).some((n) => n.kind === 'acc' || (n.kind === 'app' && isPred(n.name as string)));
  if (e.kind === 'binary' && e.op === '&&')
    return [...pureParts(e.left, isPred, guards), ...pureParts(e.right, isPred, guards)];
  if (e.kind === 'binary' && e.op === '==>' && perm(e.right) && !perm(e.left))
    return pureParts(e.right, isPred, [...guards, e.left]);
  if (e.kind === 'cond' && !perm(e.cond) && perm(e)) {
    const not: VExpr = { kind: 'unary', op: '!', operand: e.cond, span: e.cond.span };
    return [...pureParts(e.then, isPred, [...guards, e.cond]), ...pureParts(e.otherwise, isPred, [...guards, not])];
  }
  if (perm(e)) return [];
  return [guards.reduceRight<VExpr>((r, g) => ({ kind: 'binary', op: '==>', left: g, right: r, span: e.span }), e)];
}

/** Whether e is certainly a boolean (its pure facts may then stand in front of it). */
function isBool(e: VExpr): boolean {
  if (e.kind === 'bool' || e.kind === 'quant') return true;
  if (e.kind === 'unary') return e.op === '!';
  if (e.kind === 'binary')
    return ['==', '!=', '<', '<=', '>', '>=', '&&', '||', '==>', '<==>', 'in', 'subset'].includes(e.op);
  if (e.kind === 'asserting' || e.kind === 'unfolding') return isBool(e.body);
  return false;
}

/** Node kinds that read the heap, or whose reading symdap does not follow inside such an unfolding. */
const HEAP_KINDS: readonly string[] = ['old', 'unfolding', 'acc', 'asserting', 'quant', 'let'];

/** The expression, or the reason it is refused. */
export function quantifiedUnfolding(u: UnfoldingInput): VExpr | string {
  // What reads the heap besides a field read (`also`: the kinds counted with them).
  const reads =
    (also: readonly string[]) =>
    (e: unknown): boolean =>
      nodes(e).some(
        (x) =>
          HEAP_KINDS.includes(x.kind as string) ||
          also.includes(x.kind as string) ||
          (x.kind === 'app' && (u.functions.has(x.name as string) || x.name === 'perm')),
      );
  const readsHeap = reads(['field']);
  const readsHeapOtherwise = reads(['unsupported']);
  if (u.slots.some((s) => readsHeap(s.guards) || readsHeap(s.read.object)))
    return 'unfolding of a quantified predicate whose body reads the heap in a condition or receiver';
  const argNames = new Set(nodes(u.args).flatMap((x) => (x.kind === 'var' ? [x.name as string] : [])));
  const inner = nodes(u.body);
  for (const x of inner) {
    if (x.kind === 'old' || x.kind === 'unfolding' || x.kind === 'acc' || x.kind === 'asserting')
      return 'unfolding of a quantified predicate around old, unfolding, asserting or an accessibility';
    // A function applied in e reads the heap without the body: where its footprint is held
    // there, its value is the same (two parts of a location agree); where not, its precondition
    // fails (a false alarm, never a wrong value). perm would count the body's amounts: refused.
    if (x.kind === 'app' && x.name === 'perm') return 'unfolding of a quantified predicate around perm';
    if (x.kind === 'quant' && x.quantifier === 'forperm') return 'unfolding of a quantified predicate around forperm';
    const bound =
      x.kind === 'quant' ? (x.vars as { name: string }[]).map((v) => v.name) : x.kind === 'let' ? [x.name] : [];
    if (bound.some((b) => argNames.has(b as string)))
      return 'unfolding of a quantified predicate around a binder its arguments use';
  }
  const span = u.span;
  const map = new Map(u.params.map((p, i) => [p, u.args[i]]));
  const loc = instanceLocation(u.pred, u.args, span, u.atArg);
  const slots = u.slots.map((s, j) => ({
    field: s.read.field,
    guards: s.guards.map((g) => substitute(g, map)),
    receiver: substitute(s.read.object, map),
    value: { kind: 'app', name: slotFunction(u.pred, j), nameSpan: span, args: [loc], span } as VExpr,
  }));
  const read = (t: VExpr, field: string, original: VExpr): VExpr =>
    slots
      .filter((s) => s.field === field)
      .reduceRight<VExpr>((otherwise, s) => {
        const at: VExpr = { kind: 'binary', op: '==', left: t, right: s.receiver, span };
        const cond = [...s.guards, at].reduce((l, r) => ({ kind: 'binary', op: '&&', left: l, right: r, span }));
        return { kind: 'cond', cond, then: s.value, otherwise, span };
      }, original);
  const go = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(go);
    if (n === null || typeof n !== 'object') return n;
    const x = n as Node;
    const out: Node = {};
    for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : go(v);
    if (x.kind === 'field') {
      const f = out as unknown as Extract<VExpr, { kind: 'field' }>;
      return read(f.object, f.field, f);
    }
    return out;
  };
  const assertion: VExpr = { kind: 'acc', loc, ...(u.amount ? { amount: u.amount } : {}), span };
  const body = go(u.body) as VExpr;
  // Viper evaluates e where the body's pure parts were assumed: for a boolean e, pure ==> e is
  // that value (every held instance satisfies them). A part that applies a function, reads old or
  // binds a name is left out (less is known, nothing more).
  const known =
    u.predBody && isBool(u.body)
      ? pureParts(u.predBody, u.isPred)
          .filter((p) => !readsHeapOtherwise(p))
          .map((p) => go(substitute(p, map)) as VExpr)
      : [];
  const full: VExpr = known.length
    ? {
        kind: 'binary',
        op: '==>',
        left: known.reduce((l, r) => ({ kind: 'binary', op: '&&', left: l, right: r, span })),
        right: body,
        span,
      }
    : body;
  return { kind: 'asserting', assertion, body: full, span };
}
