// `join φ;` with permissions and `join;` on heaps (docs/design.md B.5, D.10, E.9) with the real Z3:
// φ is consumed on every incoming path (`permission` / `join` failures), chunks identical on
// every path keep their values, φ's chunks come back with fresh values where the paths differ,
// chunks not held on every path are dropped, and `join;` merges only paths of one heap shape.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const CELL = 'class Cell {\n  var x: int;\n}\n';
const POS =
  'predicate pos(c: Cell) {\n  acc(c.x) && c.x > 0\n}\nfunction val(c: Cell): int\n  requires pos(c)\n{\n  unfolding pos(c) in c.x\n}\n';

async function run(src: string, mode: 'explore' | 'modular') {
  const out = await verifySource(src, 'j.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return {
    verdict: out.report.verdict,
    failures: out.report.failures.map((f) => `${f.kind}@${f.line}`),
    paths: out.report.paths,
  };
}

/** `main(b, c, d)` holding acc(c.x) and pos(d), with `body` from line 15 on. */
const main = (body: string) =>
  `${CELL}${POS}proc main(b: bool, c: Cell, d: Cell)\n  requires acc(c.x) && pos(d)\n{\n${body}}\n`;

describe.each(['explore', 'modular'] as const)('join φ with permissions (%s)', (mode) => {
  test('a value identical on every path is kept; a differing one is fresh, constrained by φ', async () => {
    const same = main('  if (b) { c.x := 5; } else { c.x := 5; }\n  join acc(c.x);\n  assert c.x == 5;\n');
    expect(await run(same, mode)).toMatchObject({ verdict: 'verified', failures: [] });
    const differ = main(
      '  if (b) { c.x := 5; } else { c.x := 6; }\n  join acc(c.x) && c.x >= 5;\n  assert c.x >= 5;\n  assert c.x == 5;\n',
    );
    expect((await run(differ, mode)).failures).toEqual(['assert@18']);
  });

  test('a predicate instance identical on every path keeps its snapshot (a function over it is unchanged)', async () => {
    const src = main(
      '  var v: int := val(d);\n  if (b) { c.x := 1; }\n  join acc(c.x) && pos(d);\n  assert val(d) == v;\n',
    );
    expect(await run(src, mode)).toMatchObject({ verdict: 'verified', failures: [] });
  });

  test('an instance that differs between the paths comes back fresh: only φ is known about it', async () => {
    const src = main(
      '  var v: int := val(d);\n  if (b) { unfold pos(d); d.x := d.x + 1; fold pos(d); }\n  join acc(c.x) && pos(d);\n  assert val(d) > 0;\n  assert val(d) == v;\n',
    );
    expect((await run(src, mode)).failures).toEqual(['assert@19']);
  });

  test('φ missing a permission on one path is a permission failure at the join; a false pure part a join failure', async () => {
    const src = main('  if (b) { unfold pos(d); }\n  join pos(d) && c.x == 0;\n');
    expect((await run(src, mode)).failures.sort()).toEqual(['join@16', 'permission@16']);
  });

  test('φ reading a field before naming its permission is read after its chunks are back: the path goes on', async () => {
    const src = main(
      '  if (b) { c.x := 1; } else { c.x := 2; }\n  join c.x > 0 && acc(c.x);\n  assert c.x > 0;\n  assert false;\n',
    );
    expect((await run(src, mode)).failures).toEqual(['assert@18']);
  });

  test('after a permission failure at the join the merged path still goes on to later failures', async () => {
    const src = main('  if (b) { unfold pos(d); }\n  join pos(d) && acc(c.x);\n  assert false;\n');
    expect((await run(src, mode)).failures.sort()).toEqual(['assert@17', 'permission@16']);
  });

  test('a chunk not held on every path is dropped; one held everywhere for the same receiver stays', async () => {
    const src = main(
      '  var e: Cell := new Cell;\n  var f: Cell := new Cell;\n  if (b) { e.x := 1; var g: Cell := new Cell; f := g; }\n  join acc(c.x);\n  e.x := 2;\n  f.x := 3;\n',
    );
    expect((await run(src, mode)).failures).toEqual(['permission@20']);
  });
});

describe.each(['explore', 'modular'] as const)('join; on heaps (%s)', (mode) => {
  test('paths of one heap shape merge into one, values as ite', async () => {
    const src = main(
      '  if (b) { c.x := 1; } else { c.x := 2; }\n  join;\n  assert c.x == 1 || c.x == 2;\n  assert b ==> c.x == 1;\n',
    );
    const r = await run(src, mode);
    expect(r).toMatchObject({ verdict: 'verified', failures: [] });
    expect(r.paths.completed).toBe(1);
  });

  test('paths whose heaps differ in shape go on separately: nothing is lost', async () => {
    const src = main('  var e: Cell := null;\n  if (b) { e := new Cell; }\n  join;\n  if (b) { e.x := 1; }\n');
    const r = await run(src, mode);
    expect(r).toMatchObject({ verdict: 'verified', failures: [] });
    expect(r.paths.completed).toBe(2);
  });
});
