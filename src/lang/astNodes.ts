// Every node of a piece of the Sym AST (or of any plain-data tree whose nodes carry a `kind`),
// for the static walks that look for one construct: a work list, since bodies may nest deeply,
// and spans (`span`, `nameSpan`, …) are skipped: they are positions, not nodes.

import type { Span } from './span';

export interface AstNode {
  readonly kind: string;
  readonly span?: Span;
}

export function* astNodes(root: unknown): Generator<AstNode> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (Array.isArray(x)) {
      stack.push(...x);
      continue;
    }
    if (x === null || typeof x !== 'object') continue;
    const node = x as Record<string, unknown>;
    if (typeof node.kind === 'string') yield node as unknown as AstNode;
    for (const [k, v] of Object.entries(node)) if (!isSpanKey(k) && typeof v === 'object') stack.push(v);
  }
}

/** Whether a property holds a position (`span`, `nameSpan`, `fieldSpan`, …) rather than a node. */
export function isSpanKey(k: string): boolean {
  return k === 'span' || k.endsWith('Span');
}
