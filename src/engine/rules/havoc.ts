// Fresh symbols for inputs and havocs, named after what they stand for: the parameter `x`,
// `x@9` for the first havoc of x at line 9 on this path, `x@9#2` for the second, and for an
// array `a` its contents `a` and its length `a.length`. The concrete interpreter reads input
// files by the same names, so a counterexample is directly a replayable input. A name is one
// symbol per run (TermStore.input): merged paths share the inputs they have in common, and
// after a join whose paths fired a site a different number of times the next havoc there is
// the input of each path's own count, chosen by the path's guard.

import type { Type } from '../../lang/types';
import { conjoin } from '../state/pathCondition';
import type { Span } from '../../lang/span';
import type { HavocCount, InputEntry, SymArray, SymValue, State } from '../state/state';
import { innerLengthsNonNegative, innerLevels, iteValue, lengthsSort } from '../state/arrays';
import { sortOfType } from '../state/sorts';
import type { Term } from '../terms/term';
import type { EngineContext } from './context';

export interface Fresh {
  readonly value: SymValue;
  readonly state: State;
}

/** The input name of an array of arrays' inner lengths at `level`: `a[*].length`, `a[*][*].length`, … */
export function innerLengthName(display: string, level: number): string {
  return `${display}${'[*]'.repeat(level + 1)}.length`;
}

/** `x@9` for the first firing of site `x@9`, `x@9#n` for the n-th. */
function displayOf(site: string, n: number): string {
  return n === 1 ? site : `${site}#${n}`;
}

/** A fresh symbolic value of type `type` displayed as `display`; array lengths are constrained to be ≥ 0. */
export function freshValue(
  ctx: EngineContext,
  s: State,
  display: string,
  type: Type,
  origin: string,
  span?: Span,
): Fresh {
  const T = ctx.T;
  if (type.kind !== 'array') {
    const sym = T.input(sortOfType(type), display, origin);
    return { value: sym, state: { ...s, inputs: { symbol: sym, prev: s.inputs } } };
  }
  const sort = sortOfType(type);
  const contents = T.input(sort, display, origin);
  const length = T.input({ kind: 'int' }, `${display}.length`, `length of ${origin}`);
  const levels = innerLevels(sort);
  const lengths = Array.from({ length: levels }, (_, k) =>
    T.input(lengthsSort(k), innerLengthName(display, k), `inner lengths of ${origin}`),
  );
  let inputs: InputEntry | null = { symbol: length, prev: { symbol: contents, prev: s.inputs } };
  for (const l of lengths) inputs = { symbol: l, prev: inputs };
  const value: SymArray = { kind: 'symArray', length, contents, ...(levels > 0 ? { lengths } : {}) };
  let pc = conjoin(s.pc, { term: T.le(T.int(0n), length), span, reason: `${display}.length is not negative` });
  for (const t of innerLengthsNonNegative(T, value))
    pc = conjoin(pc, { term: t, span, reason: `the inner arrays of ${display} have lengths ≥ 0` });
  return { value, state: { ...s, inputs, pc } };
}

/** The value of the next firing of havoc site `site` (e.g. `x@9`, `max.m@12`) on this path, and the state with its count advanced. */
export function freshAtSite(
  ctx: EngineContext,
  s: State,
  site: string,
  type: Type,
  origin: string,
  span?: Span,
): Fresh {
  let cur = s;
  const next = (c: HavocCount): [SymValue, HavocCount] => {
    if (typeof c === 'number') {
      const f = freshValue(ctx, cur, displayOf(site, c + 1), type, origin, span);
      cur = f.state;
      return [f.value, c + 1];
    }
    const [a, ca] = next(c.then);
    const [b, cb] = next(c.else);
    return [iteValue(ctx.T, c.guard, a, b), { guard: c.guard, then: ca, else: cb }];
  };
  const [value, count] = next(s.havocCounts.get(site) ?? 0);
  const counts = new Map(cur.havocCounts);
  counts.set(site, count);
  return { value, state: { ...cur, havocCounts: counts } };
}

/** A fresh value for a havoc of variable `name` at `span` (`x := *`, `var x: T;`). */
export function havoc(ctx: EngineContext, s: State, name: string, type: Type, span: Span, why: string): Fresh {
  return freshAtSite(ctx, s, `${name}@${span.line}`, type, `${why} of ${name} at line ${span.line}`, span);
}

/** The counts of paths merged at a join: each site's count per incoming path, by the paths' guards. */
export function mergeCounts(
  counts: readonly ReadonlyMap<string, HavocCount>[],
  guards: readonly Term[],
): Map<string, HavocCount> {
  const sites = new Set(counts.flatMap((c) => [...c.keys()]));
  const out = new Map<string, HavocCount>();
  for (const site of sites) {
    const per = counts.map((c) => c.get(site) ?? 0);
    let merged = per[per.length - 1];
    for (let i = per.length - 2; i >= 0; i--) {
      merged = sameCount(per[i], merged) ? merged : { guard: guards[i], then: per[i], else: merged };
    }
    out.set(site, merged);
  }
  return out;
}

function sameCount(a: HavocCount, b: HavocCount): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return a === b || (a.guard === b.guard && sameCount(a.then, b.then) && sameCount(a.else, b.else));
}
