// Turning a model into what a user reads and what the concrete interpreter replays: the
// path's inputs by display name (`x`, `x@9`, `a` as a JSON array of length `a.length`).

import type { Term } from './terms/term';
import { isArrayValue, readArray, valueToJSON, defaultValue, type JsonValue, type Value } from './terms/values';
import type { Model } from './solver/solver';

const MAX_ARRAY_ELEMENTS = 1000;

export type Counterexample = Record<string, JsonValue | JsonValue[]>;

function valueOf(model: Model | undefined, sym: Term): Value {
  return model?.get(sym.id) ?? defaultValue(sym.sort);
}

/** Inputs (oldest first) with their values under `model`; arrays become JSON arrays. */
export function counterexample(inputs: readonly Term[], model: Model | undefined): Counterexample {
  const out: Counterexample = {};
  const LENGTH = '.length';
  const lengths = new Map<string, Term>();
  for (const sym of inputs) {
    const name = sym.symbol!.display;
    if (name.endsWith(LENGTH)) lengths.set(name.slice(0, -LENGTH.length), sym);
  }
  const arrays = new Set(inputs.filter((sym) => sym.sort.kind === 'array').map((sym) => sym.symbol!.display));
  for (const sym of inputs) {
    const name = sym.symbol!.display;
    // An input array's length is shown by the array itself.
    const base = name.endsWith(LENGTH) ? name.slice(0, -LENGTH.length) : undefined;
    if (base !== undefined && arrays.has(base) && lengths.get(base) === sym) continue;
    const v = valueOf(model, sym);
    if (sym.sort.kind === 'array' && isArrayValue(v)) {
      const lenSym = lengths.get(name);
      const n = lenSym ? Number(valueOf(model, lenSym)) : 0;
      const elems: JsonValue[] = [];
      for (let i = 0; i < Math.min(Math.max(0, n), MAX_ARRAY_ELEMENTS); i++) elems.push(valueToJSON(readArray(v, BigInt(i)), sym.sort.elem));
      out[name] = elems;
    } else {
      out[name] = valueToJSON(v, sym.sort);
    }
  }
  return out;
}

/** `x = 5, y = -3, a = [1, 2]`: the one way counterexamples are shown (CLI, debugger, editor). */
export function formatCounterexample(cx: Readonly<Record<string, unknown>>): string {
  const parts = Object.entries(cx).map(([k, v]) => `${k} = ${formatInput(v)}`);
  return parts.length === 0 ? '(any input)' : parts.join(', ');
}

function formatInput(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatInput).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
