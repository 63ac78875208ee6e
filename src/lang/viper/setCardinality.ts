// The cardinality `|s|` of a Viper set (docs/viper.md, Sets and sequences). Z3's sets (arrays to
// Bool) have no cardinality, so `|s|` is an uninterpreted function `Set$card` of a generic domain
// this file adds to a program that writes `|…|`, with axioms stating facts every finite set
// satisfies (the ones Silicon's set prelude gives, in our words): a cardinality is non-negative;
// the empty set's is 0 and only it has 0 (a non-empty set has an element, `Set$pick`); a singleton's
// is 1; adding x adds 1 unless x is in already; |a ∪ b| + |a ∩ b| = |a| + |b|; |a \ b| + |a ∩ b| =
// |a|. Viper's sets are finite, so a real run gives `Set$card` the true cardinality and `Set$pick`
// some element: the axioms hold of it and no failing run is hidden. What they do not state (a
// subset's cardinality, say) is left unproved, as in Silicon. Set literals with several elements
// are then spelled as unions of singletons (lowerColl.ts) so that the adding axiom's trigger meets
// them. The domain is generic: each element type used gets its instance and its axioms
// (instanceAxioms.ts); a name with `$` is one no Viper program is likely to declare.

import type { VDecl, VExpr, VProgram, VType } from './ast';
import type { LowerCtx } from './context';
import { parseViper } from './parser';
import { astNodes } from '../astNodes';

export const SET_CARD = 'Set$card';

const PRELUDE = `
domain $SetCardinality[E$] {
  function Set$card(s: Set[E$]): Int
  function Set$pick(s: Set[E$]): E$
  axiom card_nonnegative { forall s: Set[E$] :: { Set$card(s) } 0 <= Set$card(s) }
  axiom card_of_empty { Set$card(Set[E$]()) == 0 }
  axiom card_zero_is_empty { forall s: Set[E$] :: { Set$card(s) } Set$card(s) == 0 ==> s == Set[E$]() }
  axiom card_nonzero_has_element { forall s: Set[E$] :: { Set$card(s) } Set$card(s) != 0 ==> Set$pick(s) in s }
  axiom card_of_singleton { forall x: E$ :: { Set$card(Set(x)) } Set$card(Set(x)) == 1 }
  axiom card_of_added { forall s: Set[E$], x: E$ :: { Set$card(s union Set(x)) }
    Set$card(s union Set(x)) == (x in s ? Set$card(s) : Set$card(s) + 1) }
  axiom card_of_union { forall a: Set[E$], b: Set[E$] :: { Set$card(a union b) } { Set$card(a intersection b) }
    Set$card(a union b) + Set$card(a intersection b) == Set$card(a) + Set$card(b) }
  axiom card_of_difference { forall a: Set[E$], b: Set[E$] :: { Set$card(a setminus b) }
    Set$card(a setminus b) + Set$card(a intersection b) == Set$card(a) }
}
`;

let prelude: readonly VDecl[] | undefined;

function preludeDecls(): readonly VDecl[] {
  if (prelude === undefined) {
    const parsed = parseViper(PRELUDE);
    if (parsed.program === undefined || parsed.errors.length > 0 || parsed.refusals.length > 0)
      throw new Error(`internal: the set cardinality prelude does not parse: ${JSON.stringify(parsed.errors)}`);
    prelude = parsed.program.decls;
  }
  return prelude;
}

/** Does any part of this AST (any plain object or array inside it) write `|…|`? */
function writesSize(x: unknown): boolean {
  return [...astNodes(x)].some((n) => {
    const o = n as unknown as Record<string, unknown>;
    return o.kind === 'coll' && o.op === 'size';
  });
}

/** The program with the cardinality domain added when it writes `|…|` (of a set or not). */
export function withSetCardinality(vp: VProgram): VProgram {
  return writesSize(vp.decls) ? { ...vp, decls: [...vp.decls, ...preludeDecls()] } : vp;
}

/** Whether `|…|` may mean a set's cardinality here (the prelude was added). */
export function hasSetCardinality(ctx: LowerCtx): boolean {
  return ctx.decls.domainFunctions.has(SET_CARD);
}

/** `|s|` of a set `s` as the application `Set$card(s)`, or undefined when `s` is not a set. */
export function setCardinality(
  e: Extract<VExpr, { kind: 'coll' }>,
  ctx: LowerCtx,
  typeOf: (x: VExpr) => VType | undefined,
): VExpr | undefined {
  if (e.op !== 'size' || !hasSetCardinality(ctx)) return undefined;
  const t = typeOf(e.args[0]);
  if (t?.kind !== 'Set') return undefined;
  return { kind: 'app', name: SET_CARD, nameSpan: e.span, args: [e.args[0]], span: e.span };
}
