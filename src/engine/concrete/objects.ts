// The concrete heap (seed 002's object model, docs/design.md A.18): objects with an id, a class and
// one value per field. References are ids (0 is null). A run owns one live heap; a procedure
// activation keeps a copy of the heap on entry, which `old(e)` and `untouched(A)` read.

import type { ClassDecl } from '../../lang/ast';
import type { ConcreteRef, ConcreteValue } from './values';
import { defaultValue } from './values';

export interface ConcreteObject {
  /** Undefined for an object given in an untyped input file. */
  readonly className?: string;
  readonly fields: Map<string, ConcreteValue>;
}

/** Objects by id with their field values: given in an input file (`{"@": 1, "x": 5}`), or at the end of a run. */
export type HeapSnapshot = ReadonlyMap<
  number,
  { readonly className?: string; readonly fields: ReadonlyMap<string, ConcreteValue> }
>;
export type InputObjects = HeapSnapshot;

export class ObjectHeap {
  private constructor(
    private readonly objects: Map<number, ConcreteObject>,
    private nextId: number,
  ) {}

  /** The heap a run starts with: the input objects, fields they leave out at their defaults. */
  static from(inputs: InputObjects | undefined, classes: ReadonlyMap<string, ClassDecl>): ObjectHeap {
    const objects = new Map<number, ConcreteObject>();
    let maxId = 0;
    for (const [id, o] of inputs ?? []) {
      const fields = new Map(o.fields);
      const cls = o.className === undefined ? undefined : classes.get(o.className);
      for (const f of cls?.fields ?? []) if (!fields.has(f.name)) fields.set(f.name, defaultValue(f.type));
      objects.set(id, { className: o.className, fields });
      maxId = Math.max(maxId, id);
    }
    return new ObjectHeap(objects, maxId + 1);
  }

  /** A fresh object whose fields hold their type's default (0, false, null, []), as `new C` does. */
  allocate(cls: ClassDecl): ConcreteRef {
    const id = this.nextId++;
    const fields = new Map<string, ConcreteValue>();
    for (const f of cls.fields) fields.set(f.name, defaultValue(f.type));
    this.objects.set(id, { className: cls.name, fields });
    return { kind: 'ref', id };
  }

  get(ref: ConcreteRef): ConcreteObject | undefined {
    return this.objects.get(ref.id);
  }

  /** Undefined when the object or the field does not exist (an input that left it out). */
  read(ref: ConcreteRef, field: string): ConcreteValue | undefined {
    return this.objects.get(ref.id)?.fields.get(field);
  }

  write(ref: ConcreteRef, field: string, v: ConcreteValue): void {
    const o = this.objects.get(ref.id);
    if (o) o.fields.set(field, v);
    else this.objects.set(ref.id, { fields: new Map([[field, v]]) });
  }

  /** An independent copy (values are immutable, so copying the field maps is enough). */
  copy(): ObjectHeap {
    const objects = new Map<number, ConcreteObject>();
    for (const [id, o] of this.objects) objects.set(id, { className: o.className, fields: new Map(o.fields) });
    return new ObjectHeap(objects, this.nextId);
  }

  get size(): number {
    return this.objects.size;
  }

  /** A frozen view for results: every object by id, in allocation order. */
  snapshot(): HeapSnapshot {
    const out = new Map<number, { className?: string; fields: ReadonlyMap<string, ConcreteValue> }>();
    for (const [id, o] of [...this.objects].sort((a, b) => a[0] - b[0])) {
      out.set(id, { className: o.className, fields: new Map(o.fields) });
    }
    return out;
  }
}

/** `@1: Cell { x = 5, next = null }`, one line per object. */
export function formatHeap(heap: HeapSnapshot, format: (v: ConcreteValue) => string): string[] {
  return [...heap].map(([id, o]) => {
    const fields = [...o.fields].map(([f, v]) => `${f} = ${format(v)}`).join(', ');
    return `@${id}: ${o.className ?? 'object'} { ${fields} }`;
  });
}
