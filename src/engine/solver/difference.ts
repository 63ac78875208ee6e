// Difference logic for the cheap decision layer (bounds.ts): the conjuncts that are literals
// `a - b ≤ k`, `a - b = k`, `a - b ≠ k` over int symbols (a or b may be absent: a bound), read
// off comparisons of sums with ±1 coefficients, plus the intervals propagation derived. Their
// closure (Floyd–Warshall over the few symbols involved) decides what interval propagation
// cannot: a cycle `x < y ∧ y < x` (a negative cycle), or `x = y ∧ y = z ∧ x ≠ z` (bounds forcing
// a disequality's two sides equal). Only 'conflict' is an answer: the literals kept are implied
// by the conjuncts (others are dropped), so a conflict among them is unsat; no conflict says
// nothing. Ints only: bit-vector differences wrap.

import type { Term } from '../terms/term';
import type { Env } from './intervals';
import { linearDifference } from './linear';

/** Closure is cubic in the symbols: beyond this many it costs more than a solver call. */
const MAX_NODES = 40;

/** `x_to - x_from ≤ w` (ZERO stands for the constant 0). */
interface Edge {
  readonly from: number;
  readonly to: number;
  readonly w: bigint;
}
const ZERO = -1;

/** lhs - rhs as `x_p - x_n + k` with p, n symbols or ZERO; undefined when not of that shape. */
function difference(lhs: Term, rhs: Term): { p: number; n: number; k: bigint } | undefined {
  const l = linearDifference(lhs, rhs);
  if (l === undefined) return undefined;
  let p = ZERO,
    n = ZERO;
  for (const [id, c] of l.coeffs) {
    if (c === 1n && p === ZERO) p = id;
    else if (c === -1n && n === ZERO) n = id;
    else return undefined;
  }
  return { p, n, k: l.k };
}

interface Facts {
  readonly edges: Edge[];
  readonly diseqs: Edge[];
}

/** One literal's facts: e = x_p - x_n + k compared with 0. */
function literal(t: Term, truth: boolean, facts: Facts): void {
  if (t.op === 'not') return literal(t.args[0], !truth, facts);
  if (t.op !== 'eq' && t.op !== 'lt' && t.op !== 'le') return;
  const d = difference(t.args[0], t.args[1]);
  if (d === undefined) return;
  const { p, n, k } = d;
  // x_p - x_n ≤ w is the edge n → p of weight w; ≥ w is p → n of weight -w.
  const le = (w: bigint): void => {
    facts.edges.push({ from: n, to: p, w });
  };
  const ge = (w: bigint): void => {
    facts.edges.push({ from: p, to: n, w: -w });
  };
  if (t.op === 'eq') {
    if (truth) {
      le(-k);
      ge(-k);
    } else facts.diseqs.push({ from: n, to: p, w: -k });
  } else if (t.op === 'lt') {
    if (truth) le(-k - 1n);
    else ge(-k);
  } else if (truth) le(-k);
  else ge(-k + 1n);
}

function collect(constraints: readonly Term[], env: Env): Facts {
  const facts: Facts = { edges: [], diseqs: [] };
  for (const c of constraints) {
    if (c.op === 'and') c.args.forEach((a) => literal(a, true, facts));
    else literal(c, true, facts);
  }
  // The intervals of the symbols the literals relate (the others add nothing to a cycle).
  const related = new Set([...facts.edges, ...facts.diseqs].flatMap((e) => [e.from, e.to]));
  for (const id of related) {
    const r = env.ranges.get(id);
    if (r?.hi !== undefined) facts.edges.push({ from: ZERO, to: id, w: r.hi });
    if (r?.lo !== undefined) facts.edges.push({ from: id, to: ZERO, w: -r.lo });
  }
  return facts;
}

/** Do the difference literals among the conjuncts contradict each other? */
export function differenceConflict(constraints: readonly Term[], env: Env): boolean {
  const facts = collect(constraints, env);
  if (facts.edges.length === 0) return false;
  const index = new Map<number, number>();
  const node = (id: number): number => {
    let i = index.get(id);
    if (i === undefined) {
      i = index.size;
      index.set(id, i);
    }
    return i;
  };
  for (const e of [...facts.edges, ...facts.diseqs]) {
    node(e.from);
    node(e.to);
  }
  const n = index.size;
  if (n > MAX_NODES) return false;
  const dist: (bigint | undefined)[][] = Array.from({ length: n }, () =>
    new Array<bigint | undefined>(n).fill(undefined),
  );
  for (let i = 0; i < n; i++) dist[i][i] = 0n;
  for (const e of facts.edges) {
    const [f, t] = [node(e.from), node(e.to)];
    const old = dist[f][t];
    if (old === undefined || e.w < old) dist[f][t] = e.w;
  }
  for (let m = 0; m < n; m++) {
    for (let i = 0; i < n; i++) {
      const im = dist[i][m];
      if (im === undefined) continue;
      for (let j = 0; j < n; j++) {
        const mj = dist[m][j];
        if (mj === undefined) continue;
        const old = dist[i][j];
        if (old === undefined || im + mj < old) dist[i][j] = im + mj;
      }
    }
  }
  for (let i = 0; i < n; i++) if (dist[i][i]! < 0n) return true;
  // x_to - x_from ≠ w, while the bounds say x_to - x_from ≤ w and ≥ w.
  return facts.diseqs.some((d) => dist[node(d.from)][node(d.to)] === d.w && dist[node(d.to)][node(d.from)] === -d.w);
}
