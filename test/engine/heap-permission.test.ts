// The symbolic heap with the real Z3 (docs/design.md B.5, B.6): permission failures with their
// counterexamples (null receivers, aliasing as `a = @1, b = @1`), healing so that one run finds
// the failures after a missing permission, calls transferring permissions in both modes,
// `new` and `old` over the heap, and aliasing counterexamples that `symdap run --inputs` replays.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';
import { formatCounterexample } from '../../src/engine/state/counterexample';

const CELL = 'class Cell { var x: int; }\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-heap-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Mode = 'explore' | 'modular';

async function failures(source: string, mode: Mode) {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return {
    verdict: out.report.verdict,
    failures: out.report.failures.map((f) => ({
      kind: f.kind,
      line: f.line,
      message: f.formula,
      cx: f.counterexample,
    })),
  };
}

describe.each(['explore', 'modular'] as const)('the symbolic heap (%s)', (mode) => {
  test('a read through a possibly-null reference is a permission failure that says so', async () => {
    const r = await failures(`${CELL}proc get(c: Cell) returns (r: int) {\n  r := c.x;\n}\n`, mode);
    expect(r.failures).toEqual([
      { kind: 'permission', line: 3, message: 'acc(c.x) is not held to read c.x (c may be null)', cx: { c: null } },
    ]);
  });

  test('after a missing permission the path goes on as if it were held: the later failure is found too', async () => {
    const r = await failures(
      `${CELL}proc main(c: Cell) {\n  c.x := 1;\n  c.x := c.x + 1;\n  assert c.x == 3;\n}\n`,
      mode,
    );
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['permission@3', 'assert@5']);
  });

  test('aliasing: one chunk for one object, whichever name it is written through', async () => {
    const src = `${CELL}proc main(a: Cell, b: Cell)\n  requires acc(a.x) && a.x == 5\n{\n  if (a == b) {\n    b.x := 7;\n    assert a.x == 5;\n  }\n}\n`;
    const r = await failures(src, mode);
    expect(r.failures).toEqual([
      { kind: 'assert', line: 7, message: 'a.x == 5', cx: { a: { '@': 1, x: 5 }, b: { '@': 1 } } },
    ]);
    expect(formatCounterexample(r.failures[0].cx)).toBe('a = @1 {x = 5}, b = @1');
  });

  test('two permissions of one assertion are separate: they imply distinct objects', async () => {
    const src = `${CELL}proc set(a: Cell, b: Cell)\n  requires acc(a.x) && acc(b.x)\n  ensures acc(a.x) && acc(b.x) && a.x == 1 && b.x == 2\n{\n  assert a != b;\n  a.x := 1;\n  b.x := 2;\n}\n`;
    expect((await failures(src, mode)).verdict).toBe('verified');
  });

  test('new objects are fresh, start at defaults, and calls keep the rest of the heap (framing); old reads the heap on entry', async () => {
    const src =
      `${CELL}proc inc(c: Cell)\n  requires acc(c.x)\n  ensures acc(c.x) && c.x == old(c.x) + 1\n{\n  c.x := c.x + 1;\n}\n` +
      `proc main(a: Cell)\n  requires acc(a.x)\n{\n  var c: Cell := new Cell;\n  assert c != a && c.x == 0;\n  c.x := 4;\n  a.x := 3;\n  inc(c);\n  assert c.x == 5 && a.x == 3;\n}\n`;
    expect(await failures(src, mode)).toEqual({ verdict: 'verified', failures: [] });
  });

  test('assert with permissions checks them on a copy of the heap: held after new, missing after a call keeps it', async () => {
    const src = `${CELL}proc keep(c: Cell)\n  requires acc(c.x)\n{\n}\nproc main() {\n  var c: Cell := new Cell;\n  assert acc(c.x) && c.x == 0;\n  c.x := 1;\n  keep(c);\n  assert acc(c.x);\n}\n`;
    const r = await failures(src, mode);
    expect(r.failures.map((f) => `${f.kind}@${f.line}: ${f.message}`)).toEqual([
      'permission@11: assert acc(c.x): the permission is not held',
    ]);
  });

  test('a wrong postcondition over old is a postcondition failure', async () => {
    const src = `${CELL}proc inc(c: Cell)\n  requires acc(c.x)\n  ensures acc(c.x) && c.x == old(c.x)\n{\n  c.x := c.x + 1;\n}\n`;
    expect((await failures(src, mode)).failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['postcondition@4']);
  });

  test('a permission a callee keeps is missing at the caller: at the call line for a requires, at the clause for an ensures', async () => {
    const src =
      `${CELL}proc drop(c: Cell)\n  requires acc(c.x)\n{\n}\n` +
      `proc lose(c: Cell)\n  requires acc(c.x)\n  ensures acc(c.x)\n{\n  drop(c);\n}\n` +
      `proc main() {\n  var c: Cell := new Cell;\n  drop(c);\n  drop(c);\n}\n`;
    const r = await failures(src, mode);
    const want =
      mode === 'modular'
        ? [
            { kind: 'permission', line: 8, message: 'lose ensures acc(c.x), which is not held' },
            { kind: 'permission', line: 15, message: 'drop requires acc(c.x) (line 3), which is not held' },
          ]
        : [{ kind: 'permission', line: 15, message: 'drop requires acc(c.x) (line 3), which is not held' }];
    expect(r.failures.map(({ kind, line, message }) => ({ kind, line, message }))).toEqual(want);
  });
});

