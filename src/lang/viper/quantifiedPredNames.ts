// The names quantifiedPreds.ts gives to what it adds for a quantified predicate P (its snapshot
// field, location function and slot functions) and the location of one of its instances: shared
// by the rewrite, fold/unfold (quantifiedPredFold.ts) and unfolding (quantifiedUnfolding.ts).

import type { Span } from '../span';
import type { VExpr, VParam, VType } from './ast';

export const snapField = (pred: string): string => `${pred}$qp$snap`;
export const isSnapField = (field: string): boolean => field.endsWith('$qp$snap');

/**
 * `text` (a failure's message, printed from the lowered program) with each instance location
 * written as the instance the user wrote: `x.P$qp$snap` is `P(x)`, `P$qp$loc(a, b).P$qp$snap`
 * is `P(a, b)`.
 */
export function shownInstances(text: string): string {
  return text
    .replace(/([\w$]+)\$qp\$loc\(([^()]*)\)\.\1\$qp\$snap/g, '$1($2)')
    .replace(/([\w$.]+?)\.([\w]+)\$qp\$snap/g, '$2($1)');
}

export const locFunction = (pred: string): string => `${pred}$qp$loc`;
export const argFunction = (pred: string, i: number): string => `${pred}$qp$arg${i}`;
export const slotFunction = (pred: string, j: number): string => `${pred}$qp$slot${j}`;

/** One permission of a predicate body whose value the snapshot keeps: its guards and its read. */
export interface Slot {
  readonly guards: readonly VExpr[];
  readonly read: Extract<VExpr, { kind: 'field' }>;
  readonly type: VType;
}

export const app = (name: string, args: readonly VExpr[], span: Span): VExpr => ({
  kind: 'app',
  name,
  nameSpan: span,
  args,
  span,
});

/** Whether P's instances are located at their one argument itself (P has one Ref parameter). */
export const direct = (p: { readonly params: readonly VParam[] }): boolean =>
  p.params.length === 1 && p.params[0].type.kind === 'Ref';

/**
 * `P$qp$loc(args).P$qp$snap`: the location of the instance P(args); `a.P$qp$snap` for a predicate
 * with one Ref parameter (no inverse function is needed where a is the binder).
 */
export function instanceLocation(
  pred: string,
  args: readonly VExpr[],
  span: Span,
  atArg: boolean,
): Extract<VExpr, { kind: 'field' }> {
  const object = atArg ? args[0] : app(locFunction(pred), args, span);
  return { kind: 'field', object, field: snapField(pred), span };
}
