// Concrete values of terms: what models, evaluation and the debugger's "Model" scope hold.
// Arrays are finite maps with a default (exactly what a Z3 model of an int-indexed array is).

import { normalize } from './semantics';
import type { Sort } from './term';
import { uninterpretedValueName } from './uninterpreted';

export interface ArrayValue {
  readonly kind: 'array';
  readonly entries: ReadonlyMap<bigint, Value>;
  readonly default: Value;
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
  }
}

/** Extensional equality: arrays are equal when they agree on every index. */
export function valueEquals(a: Value, b: Value): boolean {
  if (!isArrayValue(a) || !isArrayValue(b)) return a === b;
  if (!valueEquals(a.default, b.default)) {
    // Defaults differ, so infinitely many indices differ.
    return false;
  }
  for (const k of new Set([...a.entries.keys(), ...b.entries.keys()])) {
    if (!valueEquals(readArray(a, k), readArray(b, k))) return false;
  }
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
  const elem = sort.kind === 'array' ? sort.elem : sort;
  const parts = significantEntries(v).map(([k, e]) => `${k}: ${valueToString(e, elem)}`);
  parts.push(`_: ${valueToString(v.default, elem)}`);
  return `[${parts.join(', ')}]`;
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
  if (typeof v === 'boolean' || sort.kind !== 'array') return v;
  const entries = new Map<bigint, Value>();
  for (const [k, e] of v.entries) entries.set(k, normalizeValue(e, sort.elem));
  return arrayValue(normalizeValue(v.default, sort.elem), entries);
}
