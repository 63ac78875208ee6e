// Appending one array to another without spreading it into arguments: `xs.push(...ys)`
// passes every element of `ys` on the stack and overflows it once `ys` has some 100,000
// elements (a large array literal, a block of many statements). Work-list walks use this.

/** Appends the elements of `items` to `target`, in order. */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
