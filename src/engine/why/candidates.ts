// Candidate facts for a suggestion (why/suggest.ts), read off states seen at the place the
// fact would go (why/observe.ts): for each variable the abstraction leaves open (a loop's
// assigned variables, a callee's results), a constant it always has, a linear relation to
// another variable (`s == 2 * i`), an order with another variable, and its bounds. Only
// candidates that hold in every state seen are kept: each one is a value or relation true on
// every run found, which the solver then has to confirm by verifying the program with it.

import type { Observation } from './observe';

export interface Candidate {
  readonly fact: string;
  /** The variables it names (those of the failing check rank first). */
  readonly names: readonly string[];
}

/** Candidates over `open` (the variables the abstraction forgets) and `all` (the variables in scope), best first. */
export function candidateFacts(
  seen: readonly Observation[],
  open: readonly string[],
  all: readonly string[],
  related: ReadonlySet<string>,
): Candidate[] {
  if (seen.length === 0) return [];
  const rows: { c: Candidate; rank: number }[] = [];
  const add = (fact: string, names: string[], order: number): void => {
    const relevant = names.some((n) => related.has(n)) ? 0 : 10;
    rows.push({ c: { fact, names }, rank: relevant + order });
  };
  for (const t of open) {
    const ts = values(seen, t);
    if (!ts) continue;
    if (ts.every((v) => v === ts[0])) add(`${t} == ${ts[0]}`, [t], 0);
    for (const w of all) {
      if (w === t) continue;
      const ws = values(seen, w);
      if (!ws) continue;
      const line = linear(ts, ws);
      if (line) add(`${t} == ${affine(line.k, w, line.c)}`, [t, w], 1);
      else if (ts.every((v, i) => v <= ws[i])) add(`${t} <= ${w}`, [t, w], 2);
      else if (ts.every((v, i) => v >= ws[i])) add(`${t} >= ${w}`, [t, w], 2);
    }
    if (!ts.every((v) => v === ts[0])) {
      add(`${t} >= ${min(ts)}`, [t], 3);
      add(`${t} <= ${max(ts)}`, [t], 3);
    }
  }
  const seenFacts = new Set<string>();
  return rows
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.c)
    .filter((c) => !seenFacts.has(c.fact) && seenFacts.add(c.fact) !== undefined);
}

/** The variable's value in every observation, or undefined when some observation lacks it. */
function values(seen: readonly Observation[], name: string): bigint[] | undefined {
  const out: bigint[] = [];
  for (const o of seen) {
    const v = o.get(name);
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

/** t = k·w + c on every observation, k an integer other than 0, from two with different w. */
function linear(ts: readonly bigint[], ws: readonly bigint[]): { k: bigint; c: bigint } | undefined {
  const j = ws.findIndex((w) => w !== ws[0]);
  if (j < 0) return undefined;
  const dt = ts[j] - ts[0];
  const dw = ws[j] - ws[0];
  if (dt % dw !== 0n || dt === 0n) return undefined;
  const k = dt / dw;
  const c = ts[0] - k * ws[0];
  return ts.every((t, i) => t === k * ws[i] + c) ? { k, c } : undefined;
}

/** `2 * i + 1`, `i - 3`, `-i`, as Sym reads them. */
function affine(k: bigint, w: string, c: bigint): string {
  const term = k === 1n ? w : k === -1n ? `-${w}` : `${k} * ${w}`;
  return c === 0n ? term : c > 0n ? `${term} + ${c}` : `${term} - ${-c}`;
}

const min = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => (b < a ? b : a));
const max = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => (b > a ? b : a));
