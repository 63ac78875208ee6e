// The vacuity and reachability warnings over a very long `else if` chain (issue 21, item 4):
// the chain nests one block per branch, and the warnings' walk over the statements recursed
// once per level, so a verified 5,000-branch chain ended in "internal error: Maximum call
// stack size exceeded" after the engine had finished. Here every branch after the first tests
// the same condition, so the engine answers each at once (its negation is in the path
// condition) and every later then-body is unreachable: one warning each.

import { describe, expect, it } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { explainReport } from '../../src/engine/why/explain';

const BRANCHES = 20_000;

function chain(n: number): string {
  const body = Array.from(
    { length: n },
    (_, i) => `  ${i === 0 ? '' : 'else '}if (y == 0) {\n    x := ${i};\n  }\n`,
  ).join('');
  return `proc main(y: int) {\n  var x: int := -1;\n${body}  assert x <= 0;\n}\n`;
}

describe('warnings over a deep else-if chain', () => {
  it(`a ${BRANCHES.toLocaleString('en-US')}-branch chain: verified, each dead branch warned about, no stack overflow`, async () => {
    const r = await verifySource(chain(BRANCHES), 'chain.sym', {});
    expect(r.error).toBeUndefined();
    expect(r.report.verdict).toBe('verified');
    const explained = await explainReport(r.checked, {}, r.report);
    const unreachable = explained.warnings?.filter((w) => w.kind === 'unreachable') ?? [];
    // Branch i spans lines 3i + 3 .. 3i + 5, its body on 3i + 4: the first body (line 4) runs, the others do not.
    expect(unreachable.length).toBe(BRANCHES - 1);
    expect(unreachable[0].line).toBe(7);
    expect(unreachable[unreachable.length - 1].line).toBe(3 * (BRANCHES - 1) + 4);
  }, 120_000);
});
