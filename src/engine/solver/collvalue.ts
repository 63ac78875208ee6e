// Sets and sequences read back from a model (terms/collections.ts), for the debugger's display
// only: nothing evaluates them. A set of Int or Ref is an array to Bool; a sequence's value is
// `(seq.++ (seq.unit 5) (seq.unit 7))`, `(seq.unit 5)` or `(as seq.empty (Seq Int))`. A value of
// another form (a set of Bool, a lambda, a nested collection) is left out of the model
// (undefined): a symbol absent from a model shows no value rather than a wrong one.

import type { Sort } from '../terms/term';
import { seqValue, type Value } from '../terms/values';

/** The parts of a model value the readers expose, whatever the backend. */
export interface ValueTree<E> {
  /** Function name and arguments of an application (`seq.unit`, [x]), else undefined. */
  app(e: E): { readonly name: string; readonly args: readonly E[] } | undefined;
  /** The element's own value (an Int, Ref or Bool element). */
  scalar(e: E, sort: Sort): Value;
  /** A set of Int or Ref as an array value (the backend's array reader). */
  array(e: E): Value;
}

function scalarSort(s: Sort): boolean {
  return s.kind === 'int' || s.kind === 'ref' || s.kind === 'bool';
}

export function readCollection<E>(tree: ValueTree<E>, e: E, sort: Sort): Value | undefined {
  if ((sort.kind !== 'set' && sort.kind !== 'seq') || !scalarSort(sort.elem)) return undefined;
  try {
    if (sort.kind === 'set') return sort.elem.kind === 'bool' ? undefined : tree.array(e);
    const elems: Value[] = [];
    const stack: E[] = [e];
    while (stack.length > 0) {
      const x = stack.pop()!;
      const node = tree.app(x);
      if (node?.name === 'seq.++') for (let i = node.args.length - 1; i >= 0; i--) stack.push(node.args[i]);
      else if (node?.name === 'seq.unit' && node.args.length === 1) elems.push(tree.scalar(node.args[0], sort.elem));
      else if (node?.name !== 'seq.empty' && node?.name !== 'as') return undefined;
    }
    return seqValue(elems, sort.elem.kind === 'bool' ? false : 0n);
  } catch {
    return undefined;
  }
}
