// Array element targets: `a[i] := e`, `a[i][j] := *`, `a[i] := p(x)`. The indices are
// evaluated left to right, outermost first, each checked against the array it indexes (as a
// concrete run does), and the write rebuilds the path of arrays down to the element.

import type { Expr, LValue } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State, type SymArray, type SymValue } from '../state/state';
import { evalTerm, type Obligation } from './eval';
import type { Term } from '../terms/term';
import { elementOf, withElement } from '../state/arrays';
import { checkAll, checkProperty, obligationProperty, type PropertyOutcome } from './checks';
import type { EngineContext, Successor } from './context';
import { assignName, envOf } from './frames';

export type ElementTarget = LValue & { kind: 'index' };

/** The variable an element target writes and its index levels, outermost first. */
export function targetPath(target: ElementTarget): { name: string; levels: ElementTarget[] } {
  const { root, levels } = targetLevels(target);
  if (root.kind !== 'var') throw new Error(`internal: cannot assign to an element of ${printExpr(root)}`);
  return { name: root.name, levels };
}

/** The array expression under all of an element target's indices (a variable or a field), and the levels. */
export function targetLevels(target: ElementTarget): { root: Expr; levels: ElementTarget[] } {
  const levels: ElementTarget[] = [];
  let e: Expr = target;
  while (e.kind === 'index') {
    levels.unshift(e);
    e = e.array;
  }
  return { root: e, levels };
}

function arrayNamed(ctx: EngineContext, s: State, name: string): SymArray {
  const arr = envOf(ctx, s).lookup(name);
  if (!arr || !isSymArray(arr)) throw new Error(`internal: ${name} is not an array`);
  return arr;
}

/** The array at `indices` below `root` (root itself for none). */
function arrayAt(ctx: EngineContext, root: SymArray, name: string, indices: readonly Term[]): SymArray {
  let arr = root;
  for (const i of indices) {
    const inner = elementOf(ctx.T, arr, i);
    if (!isSymArray(inner)) throw new Error(`internal: too many indices for ${name}`);
    arr = inner;
  }
  return arr;
}

export function checkIndex(
  ctx: EngineContext,
  s: State,
  arr: SymArray,
  idx: Term,
  target: ElementTarget,
): Promise<PropertyOutcome> {
  const T = ctx.T;
  const cond = T.and(T.le(T.int(0n), idx), T.lt(idx, arr.length));
  const a = printExpr(target.array);
  return checkProperty(
    ctx,
    s,
    cond,
    {
      kind: 'out-of-bounds',
      span: target.span,
      message: `index ${printExpr(target.index)} may be outside ${a} (length ${a}.length)`,
    },
    `index within ${a}`,
  );
}

export interface Place extends PropertyOutcome {
  readonly indices: readonly Term[];
}

/** Evaluates and bounds-checks the indices of `target`; `next` is the state where all are defined and in bounds. */
export async function evalPlace(ctx: EngineContext, s: State, target: ElementTarget): Promise<Place> {
  const { name } = targetPath(target);
  return evalPlaceIn(ctx, s, target, (st) => arrayNamed(ctx, st, name));
}

/** evalPlace for a target whose root array (a variable's or a field's value) `rootOf` gives. */
export async function evalPlaceIn(
  ctx: EngineContext,
  s: State,
  target: ElementTarget,
  rootOf: (s: State) => SymArray,
): Promise<Place> {
  const { root, levels } = targetLevels(target);
  const name = printExpr(root);
  const leaves: Successor[] = [];
  const indices: Term[] = [];
  let cur: State = s;
  for (const level of levels) {
    const obligations: Obligation[] = [];
    const idx = evalTerm(level.index, envOf(ctx, cur), obligations);
    const defined = await checkAll(ctx, cur, obligations.map(obligationProperty));
    leaves.push(...defined.leaves);
    if (!defined.next) return { leaves, indices };
    const inBounds = await checkIndex(ctx, defined.next, arrayAt(ctx, rootOf(defined.next), name, indices), idx, level);
    leaves.push(...inBounds.leaves);
    if (!inBounds.next) return { leaves, indices };
    cur = inBounds.next;
    indices.push(idx);
  }
  return { leaves, next: cur, indices };
}

/** `s` with the element of `target` at the evaluated `indices` set to `v`. */
export function storeAt(
  ctx: EngineContext,
  s: State,
  target: ElementTarget,
  indices: readonly Term[],
  v: SymValue,
): State {
  const { name } = targetPath(target);
  return assignName(s, name, withElementAt(ctx, arrayNamed(ctx, s, name), name, indices, v));
}

/** `root` with the element at `indices` set to `v` (the arrays on the way rebuilt). */
export function withElementAt(
  ctx: EngineContext,
  root: SymArray,
  name: string,
  indices: readonly Term[],
  v: SymValue,
): SymArray {
  const update = (arr: SymArray, depth: number): SymArray => {
    const i = indices[depth];
    if (depth === indices.length - 1) return withElement(ctx.T, arr, i, v);
    const inner = elementOf(ctx.T, arr, i);
    if (!isSymArray(inner)) throw new Error(`internal: too many indices for ${name}`);
    return withElement(ctx.T, arr, i, update(inner, depth + 1));
  };
  return update(root, 0);
}
