// Input files of a concrete run: a JSON object from input name to value. Numbers are JSON
// numbers, or decimal strings beyond 2^53; booleans are booleans; arrays are JSON arrays of
// their elements. Values are converted to the declared type and range-checked, so a replayed
// counterexample can never smuggle in a value its variable could not hold.

import type { Type } from '../../lang/types';
import { bvRange, typeName } from '../../lang/types';
import { inputBaseName } from './havoc';
import type { ConcreteValue } from './values';
import { arrayValue, isArrayValue } from './values';

export type Inputs = ReadonlyMap<string, ConcreteValue>;

/** Input name (without `#n`) -> declared type; see `inputTypesOf`. */
export type InputTypes = ReadonlyMap<string, Type>;

export interface ParsedInputs {
  readonly inputs?: Inputs;
  readonly error?: string;
  /** Names the program never reads (kept, but probably a typo). */
  readonly warnings?: readonly string[];
}

class InputError extends Error {}

export function parseInputs(json: unknown, types?: InputTypes): ParsedInputs {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { error: 'inputs must be a JSON object mapping input names to values' };
  }
  const inputs = new Map<string, ConcreteValue>();
  const warnings: string[] = [];
  try {
    for (const [name, raw] of Object.entries(json)) {
      const type = types?.get(inputBaseName(name));
      if (types && !type) warnings.push(`input ${name} is not read by the program`);
      inputs.set(name, convert(raw, type, name));
    }
  } catch (e) {
    if (e instanceof InputError) return { error: e.message };
    throw e;
  }
  return warnings.length > 0 ? { inputs, warnings } : { inputs };
}

/** `type` undefined: take the value as it looks (integer, boolean, array). */
function convert(raw: unknown, type: Type | undefined, label: string): ConcreteValue {
  if (type === undefined) return convertUntyped(raw, label);
  switch (type.kind) {
    case 'bool':
      if (typeof raw !== 'boolean') throw new InputError(`input ${label} = ${show(raw)} is not a bool`);
      return raw;
    case 'int':
      return toInteger(raw, label, type);
    case 'bv': {
      const v = toInteger(raw, label, type);
      const { min, max } = bvRange(type);
      if (v < min || v > max) throw new InputError(`input ${label} = ${v} does not fit ${typeName(type)}`);
      return v;
    }
    case 'array': {
      if (!Array.isArray(raw)) throw new InputError(`input ${label} = ${show(raw)} is not an array`);
      const elem = type.elem;
      return arrayValue(raw.map((x, i) => convert(x, elem, `${label}[${i}]`)));
    }
  }
}

function convertUntyped(raw: unknown, label: string): ConcreteValue {
  if (typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return arrayValue(raw.map((x, i) => convertUntyped(x, `${label}[${i}]`)));
  return toInteger(raw, label, undefined);
}

function toInteger(raw: unknown, label: string, type: Type | undefined): bigint {
  const what = type ? withArticle(typeName(type)) : 'a number, a boolean or an array';
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) throw new InputError(`input ${label} = ${raw} is not an integer`);
    if (!Number.isSafeInteger(raw)) {
      throw new InputError(`input ${label} = ${raw} is beyond 2^53: write it as a decimal string`);
    }
    return BigInt(raw);
  }
  if (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw)) return BigInt(raw.trim());
  throw new InputError(`input ${label} = ${show(raw)} is not ${what}`);
}

function withArticle(name: string): string {
  return /^[aeio]/.test(name) ? `an ${name}` : `a ${name}`; // "a u8" is read "a you-eight"
}

function show(raw: unknown): string {
  return JSON.stringify(raw) ?? String(raw);
}

/** The JSON form `parseInputs` reads back: numbers while exact, decimal strings beyond 2^53. */
export function inputsToJSON(inputs: Inputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of inputs) out[name] = valueToJSON(v);
  return out;
}

export function valueToJSON(v: ConcreteValue): unknown {
  if (isArrayValue(v)) return v.elems.map(valueToJSON);
  if (typeof v === 'boolean') return v;
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}
