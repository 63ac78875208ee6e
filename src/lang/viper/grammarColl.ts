// The Silver grammar's actions for sets and sequences (the block at the end of grammar.ne):
// nearley's data arrays to Viper AST nodes with spans. `Set(a, b)` without a type argument is an
// App node, told from a function application when lowered (lowerColl.ts).

import { spanFrom, type Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VExpr, VType } from './ast';

type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

const spanOf = (x: VToken | { span: Span }): Span => ('span' in x ? x.span : vTokenSpan(x));
const from = (a: VToken | { span: Span }, b: VToken | { span: Span }): Span => spanFrom(spanOf(a), spanOf(b));

type Op = Extract<VExpr, { kind: 'coll' }>['op'];

function coll(op: Op, args: VExpr[], span: Span): VExpr {
  return { kind: 'coll', op, args, span };
}

/** `Set[T]`, `Seq[T]` */
export const collType = (d: D): VType => ({ kind: d[0][0].text, elem: d[2] });

/** `Set[T]()`, `Seq[T](a, b)` */
export const typedLit = (d: D): VExpr => ({
  kind: 'coll',
  op: 'lit',
  collection: d[0][0].text,
  elem: d[2],
  args: d.length === 7 ? d[5] : [],
  span: from(d[0][0], d[d.length - 1]),
});

/** `|e|` */
export const size = (d: D): VExpr => coll('size', [d[1]], from(d[0], d[2]));
/** `[a..b)` */
export const range = (d: D): VExpr => coll('range', [d[1], d[3]], from(d[0], d[4]));
/** `s[i]` */
export const at = (d: D): VExpr => coll('at', [d[0], d[2]], from(d[0], d[3]));
/** `s[..n]` */
export const take = (d: D): VExpr => coll('take', [d[0], d[3]], from(d[0], d[4]));
/** `s[n..]` */
export const drop = (d: D): VExpr => coll('drop', [d[0], d[2]], from(d[0], d[4]));
/** `s[i..j]` */
export const slice = (d: D): VExpr => coll('slice', [d[0], d[2], d[4]], from(d[0], d[5]));
/** `s[i := v]` */
export const update = (d: D): VExpr => coll('update', [d[0], d[2], d[4]], from(d[0], d[5]));