test('an aliasing counterexample replays with symdap run --inputs to the same failure', async () => {
  const src = `${CELL}proc main(a: Cell, b: Cell)\n  requires acc(a.x) && a.x == 5\n{\n  if (a == b) {\n    b.x := 7;\n    assert a.x == 5;\n  }\n}\n`;
  const file = join(dir, 'alias.sym');
  await writeFile(file, src);
  const v = bufferIO();
  expect(await main(['verify', file, '--json'], v)).toBe(1);
  const report = JSON.parse(v.stdout()) as { failures: { kind: string; line: number; counterexample: unknown }[] };
  expect(report.failures.map((f) => f.counterexample)).toEqual([{ a: { '@': 1, x: 5 }, b: { '@': 1 } }]);
  const inputs = join(dir, 'cx.json');
  await writeFile(inputs, JSON.stringify(report.failures[0].counterexample));
  const r = bufferIO();
  expect(await main(['run', file, '--inputs', inputs], r)).toBe(1);
  expect(r.stdout() + r.stderr()).toContain(`${file}:7:5: assertion failed: a.x == 5`);
});

test('explore mode unrolls loops over the heap, checking invariants that read fields', async () => {
  const src = `${CELL}proc main(n: int)\n  requires n >= 0 && n <= 3\n{\n  var c: Cell := new Cell;\n  var i: int := 0;\n  while (i < n)\n    invariant c.x == i\n  {\n    c.x := c.x + 1;\n    i := i + 1;\n  }\n  assert c.x == n;\n  assert c.x < 3;\n}\n`;
  const r = await failures(src, 'explore');
  expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['assert@14']);
  expect(r.failures[0].cx).toEqual({ n: 3 });
});

describe.each(['join;', 'join c.x >= 1;'])('%s on states with heaps', (join) => {
  test('chunks equal on every path are kept; a differing value is merged (join;) or summarised (join φ;)', async () => {
    const src = `${CELL}proc main(b: bool) {\n  var c: Cell := new Cell;\n  var d: Cell := new Cell;\n  if (b) { c.x := 1; d.x := 5; } else { c.x := 2; d.x := 5; }\n  ${join}\n  assert d.x == 5 && c.x >= 1;\n  assert c.x == 1;\n}\n`;
    const r = await failures(src, 'explore');
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['assert@8']);
  });
});

test('an ensures that reads a field before naming its permission is a permission failure at the call, not a silent dead end', async () => {
  const src = `${CELL}proc set(c: Cell)\n  requires acc(c.x)\n  ensures c.x > 0 && acc(c.x)\n{\n  c.x := 1;\n}\nproc main(c: Cell)\n  requires acc(c.x)\n{\n  set(c);\n  assert false;\n}\n`;
  const r = await failures(src, 'modular');
  expect(r.verdict).toBe('failed');
  expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['permission@4']);
});
