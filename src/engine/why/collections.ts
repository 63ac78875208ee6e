// Does a program use sets, sequences (Viper's, lang/ast.ts Coll) or perm values? A concrete run
// cannot hold them (engine/concrete refuses them), so a failure of such a program can never be
// replayed: the classifier says it is undecided rather than that no input reaches it.

import type { Program } from '../../lang/ast';

const memo = new WeakMap<Program, boolean>();

export function usesCollections(p: Program): boolean {
  let found = memo.get(p);
  if (found === undefined) {
    found = mentions(p);
    memo.set(p, found);
  }
  return found;
}

/** Any node of kind 'coll', or any type of kind set/seq/perm (no concrete values either), anywhere below `root` (iterative). */
function mentions(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      stack.push(...x);
      continue;
    }
    const kind = (x as { kind?: unknown }).kind;
    if (kind === 'coll' || kind === 'set' || kind === 'seq' || kind === 'perm') return true;
    for (const [k, v] of Object.entries(x)) if (k !== 'span') stack.push(v);
  }
  return false;
}
