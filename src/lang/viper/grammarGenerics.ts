// The Silver grammar's actions for generic domains (generics.ts): `domain D[T, S] { … }`, the
// types `D[Int, Seq[T]]`, and the type ascription `(e : T)`. Kept apart from grammarActions.ts,
// which builds the rest of the Viper AST.

import { spanFrom } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VDecl, VExpr, VType } from './ast';
import { domain } from './grammarActions';

type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `domain D[T, S] { members }`: a domain with its type parameters. */
export function genericDomain(d: D): VDecl {
  const plain = domain([d[0], d[1], d[5], d[6], d[7]]);
  return { ...plain, typeParams: (d[3] as { name: string }[]).map((p) => p.name) } as VDecl;
}

/** `D[A, B]`: a domain or ADT type with type arguments. Not `Set[T]`/`Seq[T]` (their words are
 *  identifiers to the lexer), which the collection rule reads: two parses of every such type
 *  multiply (issues/silver/0068.vpr, many set-typed parameters, took over 120 s to parse). */
export function genericType(d: D, _at?: number, reject?: object): VType | object | undefined {
  const name = (d[0] as VToken).text;
  return name === 'Set' || name === 'Seq' ? reject : { kind: 'other', name, args: d[2] as VType[] };
}

/** `(e : T)`. */
export const ascribe = (d: D): VExpr => ({
  kind: 'ascribe',
  expr: d[1],
  type: d[3],
  span: spanFrom(vTokenSpan(d[0]), vTokenSpan(d[4])),
});
