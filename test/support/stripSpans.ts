// Removes source positions from an AST so trees parsed from different texts (e.g. a
// program and its pretty-printed form) can be compared structurally.

const SPAN_KEYS = new Set(['span', 'nameSpan', 'calleeSpan', 'fieldSpan', 'classSpan', 'depthSpan']);

export function stripSpans<T>(node: T): unknown {
  if (Array.isArray(node)) return node.map((n) => stripSpans(n));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (!SPAN_KEYS.has(k)) out[k] = stripSpans(v);
  }
  return out;
}
