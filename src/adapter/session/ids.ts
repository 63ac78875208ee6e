// Stable DAP reference numbers (frame ids, variablesReference) for structured keys. The same
// key always gets the same number within a session, so a client that keeps an id across a
// step still gets a sensible answer; the table is owned by one session and capped.

export class Interner<V> {
  private readonly byKey = new Map<string, number>();
  private readonly byId = new Map<number, V>();
  private next = 1;

  constructor(private readonly cap = 200_000) {}

  /** The id of `key`, created (with `value`) on first use. */
  id(key: string, value: () => V): number {
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    if (this.byKey.size >= this.cap) this.clear();
    const id = this.next++;
    this.byKey.set(key, id);
    this.byId.set(id, value());
    return id;
  }

  get(id: unknown): V | undefined {
    return typeof id === 'number' ? this.byId.get(id) : undefined;
  }

  clear(): void {
    this.byKey.clear();
    this.byId.clear();
  }
}
