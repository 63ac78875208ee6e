// Concrete inputs (the `symdap run --inputs` JSON, by display name) as values of the engine's
// input symbols: `x`, `x@9#2` by name; an input array `a` gives both the contents symbol `a`
// and the length symbols `a.length`, `a[*].length` (inner lengths, per index). Inputs the
// JSON leaves out take their sort's default (0, false, null), as in a concrete run; references
// and objects are read by refValues.ts.

import { counterexample, type ConcreteInputs, type InputJSON } from '../state/counterexample';
import type { Model } from '../solver/solver';
import type { Sort, Term } from '../terms/term';
import { arrayValue, defaultValue, normalizeValue, type Value } from '../terms/values';
import { allocatedValue, fieldInput, refValue } from './refValues';

export type { ConcreteInputs } from '../state/counterexample';

const LENGTH = /^(.*?)((?:\[\*\])*)\.length$/;

/** The value of an input symbol under `inputs`, or undefined (the default) when not given. */
export function inputValue(inputs: ConcreteInputs, sym: Term): Value | undefined {
  const name = sym.symbol?.display;
  if (name === undefined) return undefined;
  if (Object.prototype.hasOwnProperty.call(inputs, name)) return fromJSON(inputs[name], sym.sort);
  const allocated = allocatedValue(sym);
  if (allocated !== undefined) return allocated;
  const m = LENGTH.exec(name);
  if (!m || !Array.isArray(inputs[m[1]])) {
    const field = fieldInput(inputs, name);
    return field === undefined ? undefined : fromJSON(field, sym.sort);
  }
  return lengths(inputs[m[1]] as InputJSON[], m[2].length / 3, sym.sort);
}

/** `depth` 0: the array's length; 1: index → length of the inner array there; and so on. */
function lengths(arr: readonly InputJSON[], depth: number, sort: Sort): Value {
  if (depth === 0) return BigInt(arr.length);
  const elem = sort.kind === 'array' ? sort.elem : sort;
  const entries = new Map<bigint, Value>();
  arr.forEach((x, i) => entries.set(BigInt(i), lengths(Array.isArray(x) ? x : [], depth - 1, elem)));
  return arrayValue(defaultValue(elem), entries);
}

function fromJSON(raw: InputJSON, sort: Sort): Value | undefined {
  if (sort.kind === 'ref') return refValue(raw);
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number' && Number.isInteger(raw)) return normalizeValue(BigInt(raw), sort);
  if (typeof raw === 'string' && /^-?\d+$/.test(raw)) return normalizeValue(BigInt(raw), sort);
  if (Array.isArray(raw) && sort.kind === 'array') {
    const entries = new Map<bigint, Value>();
    raw.forEach((x, i) => {
      const v = fromJSON(x, sort.elem);
      if (v !== undefined) entries.set(BigInt(i), v);
    });
    return arrayValue(defaultValue(sort.elem), entries);
  }
  return undefined;
}

/** A model giving each of `symbols` its input value (or its default). */
export function modelOf(inputs: ConcreteInputs, symbols: readonly Term[]): Model {
  return new Map(symbols.map((s) => [s.id, inputValue(inputs, s) ?? defaultValue(s.sort)]));
}

/** SAGE's Combine(input, M): the inputs with the model's values for `symbols` where it has them (the rest kept). */
export function combineInputs(inputs: ConcreteInputs, symbols: readonly Term[], model: Model): ConcreteInputs {
  const merged = new Map(symbols.map((s) => [s.id, model.get(s.id) ?? inputValue(inputs, s) ?? defaultValue(s.sort)]));
  return { ...inputs, ...counterexample(symbols, merged) };
}
