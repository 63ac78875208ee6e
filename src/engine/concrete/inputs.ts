// Input files of a concrete run: a JSON object from input name to value. Numbers are JSON
// numbers, or decimal strings beyond 2^53; booleans are booleans; arrays are JSON arrays of
// their elements. Values are converted to the declared type and range-checked, so a replayed
// counterexample can never smuggle in a value its variable could not hold.

import type { Type } from '../../lang/types';
import { bvRange, typeName } from '../../lang/types';
import { inputBaseName } from './havoc';
import type { ConcreteValue } from './values';
import { arrayValue, isArrayValue, isRefValue } from './values';
import type { ClassDecl } from '../../lang/ast';
import type { InputObjects } from './objects';
import { InputError, ObjectCollector } from './refInputs';
import { MAX_NESTING } from '../../lang/nesting';

export type Inputs = ReadonlyMap<string, ConcreteValue>;

/** Input name (without `#n`) -> declared type; see `inputTypesOf`. */
export type InputTypes = ReadonlyMap<string, Type>;

export interface ParsedInputs {
  readonly inputs?: Inputs;
  /** The objects references in `inputs` point to (refInputs.ts). */
  readonly objects?: InputObjects;
  readonly error?: string;
  /** Names the program never reads (kept, but probably a typo). */
  readonly warnings?: readonly string[];
}

/** `classes` gives the fields of objects in the inputs (from the checked program). */
export function parseInputs(json: unknown, types?: InputTypes, classes?: ReadonlyMap<string, ClassDecl>): ParsedInputs {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { error: 'inputs must be a JSON object mapping input names to values' };
  }
  // Conversion recurses once per level; no Sym type nests deeper than MAX_NESTING, so no
  // value that deep can be an input, and refusing it first keeps the stack safe.
  const tooDeep = deepestInput(json);
  if (tooDeep !== undefined) return { error: `input ${tooDeep} is nested deeper than ${MAX_NESTING} levels` };
  const inputs = new Map<string, ConcreteValue>();
  const warnings: string[] = [];
  const objects = new ObjectCollector(classes);
  const convert = (raw: unknown, type: Type | undefined, label: string): ConcreteValue =>
    convertValue(raw, type, label, objects, convert);
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
  const parsed = objects.collected.size > 0 ? { inputs, objects: objects.collected } : { inputs };
  return warnings.length > 0 ? { ...parsed, warnings } : parsed;
}

/** The name of the first input nested deeper than MAX_NESTING arrays or objects, or undefined. Iterative. */
function deepestInput(json: object): string | undefined {
  for (const [name, raw] of Object.entries(json)) {
    const stack: [unknown, number][] = [[raw, 1]];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      const [value, depth] = item;
      if (typeof value !== 'object' || value === null) continue;
      if (depth > MAX_NESTING) return name;
      for (const child of Object.values(value)) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

type Convert = (raw: unknown, type: Type | undefined, label: string) => ConcreteValue;

/** `type` undefined: take the value as it looks (integer, boolean, array, reference). */
function convertValue(
  raw: unknown,
  type: Type | undefined,
  label: string,
  objects: ObjectCollector,
  convert: Convert,
): ConcreteValue {
  if (type === undefined) return convertUntyped(raw, label, objects, convert);
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
    case 'set':
    case 'seq':
      throw new InputError(`input ${label}: sets and sequences are not run concretely (only verified)`);
    case 'perm':
      throw new InputError(`input ${label}: permission amounts are not run concretely (only verified)`);
    case 'ref':
      return objects.reference(raw, type.className, label, convert);
    case 'domain':
      throw new InputError(`input ${label}: a value of the Viper domain ${type.name} cannot be given`);
  }
}

function convertUntyped(raw: unknown, label: string, objects: ObjectCollector, convert: Convert): ConcreteValue {
  if (typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return arrayValue(raw.map((x, i) => convert(x, undefined, `${label}[${i}]`)));
  if (raw === null || (typeof raw === 'object' && '@' in raw)) return objects.reference(raw, undefined, label, convert);
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

const SHOWN_CHARS = 60;

/** The value as JSON, cut short: an error message need not echo a megabyte of input. */
function show(raw: unknown): string {
  const text = JSON.stringify(raw) ?? String(raw);
  return text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS)}…`;
}

/** The JSON form `parseInputs` reads back: numbers while exact, decimal strings beyond 2^53. */
export function inputsToJSON(inputs: Inputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of inputs) out[name] = valueToJSON(v);
  return out;
}

export function valueToJSON(v: ConcreteValue): unknown {
  if (isArrayValue(v)) return v.elems.map(valueToJSON);
  if (isRefValue(v)) return v.id === 0 ? null : { '@': v.id };
  if (typeof v === 'boolean') return v;
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}
