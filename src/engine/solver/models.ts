// Models for the cheap decision layer (bounds.ts), picked inside the intervals that
// propagation left, never on an excluded value. First three whole candidates (near the hint
// or 0, the low ends, the high ends); when none satisfies every conjunct, a greedy search
// fixes one symbol at a time and propagates the fixed value (so `x < y`, `x == y + 1`,
// `x != y` see the value of x before y is picked), trying a few values per symbol and never
// backtracking further. Whatever it builds is checked by evaluation: a model it returns
// satisfies every conjunct; when it finds none, the question goes on to the next layer.

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { copyEnv, isExcluded, type Exclusions, point, sortRange, type Env, type Interval } from './intervals';
import { satisfiesAll } from './modeleval';
import { Conflict, propagate, Propagator, type Linears } from './propagate';
import type { Model } from './solver';

/** The greedy search propagates once per symbol and value tried, each propagation walking the
 *  constraints: bounded by symbols × term nodes, so that it never costs more than Z3 would. */
const MAX_GREEDY_WORK = 50_000;
const VALUES_PER_SYMBOL = 3;

function clamp(v: bigint, i: Interval): bigint {
  if (i.lo !== undefined && v < i.lo) return i.lo;
  if (i.hi !== undefined && v > i.hi) return i.hi;
  return v;
}

function inside(v: bigint, i: Interval): boolean {
  return (i.lo === undefined || v >= i.lo) && (i.hi === undefined || v <= i.hi);
}

/** The value of i nearest to v that is not excluded (v itself when allowed); undefined when
 *  every value of i is excluded. Searches outwards: the exclusions are few. */
export function nearestAllowed(v: bigint, i: Interval, excluded: Exclusions | undefined): bigint | undefined {
  const start = clamp(v, i);
  if (!isExcluded(excluded, start)) return start;
  for (let d = 1n; d <= BigInt(excluded!.length); d++) {
    for (const c of [start + d, start - d]) if (inside(c, i) && !isExcluded(excluded, c)) return c;
  }
  return undefined;
}

function hinted(hint: Model | undefined, s: Term): bigint {
  const h = hint?.get(s.id);
  return typeof h === 'bigint' ? h : 0n;
}

/** Preferred values of a numeric symbol: near the hint (or 0), near each end. */
function valuesFor(s: Term, env: Env, hint: Model | undefined): bigint[] {
  const i = env.ranges.get(s.id) ?? sortRange(s.sort);
  const ex = env.excluded.get(s.id);
  const wanted = [hinted(hint, s), i.lo ?? clamp(0n, i), i.hi ?? clamp(0n, i)];
  const out: bigint[] = [];
  for (const w of wanted) {
    const v = nearestAllowed(w, i, ex);
    if (v !== undefined && !out.includes(v)) out.push(v);
  }
  return out;
}

function boolFor(s: Term, env: Env, hint: Model | undefined): boolean {
  const h = hint?.get(s.id);
  return env.bools.get(s.id) ?? (typeof h === 'boolean' ? h : false);
}

/** Whole candidates: every symbol at its first, second, third preferred value. */
function candidates(syms: readonly Term[], env: Env, hint: Model | undefined): Model[] {
  const per = syms.map((s) => (s.sort.kind === 'bool' ? [] : valuesFor(s, env, hint)));
  return [0, 1, 2].map((k) => {
    const m = new Map<number, Value>();
    syms.forEach((s, j) => {
      if (s.sort.kind === 'bool') m.set(s.id, boolFor(s, env, hint));
      else m.set(s.id, per[j][Math.min(k, per[j].length - 1)] ?? clamp(0n, env.ranges.get(s.id) ?? sortRange(s.sort)));
    });
    return m;
  });
}

/** env with s fixed to v and propagated, or undefined on a conflict. */
function fixed(constraints: readonly Term[], env: Env, s: Term, v: Value, linears: Linears): Env | undefined {
  const p = new Propagator(copyEnv(env), linears);
  try {
    if (typeof v === 'boolean') p.setBool(s, v);
    else p.setRange(s, point(v as bigint));
    propagate(constraints, p);
    return p.env;
  } catch (e) {
    if (e instanceof Conflict || e instanceof RangeError) return undefined;
    throw e;
  }
}

function greedy(
  constraints: readonly Term[],
  syms: readonly Term[],
  start: Env,
  hint: Model | undefined,
  linears: Linears,
): Model | undefined {
  let env = start;
  const model = new Map<number, Value>();
  for (const s of syms) {
    const options: Value[] =
      s.sort.kind === 'bool'
        ? [boolFor(s, env, hint), !boolFor(s, env, hint)]
        : valuesFor(s, env, hint).slice(0, VALUES_PER_SYMBOL);
    let next: Env | undefined;
    for (const v of options) {
      next = fixed(constraints, env, s, v, linears);
      if (next !== undefined) {
        model.set(s.id, v);
        break;
      }
    }
    if (next === undefined) return undefined;
    env = next;
  }
  return model;
}

/** A model of every conjunct, checked by evaluation, or undefined. */
export function findModel(
  constraints: readonly Term[],
  syms: readonly Term[],
  nodes: number,
  env: Env,
  hint: Model | undefined,
  linears: Linears = new Map(),
): Model | undefined {
  for (const model of candidates(syms, env, hint)) {
    if (satisfiesAll(model, constraints)) return model;
  }
  if (syms.length * nodes > MAX_GREEDY_WORK) return undefined;
  const model = greedy(constraints, syms, env, hint, linears);
  return model !== undefined && satisfiesAll(model, constraints) ? model : undefined;
}
