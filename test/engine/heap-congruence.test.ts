// Applications of a recursive function are congruent (Ackermann constraints, terms/keyed.ts):
// f(l, i) and f(l, j) with i == j are equal even where fuel leaves the inner applications
// unexpanded; with i != j they may differ, and the engine says so. Real Z3, both modes.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const LAST = `class Node { var next: Node; }
predicate list(n: Node) {
  n != null ==> acc(n.next) && list(n.next)
}
function last(n: Node, k: int): int
  requires list(n)
{
  unfolding list(n) in (n == null ? k : last(n.next, k))
}
`;

async function verdict(source: string, mode: 'explore' | 'modular') {
  const out = await verifySource(source, 'c.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return { verdict: out.report.verdict, failures: out.report.failures.map((f) => `${f.kind}@${f.line}`) };
}

describe.each(['explore', 'modular'] as const)('congruence of function applications (%s)', (mode) => {
  test('equal arguments give equal applications, past the fuel of one expansion', async () => {
    const src = `${LAST}proc main(l: Node, i: int, j: int)\n  requires list(l) && i == j\n{\n  assert last(l, i) == last(l, j);\n}\n`;
    expect(await verdict(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('different arguments may give different applications (sound: still a failure)', async () => {
    const src = `${LAST}proc main(l: Node, i: int, j: int)\n  requires list(l) && i != j\n{\n  assert last(l, i) == last(l, j);\n}\n`;
    expect(await verdict(src, mode)).toEqual({ verdict: 'failed', failures: ['assert@13'] });
  });
});
