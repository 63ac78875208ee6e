// Concrete values of terms: what models, evaluation and the debugger's "Model" scope hold.
// Arrays are finite maps with a default (exactly what a Z3 model of an int-indexed array is).

import { normalize } from './semantics';
import type { Sort } from './term';
import { uninterpretedValueName } from './uninterpreted';

export interface ArrayValue {
  readonly kind: 'array';
  readonly entries: ReadonlyMap<bigint, Value>;
  readonly default: Value;
  /** Set only on the value of a sequence: its length (entries 0 … length-1 are its elements). */
  readonly length?: bigint;
}

export type Value = bigint | boolean | ArrayValue;

export function isArrayValue(v: Value): v is ArrayValue {
  return typeof v === 'object';
}

export function arrayValue(defaultValue: Value, entries: ReadonlyMap<bigint, Value> = new Map()): ArrayValue {
  return { kind: 'array', entries, default: defaultValue };
}

export function readArray(a: ArrayValue, index: bigint): Value {
  const v = a.entries.get(index);
  return v === undefined ? a.default : v;
}

/** A new array value; the old one is unchanged. */
export function writeArray(a: ArrayValue, index: bigint, v: Value): ArrayValue {
  const entries = new Map(a.entries);
  entries.set(index, v);
  return { kind: 'array', entries, default: a.default };
}

/** The value a symbol takes when a model leaves it out (model completion). */
export function defaultValue(sort: Sort): Value {
  switch (sort.kind) {
    case 'bool':
      return false;
    case 'int':
    case 'bv':
    case 'ref':
    case 'uninterpreted': // the index of the value (`D!val!0`)
      return 0n;
    case 'array':
      return arrayValue(defaultValue(sort.elem));
    case 'set':
      return arrayValue(false);
    case 'seq':
      return seqValue([], defaultValue(sort.elem));
    case 'real': // never read: evaluation leaves reals to the solver (reals.ts)
      return 0n;
  }
}

/** The value of a sequence (terms/collections.ts): an array value with a length. */
export function seqValue(elems: readonly Value[], filler: Value): ArrayValue {
  return {
    kind: 'array',
    entries: new Map(elems.map((v, i) => [BigInt(i), v])),
    default: filler,
    length: BigInt(elems.length),
  };
}

/** Extensional equality: arrays are equal when they agree on every index. */
export function valueEquals(a: Value, b: Value): boolean {
  if (!isArrayValue(a) || !isArrayValue(b)) return a === b;
  if (a.length !== undefined || b.length !== undefined) return seqEquals(a, b);
  if (!valueEquals(a.default, b.default)) {
    // Defaults differ, so infinitely many indices differ.
    return false;
  }
  for (const k of new Set([...a.entries.keys(), ...b.entries.keys()])) {
    if (!valueEquals(readArray(a, k), readArray(b, k))) return false;
  }
  return true;
}

function seqEquals(a: ArrayValue, b: ArrayValue): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0n; i < (a.length ?? 0n); i++) if (!valueEquals(readArray(a, i), readArray(b, i))) return false;
  return true;
}

/** Entries that differ from the default, sorted by index: what a user wants to read. */
export function significantEntries(a: ArrayValue): [bigint, Value][] {
  return [...a.entries.entries()]
    .filter(([, v]) => !valueEquals(v, a.default))
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}

/** `42`, `-1`, `true`, `[0: 1, 3: 7, _: 0]` (the `_` entry is the default). */
export function valueToString(v: Value, sort: Sort): string {
  if (sort.kind === 'uninterpreted' && typeof v === 'bigint') return uninterpretedValueName(sort.name, v);
  if (!isArrayValue(v)) return String(v);
  if (sort.kind === 'set' || sort.kind === 'seq') return collectionText(v, sort);
  const elem = sort.kind === 'array' ? sort.elem : sort;
  const parts = significantEntries(v).map(([k, e]) => `${k}: ${valueToString(e, elem)}`);
  parts.push(`_: ${valueToString(v.default, elem)}`);
  return `[${parts.join(', ')}]`;
}

/** `Set(1, 2)` (a set whose default is true holds all but the listed: `Set(all but 3)`, `Set(all)`),
 *  `Seq(3, 4)`; elements as their sort prints them (a Ref `@5`, null `null`). */
function collectionText(v: ArrayValue, sort: Sort & { elem: Sort }): string {
  const elem = (x: Value): string =>
    sort.elem.kind === 'ref' ? (x === 0n ? 'null' : `@${String(x)}`) : valueToString(x, sort.elem);
  if (sort.kind === 'seq') {
    const items: string[] = [];
    for (let i = 0n; i < (v.length ?? 0n); i++) items.push(elem(readArray(v, i)));
    return `Seq(${items.join(', ')})`;
  }
  const members = [...v.entries.entries()]
    .filter(([, m]) => m !== v.default)
    .map(([k]) => k)
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    .map((k) => (sort.elem.kind === 'bool' ? String(k !== 0n) : elem(k)));
  if (v.default !== true) return `Set(${members.join(', ')})`;
  return members.length === 0 ? 'Set(all)' : `Set(all but ${members.join(', ')})`;
}

export type JsonValue = number | string | boolean | { default: JsonValue; entries: [JsonValue, JsonValue][] };

const MAX_SAFE = 1n << 53n;

function numberToJSON(n: bigint): number | string {
  return n <= MAX_SAFE && n >= -MAX_SAFE ? Number(n) : n.toString();
}

/** Numbers when |n| <= 2^53, else decimal strings; arrays as {default, entries: [[index, value], …]}. */
export function valueToJSON(v: Value, sort: Sort): JsonValue {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'bigint')
    return sort.kind === 'uninterpreted' ? uninterpretedValueName(sort.name, v) : numberToJSON(v);
  if (sort.kind === 'set' || sort.kind === 'seq') return valueToString(v, sort);
  const elem = sort.kind === 'array' ? sort.elem : sort;
  return {
    default: valueToJSON(v.default, elem),
    entries: significantEntries(v).map(([k, e]) => [numberToJSON(k), valueToJSON(e, elem)]),
  };
}

/** Bring a value into its sort's canonical form: bit-vectors as signed/unsigned by the sort
 *  (a solver model may report an i8 -1 as 255), recursively through arrays. */
export function normalizeValue(v: Value, sort: Sort): Value {
  if (typeof v === 'bigint') return sort.kind === 'bv' ? normalize(v, sort) : v;
  if (typeof v === 'boolean' || sort.kind !== 'array') return v; // sets and sequences: as read
  const entries = new Map<bigint, Value>();
  for (const [k, e] of v.entries) entries.set(k, normalizeValue(e, sort.elem));
  return arrayValue(normalizeValue(v.default, sort.elem), entries);
}
