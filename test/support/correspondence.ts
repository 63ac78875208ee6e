// The correspondence a property test checks between the explored symbolic leaves of a
// program and one concrete run: the input satisfies exactly one leaf's path condition; a clean
// run matches a 'done' leaf whose final entry store, evaluated under the input, equals the
// concrete store; a failing run matches the failure leaf of the same kind at the same line;
// an input violating an assumption matches no leaf that goes on. Also random inputs for the
// symbols a run introduced (parameters, havocs `x@L#n`, arrays with their lengths).

import type { ConcreteResult } from '../../src/engine/concrete/interpreter';
import {
  arrayValue,
  formatValue,
  isArrayValue,
  valuesEqual,
  type ConcreteValue,
} from '../../src/engine/concrete/values';
import { inputSymbols } from '../../src/engine/state/state';
import type { Term, Sort } from '../../src/engine/terms/term';
import { arrayValue as termArray, type Value } from '../../src/engine/terms/values';
import type { TreeNode } from '../../src/engine/explore/tree';
import { Rng } from './programGen';
import { describeLeaf, pcHolds, storeUnder } from './symbolic';

export type Inputs = ReadonlyMap<string, ConcreteValue>;
export type Assignment = (sym: Term) => Value | undefined;

/** Symbols read by name from concrete inputs; `a.length` is the length of the input array `a`. */
export function assignmentOf(inputs: Inputs): Assignment {
  return (sym) => {
    const name = sym.symbol!.display;
    const v = inputs.get(name);
    if (v === undefined) {
      const base = name.endsWith('.length') ? inputs.get(name.slice(0, -'.length'.length)) : undefined;
      return base !== undefined && isArrayValue(base) ? BigInt(base.elems.length) : undefined;
    }
    if (!isArrayValue(v)) return typeof v === 'object' ? undefined : v;
    const entries = new Map<bigint, Value>();
    v.elems.forEach((e, i) => entries.set(BigInt(i), e as Value));
    return termArray(sym.sort.kind === 'array' && sym.sort.elem.kind === 'bool' ? false : 0n, entries);
  };
}

/** Statuses that cut a path short: inputs that follow such a path cannot be checked. */
export function undecided(leaves: readonly TreeNode[], env: Assignment): boolean {
  return leaves.some((n) => (n.state.status === 'unknown' || n.state.status === 'bounded') && pcHolds(n.state, env));
}

/** Why the concrete run does not correspond to the leaves, or undefined when it does. */
export function mismatch(
  leaves: readonly TreeNode[],
  inputs: Inputs,
  run: ConcreteResult,
  joins: boolean,
): string | undefined {
  const env = assignmentOf(inputs);
  const matching = leaves.filter((n) => pcHolds(n.state, env));
  const ends = matching.filter((n) => n.state.status === 'done' || n.state.status === 'failed');
  const list = (ns: readonly TreeNode[]) => ns.map(describeLeaf).join('; ');
  if (run.status === 'assumeFailed') {
    return ends.length === 0 && matching.length <= 1
      ? undefined
      : `assume failed concretely (${run.message}), but matches ${list(matching)}`;
  }
  if (matching.length !== 1) return `${run.status} concretely, but ${matching.length} leaves match: ${list(matching)}`;
  const leaf = matching[0].state;
  if (run.status === 'failed') {
    const f = run.failure!;
    if (leaf.status === 'failed' && leaf.failure!.kind === f.kind && leaf.failure!.span.line === f.span.line)
      return undefined;
    return `concrete ${f.kind} failure at line ${f.span.line}, symbolic leaf ${describeLeaf(matching[0])}`;
  }
  if (run.status !== 'ok') return `unexpected concrete status ${run.status}: ${run.message}`;
  if (leaf.status !== 'done') return `concrete run ok, symbolic leaf ${describeLeaf(matching[0])}`;
  const symbolic = storeUnder(leaf, env);
  const globals = storeUnder(leaf, env, 'globals');
  for (const [name, v] of run.globals) {
    const s = globals.get(name);
    if (s === undefined || !valuesEqual(s, v))
      return `final global ${name}: concrete ${formatValue(v)}, symbolic ${s === undefined ? 'missing' : formatValue(s)}`;
  }
  for (const [name, v] of run.store) {
    const s = symbolic.get(name);
    // A join keeps only the variables every incoming path has (the others are out of scope).
    if (s === undefined && joins) continue;
    if (s === undefined || !valuesEqual(s, v))
      return `final ${name}: concrete ${formatValue(v)}, symbolic ${s === undefined ? 'missing' : formatValue(s)}`;
  }
  const extra = [...symbolic.keys()].filter((k) => !run.store.has(k));
  return extra.length === 0
    ? undefined
    : `symbolic store has variables the concrete run never declared: ${extra.join(', ')}`;
}

/** The display names and sorts of every input symbol any leaf introduced (lengths excluded). */
export function inputSorts(leaves: readonly TreeNode[]): Map<string, Sort> {
  const out = new Map<string, Sort>();
  for (const n of leaves) {
    for (const s of inputSymbols(n.state)) {
      const name = s.symbol!.display;
      if (!(name.endsWith('.length') && s.sort.kind === 'int')) out.set(name, s.sort);
    }
  }
  return out;
}

/** Small values and the edges of each sort: what makes branches and wrap-around go both ways. */
export function randomValue(rng: Rng, sort: Sort): ConcreteValue {
  switch (sort.kind) {
    case 'bool':
      return rng.chance(0.5);
    case 'ref':
      return { kind: 'ref', id: 0 };
    case 'int':
      return rng.chance(0.8) ? rng.bigint(-12n, 12n) : rng.bigint(-(1n << 40n), 1n << 40n);
    case 'bv': {
      const w = BigInt(sort.width);
      const [min, max] = sort.signed ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n] : [0n, (1n << w) - 1n];
      if (rng.chance(0.3)) return rng.pick([min, max, min + 1n, max - 1n, 0n, 1n].filter((v) => v >= min && v <= max));
      const small = rng.bigint(-12n, 12n);
      return rng.chance(0.6) && small >= min && small <= max ? small : rng.bigint(min, max);
    }
    case 'array': {
      const length = rng.int(0, 6);
      return arrayValue(Array.from({ length }, () => randomValue(rng, sort.elem)));
    }
    case 'uninterpreted':
      throw new Error(`no concrete value of the uninterpreted sort ${sort.name} (Viper domains only)`);
    case 'real':
      throw new Error('no concrete value of a permission amount');
    case 'set':
    case 'seq':
      throw new Error('sets and sequences have no concrete inputs');
  }
}

export function randomInputsFor(seed: number, sorts: ReadonlyMap<string, Sort>): Map<string, ConcreteValue> {
  const rng = new Rng(seed);
  return new Map([...sorts].map(([name, sort]) => [name, randomValue(rng, sort)]));
}
