// The Silver grammar's actions for ADTs (the ADT block at the end of grammar.ne): declarations
// `adt L[T] { C(x: T) }`, types with arguments `L[Int]` and type ascriptions `(e: T)`.

import { spanFrom, type Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VAdtConstructor, VDecl, VExpr, VParam, VType } from './ast';

type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

const spanOf = (x: VToken | { span: Span }): Span => ('span' in x ? x.span : vTokenSpan(x));
const from = (a: VToken | { span: Span }, b: VToken | { span: Span }): Span => spanFrom(spanOf(a), spanOf(b));

/** `adt L[T] { … }` */
export const adt = (d: D): VDecl => ({
  kind: 'adt',
  name: d[1].text,
  nameSpan: vTokenSpan(d[1]),
  typeParams: (d[2] as { name: string }[]).map((p) => p.name),
  constructors: d[4],
  span: from(d[0], d[5]),
});

/** One more constructor `C(x: T, …)`. */
export const appendCtor = (d: D): VAdtConstructor[] => {
  const params = d[2] as VParam[];
  const name = d[1] as VToken;
  const last = params.length > 0 ? params[params.length - 1] : name;
  return [...d[0], { name: name.text, nameSpan: vTokenSpan(name), params, span: from(name, last) }];
};

/** `L[T1, T2]`; not `Set[T]`/`Seq[T]`, which the grammar's own rule reads (two parses per type would multiply). */
export const typeArgs = (d: D, _at?: number, reject?: object): VType | object | undefined =>
  d[0].text === 'Set' || d[0].text === 'Seq' ? reject : { kind: 'other', name: d[0].text, args: d[2] };

/** `(e: T)` */
export const ascribe = (d: D): VExpr => ({ kind: 'ascribe', expr: d[1], type: d[3], span: from(d[0], d[4]) });
