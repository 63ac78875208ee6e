// Viper's multisets (docs/viper.md, Multisets): `Multiset[T]` is a generic domain this file adds
// to a program that names multisets, whose functions are the operations and whose axioms state
// facts every finite multiset satisfies, in our words (Silicon axiomatises them alike, after
// Dafny's): a count and a cardinality are non-negative; the
// empty multiset counts 0 of everything and is the only one of cardinality 0 (another has an
// element, `Multiset$pick`); a singleton counts 1 of its element; a union adds counts and
// cardinalities, an intersection takes the smaller count, a difference subtracts down to 0, and
// its cardinality is |a| - |a ∩ b| and at least |a| - |b|; taking out an element present lowers
// the cardinality by 1; `subset` compares every count; two multisets are equal when they are
// (`Multiset$equal`), and unequal ones differ in the count of `Multiset$diff(a, b)`. A real run
// gives each function its true meaning (pick and diff some fitting element): the axioms hold of it,
// so no failing run is hidden. What they do not state (|a ∩ b| for a ∩ b = a) stays unproved, as in
// Silicon. Each operation written on a multiset is rewritten here to its function before lowering:
// `|m|`, `x in m` (a count, an Int), union, intersection, setminus, subset, `==`, `!=`, and the
// literals `Multiset(a, b)`, `Multiset[T]()`. Only an operation whose operand's type is a
// Multiset (Viper's type inference, typeInference.ts) is rewritten; any other is left alone.

import type { VDecl, VExpr, VProgram, VType } from './ast';
import type { LowerCtx } from './context';
import { parseViper } from './parser';
import { astNodes } from '../astNodes';

const E = 'Multiset[E$]';
const PRELUDE = `
domain Multiset[E$] {
  function Multiset$count(m: ${E}, x: E$): Int
  function Multiset$card(m: ${E}): Int
  function Multiset$empty(): ${E}
  function Multiset$singleton(x: E$): ${E}
  function Multiset$union(a: ${E}, b: ${E}): ${E}
  function Multiset$intersection(a: ${E}, b: ${E}): ${E}
  function Multiset$difference(a: ${E}, b: ${E}): ${E}
  function Multiset$subset(a: ${E}, b: ${E}): Bool
  function Multiset$equal(a: ${E}, b: ${E}): Bool
  function Multiset$diff(a: ${E}, b: ${E}): E$
  function Multiset$pick(m: ${E}): E$
  axiom count_nonnegative { forall m: ${E}, x: E$ :: { Multiset$count(m, x) }
    0 <= Multiset$count(m, x) }
  axiom card_nonnegative { forall m: ${E} :: { Multiset$card(m) } 0 <= Multiset$card(m) }
  axiom count_of_empty { forall x: E$ :: { Multiset$count(Multiset$empty(), x) } Multiset$count(Multiset$empty(), x) == 0 }
  axiom card_of_empty { Multiset$card((Multiset$empty() : ${E})) == 0 }
  axiom card_zero_is_empty { forall m: ${E} :: { Multiset$card(m) }
    (Multiset$card(m) == 0 ==> m == Multiset$empty()) && (Multiset$card(m) != 0 ==> 0 < Multiset$count(m, Multiset$pick(m))) }
  axiom count_of_singleton { forall x: E$, y: E$ :: { Multiset$count(Multiset$singleton(x), y) }
    Multiset$count(Multiset$singleton(x), y) == (x == y ? 1 : 0) }
  axiom card_of_singleton { forall x: E$ :: { Multiset$singleton(x) }
    Multiset$card(Multiset$singleton(x)) == 1 && Multiset$count(Multiset$singleton(x), x) == 1 }
  axiom count_of_union { forall a: ${E}, b: ${E}, x: E$ :: { Multiset$count(Multiset$union(a, b), x) }
    Multiset$count(Multiset$union(a, b), x) == Multiset$count(a, x) + Multiset$count(b, x) }
  axiom card_of_union { forall a: ${E}, b: ${E} :: { Multiset$card(Multiset$union(a, b)) }
    Multiset$card(Multiset$union(a, b)) == Multiset$card(a) + Multiset$card(b) }
  axiom count_of_intersection { forall a: ${E}, b: ${E}, x: E$ :: { Multiset$count(Multiset$intersection(a, b), x) }
    Multiset$count(Multiset$intersection(a, b), x) == (Multiset$count(a, x) <= Multiset$count(b, x) ? Multiset$count(a, x) : Multiset$count(b, x)) }
  axiom count_of_difference { forall a: ${E}, b: ${E}, x: E$ :: { Multiset$count(Multiset$difference(a, b), x) }
    Multiset$count(Multiset$difference(a, b), x) == (Multiset$count(a, x) <= Multiset$count(b, x) ? 0 : Multiset$count(a, x) - Multiset$count(b, x)) }
  axiom card_of_difference { forall a: ${E}, b: ${E} :: { Multiset$card(Multiset$difference(a, b)) }
    Multiset$card(Multiset$difference(a, b)) + Multiset$card(Multiset$intersection(a, b)) == Multiset$card(a)
    && Multiset$card(a) - Multiset$card(b) <= Multiset$card(Multiset$difference(a, b)) }
  axiom card_of_removal { forall m: ${E}, x: E$ :: { Multiset$difference(m, Multiset$singleton(x)) }
    0 < Multiset$count(m, x) ==> Multiset$card(Multiset$difference(m, Multiset$singleton(x))) == Multiset$card(m) - 1 }
  axiom subset_counts { forall a: ${E}, b: ${E} :: { Multiset$subset(a, b) }
    Multiset$subset(a, b) <==> (forall x: E$ :: { Multiset$count(a, x) } { Multiset$count(b, x) } Multiset$count(a, x) <= Multiset$count(b, x)) }
  axiom equal_is_equality { forall a: ${E}, b: ${E} :: { Multiset$equal(a, b) }
    (Multiset$equal(a, b) <==> a == b) && (a == b || Multiset$count(a, Multiset$diff(a, b)) != Multiset$count(b, Multiset$diff(a, b))) }
}
`;

