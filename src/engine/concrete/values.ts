// Concrete values of Sym as the interpreter, the input files and the CLI see them.
// ints and bit-vectors are bigints (a bit-vector is kept in its type's range, so a signed one
// is negative when its sign bit is set); arrays are immutable values because Sym assigns
// arrays by copy: `a[i] := v` builds a new array instead of changing a shared one.

import type { Type } from '../../lang/types';

export interface ConcreteArray {
  readonly kind: 'array';
  readonly elems: readonly ConcreteValue[];
}

/** A reference to an object of the run's heap (objects.ts), or null (id 0). */
export interface ConcreteRef {
  readonly kind: 'ref';
  readonly id: number;
}

export type ConcreteValue = bigint | boolean | ConcreteArray | ConcreteRef;

export const NULL_REF: ConcreteRef = { kind: 'ref', id: 0 };

export function isRefValue(v: ConcreteValue): v is ConcreteRef {
  return typeof v === 'object' && v.kind === 'ref';
}

export function arrayValue(elems: readonly ConcreteValue[]): ConcreteArray {
  return { kind: 'array', elems };
}

export function isArrayValue(v: ConcreteValue): v is ConcreteArray {
  return typeof v === 'object' && v.kind === 'array';
}

/** The value a missing input or a fresh return variable starts with: 0, false, []. */
export function defaultValue(t: Type): ConcreteValue {
  switch (t.kind) {
    case 'int':
    case 'bv':
      return 0n;
    case 'bool':
      return false;
    case 'array':
      return arrayValue([]);
    case 'ref':
      return NULL_REF;
    case 'domain':
      // Concrete runs are Sym's; a Viper program with domains is only verified symbolically.
      throw new Error(`a concrete run has no value of the Viper domain ${t.name}`);
    case 'set':
    case 'seq':
      throw new Error('sets and sequences are not run concretely (only verified)');
    case 'perm':
      throw new Error('permission amounts are not run concretely (only verified)');
  }
}

/** A copy of `arr` with element `i` replaced (the caller has checked the bounds). */
export function arrayWith(arr: ConcreteArray, i: number, v: ConcreteValue): ConcreteArray {
  const elems = arr.elems.slice();
  elems[i] = v;
  return arrayValue(elems);
}

export function valuesEqual(a: ConcreteValue, b: ConcreteValue): boolean {
  if (isArrayValue(a) && isArrayValue(b)) {
    return a.elems.length === b.elems.length && a.elems.every((x, i) => valuesEqual(x, b.elems[i]));
  }
  if (isRefValue(a) && isRefValue(b)) return a.id === b.id;
  return a === b;
}

/** Integers with more digits than this print abbreviated: an int may have 65,536 bits (19,729 digits). */
export const MAX_PRINTED_DIGITS = 60;

/** `n` in full, or for a huge one its first and last digits and how many there are: `12…89 (19,729 digits)`. */
export function formatInteger(n: bigint): string {
  const text = n.toString();
  const sign = n < 0n ? '-' : '';
  const digits = text.length - sign.length;
  if (digits <= MAX_PRINTED_DIGITS) return text;
  const keep = MAX_PRINTED_DIGITS / 3;
  return `${sign}${text.slice(sign.length, sign.length + keep)}…${text.slice(-keep)} (${digits.toLocaleString('en-US')} digits)`;
}

/** Sym syntax: `5`, `-3`, `true`, `[1, 2]`; references as `@1` or `null`; huge integers abbreviated. */
export function formatValue(v: ConcreteValue): string {
  if (isArrayValue(v)) return `[${v.elems.map(formatValue).join(', ')}]`;
  if (isRefValue(v)) return v.id === 0 ? 'null' : `@${v.id}`;
  return typeof v === 'bigint' ? formatInteger(v) : String(v);
}
