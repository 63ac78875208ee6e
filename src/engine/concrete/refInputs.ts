// References in input files. A reference is `null` or an object `{"@": 1, "x": 5}`: "@" is the
// object's id and the other keys are its fields. The same id names the same object, so
// aliasing is written `{"a": {"@": 1, "x": 5}, "b": {"@": 1}}` (a = @1, b = @1); an object's
// fields may be given at any of its occurrences, and fields never given start at their
// default. Field values are converted to the field's declared type, like any input.

import type { ClassDecl } from '../../lang/ast';
import type { Type } from '../../lang/types';
import type { InputObjects } from './objects';
import type { ConcreteRef, ConcreteValue } from './values';
import { NULL_REF, valuesEqual } from './values';

export class InputError extends Error {}

type Convert = (raw: unknown, type: Type | undefined, label: string) => ConcreteValue;

export class ObjectCollector {
  private readonly objects = new Map<number, { className?: string; fields: Map<string, ConcreteValue> }>();

  constructor(private readonly classes: ReadonlyMap<string, ClassDecl> | undefined) {}

  get collected(): InputObjects {
    return this.objects;
  }

  /** A reference of class `className` (undefined: untyped input); registers the object and its fields. */
  reference(raw: unknown, className: string | undefined, label: string, convert: Convert): ConcreteRef {
    if (raw === null) return NULL_REF;
    if (typeof raw !== 'object' || Array.isArray(raw) || !('@' in raw)) {
      throw new InputError(
        `input ${label} = ${show(raw)} is not a reference: write null or an object such as {"@": 1}`,
      );
    }
    const fields = raw as Record<string, unknown>;
    const id = fields['@'];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw new InputError(`input ${label}: the object id "@" must be a positive integer, not ${show(id)}`);
    }
    const object = this.object(id, className, label);
    const cls = className === undefined ? undefined : this.classes?.get(className);
    for (const [name, value] of Object.entries(fields)) {
      if (name === '@') continue;
      const decl = cls?.fields.find((f) => f.name === name);
      if (cls && !decl) throw new InputError(`input ${label}: class ${cls.name} has no field ${name}`);
      const v = convert(value, decl?.type, `${label}.${name}`);
      const earlier = object.fields.get(name);
      if (earlier !== undefined && !valuesEqual(earlier, v)) {
        throw new InputError(`input ${label}: object @${id} is given two values for field ${name}`);
      }
      object.fields.set(name, v);
    }
    return { kind: 'ref', id };
  }

  private object(
    id: number,
    className: string | undefined,
    label: string,
  ): { className?: string; fields: Map<string, ConcreteValue> } {
    const known = this.objects.get(id);
    if (!known) {
      const created = { className, fields: new Map<string, ConcreteValue>() };
      this.objects.set(id, created);
      return created;
    }
    if (className !== undefined && known.className !== undefined && known.className !== className) {
      throw new InputError(`input ${label}: object @${id} is a ${known.className}, not a ${className}`);
    }
    if (known.className === undefined && className !== undefined) {
      const typed = { className, fields: known.fields };
      this.objects.set(id, typed);
      return typed;
    }
    return known;
  }
}

function show(raw: unknown): string {
  return JSON.stringify(raw) ?? String(raw);
}