let prelude: readonly VDecl[] | undefined;

function preludeDecls(): readonly VDecl[] {
  if (prelude === undefined) {
    const parsed = parseViper(PRELUDE);
    if (parsed.program === undefined || parsed.errors.length > 0 || parsed.refusals.length > 0)
      throw new Error(`internal: the multiset prelude does not parse: ${JSON.stringify(parsed)}`);
    prelude = parsed.program.decls;
  }
  return prelude;
}

/** Does any part of this AST name `Multiset` (a type, a literal)? */
function namesMultiset(x: unknown): boolean {
  return [...astNodes(x)].some((n) => {
    const o = n as unknown as Record<string, unknown>;
    return o.name === 'Multiset' || o.collection === 'Multiset';
  });
}

/** The program with the multiset domain added when it names multisets (and declares no `Multiset`). */
export function withMultisets(vp: VProgram): VProgram {
  if (vp.decls.some((d) => d.kind !== 'unsupported' && d.name === 'Multiset')) return vp;
  return namesMultiset(vp.decls) ? { ...vp, decls: [...vp.decls, ...preludeDecls()] } : vp;
}

const hasMultisets = (ctx: LowerCtx): boolean => ctx.decls.domainFunctions.has('Multiset$count');

const isMultiset = (t: VType | undefined): boolean => t?.kind === 'other' && t.name === 'Multiset';

const BINARY: Readonly<Record<string, string>> = {
  union: 'Multiset$union',
  intersection: 'Multiset$intersection',
  setminus: 'Multiset$difference',
  subset: 'Multiset$subset',
  '==': 'Multiset$equal',
  '!=': 'Multiset$equal',
};

type Span = VExpr['span'];
const app = (name: string, args: readonly VExpr[], span: Span): VExpr => ({
  kind: 'app',
  name,
  nameSpan: span,
  args,
  span,
});

/** `Multiset(a, b, …)`: the union of the singletons; `Multiset()`: the empty multiset. */
function literal(elems: readonly VExpr[], span: Span, elem: VType | undefined): VExpr {
  if (elems.length === 0) {
    const empty = app('Multiset$empty', [], span);
    return elem
      ? { kind: 'ascribe', expr: empty, type: { kind: 'other', name: 'Multiset', args: [elem] }, span }
      : empty;
  }
  return elems
    .map((x) => app('Multiset$singleton', [x], x.span))
    .reduce((acc, single) => app('Multiset$union', [acc, single], span));
}

/**
 * The rewriting of `e` when it is an operation on multisets (its functions' applications), else
 * undefined. `typeOf` is Viper's inference of an operand's whole type.
 */
export function multisetExpr(e: VExpr, ctx: LowerCtx, typeOf: (x: VExpr) => VType | undefined): VExpr | undefined {
  if (!hasMultisets(ctx)) return undefined;
  if (e.kind === 'app' && e.name === 'Multiset' && !ctx.decls.functions.has('Multiset'))
    return literal(e.args, e.span, undefined);
  if (e.kind === 'coll' && e.op === 'lit' && e.collection === 'Multiset') return literal(e.args, e.span, e.elem);
  if (e.kind === 'coll' && e.op === 'size' && isMultiset(typeOf(e.args[0])))
    return app('Multiset$card', [e.args[0]], e.span);
  if (e.kind !== 'binary') return undefined;
  if (e.op === 'in') return isMultiset(typeOf(e.right)) ? app('Multiset$count', [e.right, e.left], e.span) : undefined;
  const fn = BINARY[e.op];
  // The prelude's own `==` is equality (Multiset$equal's axiom relates the two).
  if ((e.op === '==' || e.op === '!=') && ctx.domain === 'Multiset') return undefined;
  if (fn === undefined || !(isMultiset(typeOf(e.left)) || isMultiset(typeOf(e.right)))) return undefined;
  const applied = app(fn, [e.left, e.right], e.span);
  return e.op === '!=' ? { kind: 'unary', op: '!', operand: applied, span: e.span } : applied;
}
