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

/** `D[A, B]`: a domain type with type arguments. `Seq[T]` and `Set[T]` match this rule too
 *  (their words are identifiers to the lexer): both parses give the collection type. */
export function genericType(d: D): VType {
  const name = (d[0] as VToken).text;
  const args = d[2] as VType[];
  if ((name === 'Seq' || name === 'Set') && args.length === 1) return { kind: name, elem: args[0] };
  return { kind: 'other', name, args };
}

/** `(e : T)`. */
export const ascribe = (d: D): VExpr => ({
  kind: 'ascribe',
  expr: d[1],
  type: d[3],
  span: spanFrom(vTokenSpan(d[0]), vTokenSpan(d[4])),
});
