// The heap program generator's static permission model (heapProgramGenerator.ts): which
// fields and predicate instances a procedure holds for each object it can name. Objects are
// tags: a parameter's name, `new:c3` for an allocation, `p0.next` for the object behind a
// parameter's link, `?3` for an object nothing is known about, `null`. Two tags holding the
// same field are distinct objects (the engine assumes so when it produces the permissions).

export type Tag = string;

interface Held {
  readonly fields: Set<string>;
  readonly preds: Set<string>;
}

export class ObjectTags {
  private readonly held = new Map<Tag, Held>();
  private readonly nextOf = new Map<Tag, Tag>();
  private unknown = 0;

  private entry(tag: Tag): Held {
    let h = this.held.get(tag);
    if (!h) {
      h = { fields: new Set(), preds: new Set() };
      this.held.set(tag, h);
    }
    return h;
  }

  grant(tag: Tag, fields: readonly string[], preds: readonly string[]): void {
    const h = this.entry(tag);
    fields.forEach((f) => h.fields.add(f));
    preds.forEach((p) => h.preds.add(p));
  }

  has(tag: Tag, field: string): boolean {
    return this.held.get(tag)?.fields.has(field) ?? false;
  }
  hasPred(tag: Tag, pred: string): boolean {
    return this.held.get(tag)?.preds.has(pred) ?? false;
  }
  predsOf(tag: Tag): string[] {
    return [...(this.held.get(tag)?.preds ?? [])];
  }

  /** The instance takes the fields. */
  fold(tag: Tag, pred: string, fields: readonly string[]): void {
    const h = this.entry(tag);
    fields.forEach((f) => h.fields.delete(f));
    h.preds.add(pred);
  }

  unfold(tag: Tag, pred: string, fields: readonly string[]): void {
    const h = this.entry(tag);
    h.preds.delete(pred);
    fields.forEach((f) => h.fields.add(f));
  }

  /** A new object: every field held, its link null. */
  allocate(name: string, fields: readonly string[]): Tag {
    const tag = `new:${name}`;
    this.grant(tag, fields, []);
    this.nextOf.set(tag, this.nullTag());
    return tag;
  }

  nullTag(): Tag {
    return 'null';
  }

  link(from: Tag, to: Tag): void {
    this.nextOf.set(from, to);
  }

  /** The object `from.next` points to (an unknown one, remembered, when the model does not know). */
  next(from: Tag): Tag {
    let t = this.nextOf.get(from);
    if (t === undefined) {
      t = `?${this.unknown++}`;
      this.nextOf.set(from, t);
    }
    return t;
  }

  links(): ReadonlyMap<Tag, Tag> {
    return new Map(this.nextOf);
  }

  /** After a branch: a link it changed is unknown (the other path may not have changed it). */
  forgetLinksChangedSince(before: ReadonlyMap<Tag, Tag>): void {
    for (const [from, to] of [...this.nextOf]) {
      if (before.get(from) !== to) this.nextOf.set(from, `?${this.unknown++}`);
    }
  }

  /** Fields and instances per tag, for restoring folds at the end of a block or a procedure. */
  snapshot(): Map<Tag, { fields: string[]; preds: string[] }> {
    return new Map([...this.held].map(([t, h]) => [t, { fields: [...h.fields], preds: [...h.preds] }]));
  }
}
