// Healing after a permission failure never builds a heap that holds one location twice
// (docs/design.md B.6): a read of c.x while acc(c.x) is folded inside a held instance p(c) fails, and
// the path that would go on "as if held" is impossible (the chunk is already held, folded), so
// it ends; a read of another object's field goes on, knowing that object is not c.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const PRED = 'class Cell { var x: int; }\npredicate p(c: Cell) {\n  acc(c.x)\n}\n';

async function report(source: string, mode: 'explore' | 'modular') {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return out.report;
}

describe.each(['explore', 'modular'] as const)('healing beside folded chunks (%s)', (mode) => {
  test('reading a field folded in a held instance: the failure, and no healed path with the chunk twice', async () => {
    const src = `${PRED}proc main(c: Cell)\n  requires p(c)\n{\n  var y := c.x;\n  unfold p(c);\n  c.x := 5;\n  assert c.x == 5;\n}\n`;
    const r = await report(src, mode);
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['permission@8']);
    expect(r.paths.completed).toBe(0);
  });

  test('consuming a permission that is folded: the failure, and no healed path', async () => {
    const src = `${PRED}proc take(c: Cell)\n  requires acc(c.x)\n{\n}\nproc main(c: Cell)\n  requires p(c)\n{\n  take(c);\n  unfold p(c);\n}\n`;
    const r = await report(src, mode);
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['permission@12']);
    // Modular mode also verifies take on its own: that path completes.
    expect(r.paths.completed).toBe(mode === 'modular' ? 1 : 0);
  });

  test('reading the field of another object goes on healed, knowing it is not the folded one', async () => {
    const src = `${PRED}proc main(c: Cell, d: Cell)\n  requires p(c)\n{\n  var y := d.x;\n  unfold p(c);\n  assert c != d;\n  assert false;\n}\n`;
    const r = await report(src, mode);
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['permission@8', 'assert@11']);
  });
});
