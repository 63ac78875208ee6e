// Procedure call results assigned to fields and to elements of array fields
// (`c.x, y := two()`, `l.items[i] := p()`): the targets are evaluated before the call, left
// to right, and written after it with their permissions checked. Real Z3, both modes; the
// failures' counterexamples replay concretely (`symdap run --inputs`).

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const CELL = 'class Cell { var x: int; }\n';
const LIST = 'class List { var items: int[]; }\n';

async function failures(source: string, mode: 'explore' | 'modular') {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`)).toEqual([]);
  return { verdict: out.report.verdict, failures: out.report.failures.map((f) => `${f.kind}@${f.line}: ${f.formula}`) };
}

const TWO = 'proc two() returns (r: int, q: int)\n  ensures r == 1 && q == 2\n{\n  r := 1;\n  q := 2;\n}\n';

describe.each(['explore', 'modular'] as const)('call results into fields (%s)', (mode) => {
  test('`c.x, y := two()` writes both, left to right', async () => {
    const src = `${CELL}${TWO}proc main(c: Cell)\n  requires acc(c.x)\n{\n  var y: int;\n  c.x, y := two();\n  assert c.x == 1 && y == 2;\n  y, c.x := two();\n  assert c.x == 2 && y == 1;\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('a field target without its permission is a permission failure at the call', async () => {
    const src = `${CELL}${TWO}proc main(c: Cell) {\n  var y: int;\n  c.x, y := two();\n  assert y == 2;\n}\n`;
    const r = await failures(src, mode);
    expect(r.failures).toEqual([expect.stringMatching(/^permission@10: acc\(c\.x\) is not held to write c\.x/)]);
  });

  test('`l.items[i] := p()` reads l.items, checks i before the call, and writes the element after it', async () => {
    const src = `${LIST}proc seven() returns (r: int)\n  ensures r == 7\n{\n  r := 7;\n}\nproc main(l: List, i: int)\n  requires acc(l.items) && l.items.length == 3\n{\n  l.items[i] := seven();\n  assert l.items[i] == 7;\n}\n`;
    const r = await failures(src, mode);
    expect(r.failures).toEqual([expect.stringMatching(/^out-of-bounds@10: /)]);
  });

  test('`l.items[0] := p()` without acc(l.items) is a permission failure', async () => {
    const src = `${LIST}proc seven() returns (r: int)\n{\n  r := 7;\n}\nproc main(l: List) {\n  l.items[0] := seven();\n}\n`;
    const r = await failures(src, mode);
    // Without the permission the length is unknown too, so the index check fails beside it.
    expect(r.failures).toContainEqual(
      expect.stringMatching(/^permission@7: acc\(l\.items\) is not held to read l\.items/),
    );
  });
});
