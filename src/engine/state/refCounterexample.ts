// References in counterexamples, in the input format the concrete interpreter replays
// (concrete/refInputs.ts): null, or an object `{"@": 1, "x": 5}` whose id is numbered in
// order of first appearance, so aliasing reads `a = @1, b = @1`. A field input `c.x` of a
// reference input c is written inside c's object instead of on its own, a reference field
// input `c.next` too, and `c.next.x` inside that (`c = @1 {next = @2 {x = 5}}`).

import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { valueToJSON, type JsonValue } from '../terms/values';

export type RefObject = { '@': number; [field: string]: unknown };

export class RefNumbering {
  private readonly ids = new Map<bigint, number>();

  /** null for the null reference, else the object with its display id. */
  ref(v: Value): RefObject | null {
    if (typeof v !== 'bigint' || v === 0n) return null;
    let id = this.ids.get(v);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(v, id);
    }
    return { '@': id };
  }
}

const FIELD = /^(.+)\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** The reference input a field input `c.x` belongs to, when c is one (and not null) in `objects`, by display name. */
export function fieldOwner(
  sym: Term,
  objects: Record<string, unknown>,
): { object: RefObject; field: string } | undefined {
  const m = FIELD.exec(sym.symbol!.display);
  if (!m || m[2] === 'length') return undefined;
  const owner = objects[m[1]];
  if (typeof owner !== 'object' || owner === null || Array.isArray(owner) || !('@' in owner)) return undefined;
  return { object: owner as RefObject, field: m[2] };
}

export function scalarJSON(v: Value, sym: Term): JsonValue {
  return valueToJSON(v, sym.sort);
}

/** `@1`, or `@1 {x = 5}` when the object carries fields. */
export function formatRef(o: RefObject, show: (v: unknown) => string): string {
  const fields = Object.entries(o).filter(([k]) => k !== '@');
  return fields.length === 0 ? `@${o['@']}` : `@${o['@']} {${fields.map(([k, v]) => `${k} = ${show(v)}`).join(', ')}}`;
}
