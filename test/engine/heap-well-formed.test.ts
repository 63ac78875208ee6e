// The well-formedness pass (docs/design.md B.5, seed Definitions 3–5) with the real parser, checker,
// engine and Z3: every contract, predicate body and function body must be self-framing, in
// both modes, whether or not anything runs it. A failure is `permission` at the clause (a body:
// where it starts), on no path (no inputs, no trace), listed once (the exploration meeting the
// same read adds nothing). Well-formed assertions are not flagged. A callee's missing
// permission is reported at the call line, the clause named (B.6, D.13).

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const CELL = 'class Cell {\n  var x: int;\n  var y: int;\n}\n';

async function verify(source: string, mode: 'explore' | 'modular') {
  const out = await verifySource(source, 'wf.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return out.report;
}

const at = (r: Awaited<ReturnType<typeof verify>>) =>
  r.failures.map((f) => `${f.kind}@${f.line}:${f.column}: ${f.formula}`);

describe.each(['explore', 'modular'] as const)('well-formedness (%s)', (mode) => {
  test('a requires that reads before its acc: one failure at the clause, with no inputs and no path', async () => {
    // bad is not the entry: explore mode never runs it, modular mode does (and stops at the read).
    const r = await verify(`${CELL}proc bad(c: Cell)\n  requires c.x > 0 && acc(c.x)\n{\n}\nproc main() {\n}\n`, mode);
    expect(r.verdict).toBe('failed');
    expect(at(r)).toEqual([
      'permission@6:12: bad requires c.x > 0 && acc(c.x) is not self-framing: reads c.x without acc(c.x)',
    ]);
    expect(r.failures[0].counterexample).toEqual({});
    expect(r.failures[0].trace).toEqual([]);
    // The modular root of bad fails at that very read: counted under the same failure, not listed again.
    expect(r.failures[0].paths).toBe(mode === 'modular' ? 1 : 0);
  });

  test('an ensures is framed by its own permissions; old(…) reads the heap the requires gave', async () => {
    const src =
      `${CELL}proc p(c: Cell)\n  requires acc(c.x)\n  ensures c.x == old(c.x) && acc(c.x)\n{\n}\n` +
      'proc q(c: Cell)\n  requires acc(c.x)\n  ensures acc(c.x) && c.x == old(c.x) + 0\n{\n}\nproc main() {\n}\n';
    expect(at(await verify(src, mode))).toEqual([
      'permission@7:11: p ensures c.x == old(c.x) && acc(c.x) is not self-framing: reads c.x without acc(c.x)',
    ]);
  });

  test('an ensures is checked even when the requires is not self-framing', async () => {
    const src = `${CELL}proc p(c: Cell)\n  requires c.y > 0 && acc(c.x) && acc(c.y)\n  ensures c.x == old(c.x) && acc(c.x)\n{\n}\nproc main() {\n}\n`;
    expect((await verify(src, mode)).failures.map((f) => f.line)).toEqual([6, 7]);
  });

  test('predicate and function bodies: reported where the body starts; a function requires at its clause', async () => {
    const src =
      `${CELL}predicate pos(c: Cell) {\n  c.x > 0 && acc(c.x)\n}\nfunction sum(c: Cell): int\n  requires acc(c.x)\n{\n  c.x + c.y\n}\n` +
      'function two(c: Cell): int\n  requires c.y > 0 && acc(c.y)\n{\n  2\n}\nproc main() {\n}\n';
    expect(at(await verify(src, mode))).toEqual([
      'permission@6:3: the body of predicate pos is not self-framing: reads c.x without acc(c.x)',
      'permission@11:3: the body of function sum is not self-framing: reads c.y without acc(c.y)',
      'permission@14:12: two requires c.y > 0 && acc(c.y) is not self-framing: reads c.y without acc(c.y)',
    ]);
  });

  test('a function call in a contract needs the permissions its requires names, given earlier', async () => {
    const src = `${CELL}function getX(c: Cell): int\n  requires acc(c.x)\n{\n  c.x\n}\nproc p(c: Cell)\n  requires getX(c) > 0 && acc(c.x)\n{\n}\nproc main() {\n}\n`;
    expect(at(await verify(src, mode))).toEqual([
      'permission@11:12: p requires getX(c) > 0 && acc(c.x) is not self-framing: getX requires acc(c.x) (line 6), which is not held',
    ]);
  });

  test('well-formed assertions are not flagged: acc first, predicates and functions, conditional permissions, aliases, unfolding', async () => {
    const src =
      `${CELL}predicate valid(c: Cell) {\n  acc(c.x) && c.x >= 0\n}\nfunction getX(c: Cell): int\n  requires valid(c)\n{\n  unfolding valid(c) in c.x\n}\n` +
      'proc a(c: Cell, d: Cell)\n  requires acc(c.x) && c.x > 0 && c == d && d.x > 0\n  ensures acc(c.x) && c.x == old(c.x)\n{\n}\n' +
      'proc b(c: Cell, k: bool)\n  requires valid(c) && getX(c) > 0 && (k ==> acc(c.y)) && (k ==> c.y > 0)\n  ensures valid(c) && getX(c) == old(getX(c))\n{\n}\n' +
      'proc f(c: Cell, k: bool) returns (r: int)\n  requires k ? acc(c.x) : acc(c.y)\n  ensures (k ? acc(c.x) && c.x == old(c.x) : acc(c.y)) && r == 1\n{\n  r := 1;\n}\nproc main() {\n}\n';
    const r = await verify(src, mode);
    expect(at(r)).toEqual([]);
    expect(r.verdict).toBe('verified');
  });
});

describe.each(['explore', 'modular'] as const)(
  "a callee's missing permission is reported at the call line (%s)",
  (mode) => {
    const GET = 'function get(c: Cell): int\n  requires acc(c.x)\n{\n  c.x\n}\n';
    const SET = 'proc set(c: Cell)\n  requires acc(c.x)\n  ensures acc(c.x)\n{\n  c.x := 2;\n}\n';

    test('a function call in code and in an assert: at the call, naming the clause and its line', async () => {
      // unshare takes acc(o.x) and keeps it. main: line 14 on (CELL 4 lines, GET 5, unshare 4).
      const src =
        `${CELL}${GET}proc unshare(o: Cell)\n  requires acc(o.x)\n{\n}\nproc main() {\n  var c: Cell := new Cell;\n  var d: Cell := new Cell;\n  var e: Cell := new Cell;\n` +
        '  var v: int := get(c);\n  unshare(d);\n  unshare(e);\n  var w: int := get(d);\n  assert get(e) == 0 || true;\n}\n';
      expect(at(await verify(src, mode))).toEqual([
        'permission@21:17: get requires acc(c.x) (line 6), which is not held',
        'permission@22:10: get requires acc(c.x) (line 6), which is not held',
      ]);
    });

    test('a procedure call: at the call, naming the clause', async () => {
      const src = `${CELL}${SET}proc main() {\n  var c: Cell := new Cell;\n  set(c);\n  var d: Cell := c;\n  d.x := 1;\n  unkeep(c);\n  set(c);\n}\nproc unkeep(c: Cell)\n  requires acc(c.x)\n{\n}\n`;
      const r = await verify(src, mode);
      expect(at(r)).toEqual(['permission@17:3: set requires acc(c.x) (line 6), which is not held']);
      expect(r.failures[0].trace.at(-1)).toBe(17);
    });
  },
);

test.each(['explore', 'modular'] as const)(
  'two acc of one requires on one object: the message names the alias and the conjunct that took it (%s)',
  async (mode) => {
    const src = `${CELL}proc setBoth(a: Cell, b: Cell)\n  requires acc(a.x) && acc(b.x)\n{\n}\nproc main() {\n  var c: Cell := new Cell;\n  setBoth(c, c);\n}\n`;
    const r = await verify(src, mode);
    expect(at(r)).toEqual([
      'permission@11:3: setBoth requires acc(b.x) (line 6), which is not held: b == a here, and acc(a.x) took it first',
    ]);
    expect(r.failures[0].explanation).toBe(
      "acc(c.x) was held until line 11: the call setBoth(c, c) took it already for another part of setBoth's requires",
    );
  },
);

test('a function whose requires calls itself is refused: it would be evaluated at every application', async () => {
  const src = `${CELL}function f(c: Cell): int\n  requires acc(c.x) && f(c) > 0\n{\n  c.x\n}\nproc main() {\n}\n`;
  const out = await verifySource(src, 'wf.sym', { mode: 'explore' });
  expect(out.report.verdict).toBe('error');
  expect(out.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`)).toEqual([
    "6:24: a call in the requires of 'f' may not terminate: 'f' is not declared before 'f'",
  ]);
});
