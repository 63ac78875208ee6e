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
  const lengths = new Map<string, Term>();
  for (const sym of inputs) if (sym.symbol!.display.endsWith('.length')) lengths.set(sym.symbol!.display.slice(0, -'.length'.length), sym);
  for (const sym of inputs) {
    const name = sym.symbol!.display;
    if (name.endsWith('.length') && lengths.get(name.slice(0, -7)) === sym && inputs.some((s) => s.symbol!.display === name.slice(0, -7))) continue;
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

/** `x = 5, y = -3, a = [1, 2]` */
export function formatCounterexample(cx: Counterexample): string {
  const parts = Object.entries(cx).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
  return parts.length === 0 ? '(any input)' : parts.join(', ');
}
