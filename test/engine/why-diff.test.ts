// Two paths side by side (issue 25): the diff of two leaves of a real symbolic run names the
// last decision they share, each side's own branch conditions, the locals that differ and the
// heap chunks one side holds and the other does not.

import { describe, expect, it } from 'vitest';
import { startSymbolicRun, type TreeNode } from '../../src/index';
import { diffPaths } from '../../src/engine/why/diff';

async function leaves(source: string): Promise<TreeNode[]> {
  const stepper = await startSymbolicRun(source);
  try {
    const out: TreeNode[] = [];
    let frontier = [stepper.root];
    while (frontier.length > 0) {
      const next: TreeNode[] = [];
      for (const n of frontier) {
        if (n.state.status !== 'running') out.push(n);
        else next.push(...(await stepper.expand(n)));
      }
      frontier = next;
    }
    return out;
  } finally {
    stepper.dispose();
  }
}

describe(':diff of two paths', () => {
  it("the shared decision, each side's conditions and differing locals and chunks", async () => {
    const [a, b] = await leaves(`class C { var v: int; }
proc main(x: int, y: int) {
  var c: C := new C;
  if (x > 0) {
    if (y > 0) { c.v := 1; } else { c.v := 2; }
  }
}`).then((ls) => ls.filter((l) => l.state.pc.size >= 3));
    const d = diffPaths(a.state, b.state);
    expect(d.lastCommon?.text).toMatch(/x/);
    expect(d.a.conditions.map((c) => c.text).join()).toMatch(/y/);
    expect(d.b.conditions.map((c) => c.text).join()).toMatch(/y/);
    expect(d.a.chunks.join()).toMatch(/\.v ↦ [12]/);
    expect(d.b.chunks.join()).toMatch(/\.v ↦ [12]/);
    expect(d.a.chunks).not.toEqual(d.b.chunks);
  });

  it('a path compared with itself differs in nothing', async () => {
    const [a] = await leaves('proc main(x: int) { var y: int := x + 1; if (y > 3) { y := 0; } }');
    const d = diffPaths(a.state, a.state);
    expect([d.a.conditions, d.a.locals, d.a.chunks, d.b.conditions]).toEqual([[], [], [], []]);
  });
});
