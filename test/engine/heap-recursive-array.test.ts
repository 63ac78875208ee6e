// Recursive functions with array results (docs/design.md B.5, E.3) with the real Z3: an application
// is two values, its length and its contents, each defined by the body's with fuel, so one
// unfolding decides a one-node list, a snapshot frames the value across unrelated writes,
// and a fact that needs induction ends `failed`, never `verified`.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const LIST =
  'class Node {\n  var val: int;\n  var next: Node;\n}\npredicate list(n: Node) {\n  acc(n.val) && acc(n.next) && (n.next != null ==> list(n.next))\n}\n' +
  'function lasts(n: Node): int[]\n  requires list(n)\n{\n  unfolding list(n) in (n.next == null ? [n.val, 0] : lasts(n.next))\n}\n';

async function run(body: string, mode: 'explore' | 'modular') {
  // main starts at line 13; its body at line 16.
  const src = `${LIST}proc main(v: int, l: Node, k: Node)\n  requires list(l) && acc(k.val)\n{\n${body}}\n`;
  const out = await verifySource(src, 'r.sym', { mode });
  expect(out.diagnostics).toEqual([]);
  return out.report.failures.map((f) => `${f.kind}@${f.line}`);
}

describe.each(['explore', 'modular'] as const)('a recursive function with an array result (%s)', (mode) => {
  test('one node: length and elements follow from one unfolding; a wrong element fails', async () => {
    const body =
      '  var n: Node := new Node;\n  n.val := v;\n  fold list(n);\n  var a: int[] := lasts(n);\n  assert a.length == 2 && a[0] == v && a[1] == 0;\n  assert a[0] == 0;\n';
    expect(await run(body, mode)).toEqual(['assert@21']);
  });

  test('the value is framed by the snapshot across a write elsewhere', async () => {
    const body =
      '  var b: int[] := lasts(l);\n  k.val := 3;\n  assert lasts(l).length == b.length;\n  assert b.length > 0 ==> lasts(l)[0] == b[0];\n';
    expect(await run(body, mode)).toEqual([]);
  });

  test('a fact that needs induction is not verified', async () => {
    expect(await run('  assert lasts(l).length == 2;\n', mode)).toEqual(['assert@16']);
  });
});
