// The Silver grammar's actions for ADTs (the ADT block at the end of grammar.ne): declarations
// `adt L[T] { C(x: T) }` (types with arguments and ascriptions: grammarGenerics.ts).

import { spanFrom, type Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VAdtConstructor, VDecl, VParam } from './ast';

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
