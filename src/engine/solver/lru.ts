// A bounded least-recently-used map: the solver's caches must not grow with the session.
// A JS Map iterates in insertion order, so re-inserting on access keeps the oldest first.

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (capacity < 1) throw new Error('LruMap capacity must be positive');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Most recently used first. */
  values(): V[] {
    return [...this.entries.values()].reverse();
  }

  clear(): void {
    this.entries.clear();
  }
}
