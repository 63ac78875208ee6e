// Maps as types only: `Map[K, V]` may type variables, parameters, results, fields, constructor
// parameters and quantified variables, as an opaque sort (each instance its own uninterpreted
// sort, like a domain's without functions); every operation on them (literals, `m[k]`, `in`,
// `domain(m)`, `range(m)`, …) stays refused by name. Reading them opaquely is sound: a value
// nothing is known about may be any map, and no fast path of the solver reads an uninterpreted
// sort (engine/terms/uninterpreted.ts). `Multiset[T]` is the generic domain of multisets.ts.

import type { VToken } from './lexer';
import type { VType } from './ast';
import type { Type } from '../types';

export const MAP_FEATURE = 'maps (Map)';

const ARITY: Readonly<Record<string, number>> = { Multiset: 1, Map: 2 };

/**
 * The refusal a `Multiset`/`Map`/`domain(`/`range(` token calls for: none where `Multiset[…]` or
 * `Map[…]` is a type (its `]` not followed by `(`, which would make it a typed literal).
 */
export function opaqueCollFeature(tokens: readonly VToken[], i: number): string | undefined {
  const t = tokens[i];
  const next = tokens[i + 1]?.text;
  if ((t.text === 'domain' || t.text === 'range') && next === '(') return MAP_FEATURE;
  // Multisets are read (multisets.ts); only a map's operations are refused.
  if (t.type !== 'ident' || t.text !== 'Map') return undefined;
  const feature = MAP_FEATURE;
  if (next !== '[') return feature;
  let depth = 0;
  for (let j = i + 1; j < tokens.length; j++) {
    if (tokens[j].text === '[') depth++;
    if (tokens[j].text === ']' && --depth === 0) return tokens[j + 1]?.text === '(' ? feature : undefined;
  }
  return feature;
}

/** The opaque sort of `Multiset[T]` / `Map[K, V]`, or undefined for another type. */
export function opaqueCollSort(t: VType, typeName: (t: VType) => string): Type | undefined {
  if (t.kind !== 'other' || ARITY[t.name] === undefined || t.args?.length !== ARITY[t.name]) return undefined;
  return { kind: 'domain', name: typeName(t) };
}
