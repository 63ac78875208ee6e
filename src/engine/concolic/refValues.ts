// References in concolic runs. Concrete inputs name objects as `symdap run --inputs` does
// (`{"@": 1, "x": 5}`, refInputs.ts): a reference input's value is its object id (null is 0,
// as in the engine), so two inputs naming one id alias; a field input `c.x` or `c.next.x` is
// read along the objects (an object's fields may be given at any of its occurrences; a field
// never given is its default, as in a concrete run). Objects made by `new` during the run are
// allocation symbols the concrete inputs do not mention: each gets its own value far above
// any input id, so they are non-null and distinct from one another and from every input.

import type { ConcreteInputs } from '../state/counterexample';
import { isAllocation } from '../rules/heap/alias';
import type { Term } from '../terms/term';
import type { InputJSON } from '../state/counterexample';

/** Values of allocation symbols start here (input ids are small positive integers). */
const ALLOCATED_BASE = 1n << 40n;

type JsonObject = { readonly [key: string]: InputJSON | undefined };

/** The value of an allocation symbol: distinct per symbol, never null, never an input id. */
export function allocatedValue(sym: Term): bigint | undefined {
  return isAllocation(sym) ? ALLOCATED_BASE + BigInt(sym.id) : undefined;
}

/** A reference as an input file holds it: null → 0, `{"@": n, …}` → n; undefined when it is no reference. */
export function refValue(raw: InputJSON | undefined): bigint | undefined {
  if (raw === null) return 0n;
  const x: unknown = raw;
  const id: unknown = isObject(x) ? x['@'] : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) ? BigInt(id) : undefined;
}

/** The raw value of field input `c.next.x` under `inputs` (undefined: not given, or `c` is no object input). */
export function fieldInput(inputs: ConcreteInputs, name: string): InputJSON | undefined {
  const [root, ...fields] = name.split('.');
  if (fields.length === 0 || !Object.prototype.hasOwnProperty.call(inputs, root)) return undefined;
  let cur: InputJSON | undefined = inputs[root];
  for (const f of fields) {
    const id = refValue(cur);
    if (id === undefined || id === 0n) return undefined;
    cur = fieldOf(inputs, Number(id), f);
  }
  return cur;
}

/** Field `f` of object `id`, wherever among the inputs an occurrence of the object gives it. */
function fieldOf(inputs: ConcreteInputs, id: number, f: string): InputJSON | undefined {
  const work: InputJSON[] = Object.values(inputs);
  while (work.length > 0) {
    const x: unknown = work.pop();
    if (Array.isArray(x)) {
      work.push(...(x as InputJSON[]));
      continue;
    }
    if (!isObject(x)) continue;
    if (x['@'] === id && Object.prototype.hasOwnProperty.call(x, f)) return x[f];
    for (const [k, v] of Object.entries(x)) if (k !== '@' && v !== undefined) work.push(v);
  }
  return undefined;
}

function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && '@' in x;
}
