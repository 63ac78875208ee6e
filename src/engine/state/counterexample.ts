// Turning a model into what a user reads and what the concrete interpreter replays: the
// path's inputs by display name (`x`, `x@9`, `a` as a JSON array of length `a.length`).

import type { Sort, Term } from '../terms/term';
import { isArrayValue, readArray, valueToJSON, defaultValue, type JsonValue, type Value } from '../terms/values';
import type { Model } from '../solver/solver';
import { u8Text } from '../terms/print';
import { RefNumbering, fieldOwner, formatRef, type RefObject } from './refCounterexample';

const MAX_ARRAY_ELEMENTS = 1000;

/** A value as input files hold it: scalars, and arrays (of arrays) as JSON arrays. */
export type InputJSON = JsonValue | InputJSON[] | RefObject | null;

export type Counterexample = Record<string, InputJSON>;

/** Concrete inputs by display name (the `symdap run --inputs` JSON): a counterexample read back. */
export type ConcreteInputs = Readonly<Counterexample>;

function valueOf(model: Model | undefined, sym: Term): Value {
  return model?.get(sym.id) ?? defaultValue(sym.sort);
}

const LENGTH = /^(.*?)((?:\[\*\])*)\.length$/;

/** An array of `n` elements read from a model's contents and (for arrays of arrays) inner lengths. */
function arrayJSON(contents: Value, n: bigint, innerLengths: readonly Value[], sort: Sort): InputJSON[] {
  const out: InputJSON[] = [];
  if (!isArrayValue(contents) || sort.kind !== 'array') return out;
  const count = Math.min(Math.max(0, Number(n)), MAX_ARRAY_ELEMENTS);
  for (let i = 0n; i < BigInt(count); i++) {
    const elem = readArray(contents, i);
    if (sort.elem.kind === 'array') {
      const [own, ...deeper] = innerLengths.map((l) => (isArrayValue(l) ? readArray(l, i) : 0n));
      out.push(arrayJSON(elem, typeof own === 'bigint' ? own : 0n, deeper, sort.elem));
    } else {
      out.push(valueToJSON(elem, sort.elem));
    }
  }
  return out;
}

/** Inputs (oldest first) with their values under `model`; arrays (of arrays) become JSON arrays. */
export function counterexample(inputs: readonly Term[], model: Model | undefined): Counterexample {
  const out: Counterexample = {};
  const refs = new RefNumbering();
  /** The object each reference input (`c`, `c.next`) is written as, by display name. */
  const objects: Record<string, RefObject> = {};
  const byName = new Map(inputs.map((sym) => [sym.symbol!.display, sym]));
  const arrays = new Set(
    inputs
      .filter((sym) => sym.sort.kind === 'array' && !LENGTH.test(sym.symbol!.display))
      .map((sym) => sym.symbol!.display),
  );
  for (const sym of inputs) {
    const name = sym.symbol!.display;
    // An input array's lengths are shown by the array itself.
    const m = LENGTH.exec(name);
    if (m && arrays.has(m[1])) continue;
    // A perm input: models carry no rationals (solver/z3model.ts), and a default 0 would be a
    // value the path may exclude (`requires 0 < k`): left out rather than shown wrong.
    if (sym.sort.kind === 'real') continue;
    const v = valueOf(model, sym);
    // A reference field input (`c.next`) nests in its owner's object, so `c.next.x` can nest in it in turn.
    const owner = fieldOwner(sym, objects);
    if (sym.sort.kind === 'ref') {
      const ref = refs.ref(v);
      if (owner) owner.object[owner.field] = ref;
      else out[name] = ref;
      if (ref) objects[name] = ref;
      continue;
    }
    if (owner) {
      owner.object[owner.field] = valueToJSON(v, sym.sort);
      continue;
    }
    if (arrays.has(name)) {
      const lenSym = byName.get(`${name}.length`);
      const n = lenSym ? valueOf(model, lenSym) : 0n;
      const inner: Value[] = [];
      for (let k = 1; byName.has(`${name}${'[*]'.repeat(k)}.length`); k++)
        inner.push(valueOf(model, byName.get(`${name}${'[*]'.repeat(k)}.length`)!));
      out[name] = arrayJSON(v, typeof n === 'bigint' ? n : 0n, inner, sym.sort);
    } else {
      out[name] = valueToJSON(v, sym.sort);
    }
  }
  return out;
}

/** `x = 5, y = -3, a = [1, 2]`: the one way counterexamples are shown (CLI, debugger, editor). */
/** `u8`: the names whose values (or array elements) are u8, shown as `98 'b'` (see u8Names). */
export function formatCounterexample(cx: Readonly<Record<string, unknown>>, u8?: ReadonlySet<string>): string {
  const parts = Object.entries(cx).map(([k, v]) => `${k} = ${u8?.has(k) ? formatU8(v) : formatInput(v)}`);
  return parts.length === 0 ? '(any input)' : parts.join(', ');
}

/** The counterexample of `inputs` under `model`, formatted, u8 values as chars: what a person reads. */
export function formatModel(inputs: readonly Term[], model: Model | undefined): string {
  return formatCounterexample(counterexample(inputs, model), u8Names(inputs));
}

/** The display names of the inputs that hold u8 values (scalars or arrays of them): Sym has no
 *  char type, a char literal is a u8, so a person reads such a value as `98 'b'` (issue 26, item 7). */
export function u8Names(inputs: readonly Term[]): ReadonlySet<string> {
  const isU8 = (s: Sort): boolean =>
    s.kind === 'array' ? isU8(s.elem) : s.kind === 'bv' && s.width === 8 && !s.signed;
  return new Set(inputs.filter((t) => isU8(t.sort)).map((t) => t.symbol!.display));
}

/** A u8 input value (or an array of them) as a person reads it. */
export function formatU8(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatU8).join(', ')}]`;
  if (typeof value === 'number' || typeof value === 'bigint') return u8Text(BigInt(value));
  return formatInput(value);
}

function formatInput(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatInput).join(', ')}]`;
  if (typeof value === 'object' && value !== null && '@' in value) return formatRef(value as RefObject, formatInput);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A failure on no path (a declaration that is not well-formed, no synth candidate): no inputs or path to show. */
export function isOnNoPath(f: { readonly trace: readonly number[]; readonly counterexample: Counterexample }): boolean {
  return f.trace.length === 0 && Object.keys(f.counterexample).length === 0;
}
