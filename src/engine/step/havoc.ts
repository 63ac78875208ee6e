// Fresh symbols for inputs and havocs, named after what they stand for: the parameter `x`,
// `x@9` for the first havoc of x at line 9 on this path, `x@9#2` for the second, and for an
// array `a` its contents `a` and its length `a.length`. The concrete interpreter reads input
// files by the same names, so a counterexample is directly a replayable input.

import type { Type } from '../../lang/types';
import { conjoin } from '../pathCondition';
import type { Span } from '../../lang/span';
import type { SymValue, State } from '../state';
import { sortOfType } from '../sorts';
import type { EngineContext } from './context';

export interface Fresh {
  readonly value: SymValue;
  readonly state: State;
}

/** The display name of the next havoc of `name` at `line` on this path, and the updated counters. */
export function havocName(s: State, name: string, line: number): { display: string; state: State } {
  const key = `${name}@${line}`;
  const count = (s.havocCounts.get(key) ?? 0) + 1;
  const counts = new Map(s.havocCounts);
  counts.set(key, count);
  return { display: count === 1 ? key : `${key}#${count}`, state: { ...s, havocCounts: counts } };
}

/** A fresh symbolic value of type `type` displayed as `display`; array lengths are constrained to be ≥ 0. */
export function freshValue(ctx: EngineContext, s: State, display: string, type: Type, origin: string, span?: Span): Fresh {
  const T = ctx.T;
  if (type.kind !== 'array') {
    const sym = T.symbol(sortOfType(type), display, origin);
    return { value: sym, state: { ...s, inputs: { symbol: sym, prev: s.inputs } } };
  }
  if (type.elem.kind === 'array') throw new Error('nested arrays are not supported by the symbolic engine yet');
  const contents = T.symbol(sortOfType(type), display, origin);
  const length = T.symbol({ kind: 'int' }, `${display}.length`, `length of ${origin}`);
  const withInputs: State = { ...s, inputs: { symbol: length, prev: { symbol: contents, prev: s.inputs } } };
  const pc = conjoin(withInputs.pc, { term: T.le(T.int(0n), length), span, reason: `${display}.length is not negative` });
  return { value: { kind: 'symArray', length, contents }, state: { ...withInputs, pc } };
}

/** A fresh value for a havoc of variable `name` at `span` (`x := *`, `var x: T;`). */
export function havoc(ctx: EngineContext, s: State, name: string, type: Type, span: Span, why: string): Fresh {
  const named = havocName(s, name, span.line);
  return freshValue(ctx, named.state, named.display, type, `${why} of ${name} at line ${span.line}`, span);
}
