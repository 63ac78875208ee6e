// Predicates, fold/unfold, unfolding and heap-dependent functions in the symbolic engine with
// the real Z3 (docs/design.md B.5, B.6): `fold` failures with counterexamples, missing instances as
// `permission` failures, functions as precise as the values folded in, instances from
// contracts holding disjoint permissions, and the clean refusal of recursive functions whose results are arrays of arrays.

import { describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';

const ACCOUNT = `class Account { var balance: int; }
predicate account(a: Account) {
  acc(a.balance) && a.balance >= 0
}
function balanceOf(a: Account): int
  requires account(a)
{
  unfolding account(a) in a.balance
}
`;

async function verify(source: string, mode: 'explore' | 'modular') {
  const out = await verifySource(source, 'p.sym', { mode });
  return {
    verdict: out.report.verdict,
    diagnostics: out.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`),
    failures: out.report.failures.map((f) => ({
      kind: f.kind,
      line: f.line,
      formula: f.formula,
      cx: f.counterexample,
    })),
  };
}

describe.each(['explore', 'modular'] as const)('predicates and functions (%s)', (mode) => {
  test('fold checks the pure part of the body: a fold failure with its counterexample', async () => {
    const r = await verify(
      `${ACCOUNT}proc main(n: int) {\n  var a: Account := new Account;\n  a.balance := n;\n  fold account(a);\n}\n`,
      mode,
    );
    expect(r.failures.map(({ kind, line, formula }) => ({ kind, line, formula }))).toEqual([
      { kind: 'fold', line: 13, formula: 'account(a): a.balance >= 0' },
    ]);
    expect(Number(r.failures[0].cx.n)).toBeLessThan(0);
  });

  test('unfold without the instance, and a function without its requires, are permission failures', async () => {
    const call = await verify(
      `${ACCOUNT}proc main() {\n  var a: Account := new Account;\n  var b: int := balanceOf(a);\n}\n`,
      mode,
    );
    expect(call.failures.map((f) => `${f.kind}@${f.line}: ${f.formula}`)).toEqual([
      'permission@12: balanceOf requires account(a) (line 6), which is not held',
    ]);
    const unfold = await verify(
      `${ACCOUNT}proc main() {\n  var a: Account := new Account;\n  unfold account(a);\n}\n`,
      mode,
    );
    expect(unfold.failures.map((f) => `${f.kind}@${f.line}: ${f.formula}`)).toEqual([
      'permission@12: unfold account(a): the instance is not held',
    ]);
  });

  test('functions read the values folded in: exact after fold, unfold, write and fold again', async () => {
    const src =
      `${ACCOUNT}proc main() {\n  var a: Account := new Account;\n  a.balance := 10;\n  fold account(a);\n  assert balanceOf(a) == 10;\n` +
      `  unfold account(a);\n  a.balance := a.balance + 5;\n  fold account(a);\n  assert balanceOf(a) == 15;\n  assert balanceOf(a) == 10;\n}\n`;
    const r = await verify(src, mode);
    expect(r.failures.map((f) => `${f.kind}@${f.line}`)).toEqual(['assert@19']);
  });

  test('instances from a contract hold disjoint permissions; old reads a function in the heap on entry', async () => {
    const src =
      `${ACCOUNT}proc deposit(a: Account, b: Account, n: int)\n  requires account(a) && account(b) && n >= 0\n  ensures account(a) && account(b) && balanceOf(a) == old(balanceOf(a)) + n\n{\n` +
      `  assert a != b;\n  unfold account(a);\n  a.balance := a.balance + n;\n  fold account(a);\n}\n`;
    expect(await verify(src, mode)).toEqual({ verdict: 'verified', diagnostics: [], failures: [] });
  });
});

test.each(['explore', 'modular'] as const)(
  'a missing instance at a call is healed: the path goes on and finds the later failure (%s)',
  async (mode) => {
    const src = `${ACCOUNT}proc take(a: Account)\n  requires account(a)\n{\n}\nproc main() {\n  var a: Account := new Account;\n  fold account(a);\n  take(a);\n  take(a);\n  var n: int := a.balance;\n}\n`;
    const r = await verify(src, mode);
    expect(r.failures.filter((f) => f.line >= 17).map((f) => `${f.kind}@${f.line}: ${f.formula}`)).toEqual([
      'permission@18: take requires account(a) (line 11), which is not held',
      'permission@19: acc(a.balance) is not held to read a.balance',
    ]);
  },
);

test('a recursive function whose result is an array of arrays is refused with a clear error', async () => {
  const src =
    'class Node { var next: Node; }\npredicate list(n: Node) {\n  acc(n.next) && (n.next != null ==> list(n.next))\n}\nfunction f(n: Node): int[][]\n  requires list(n)\n{\n  unfolding list(n) in (n.next == null ? [] : f(n.next))\n}\nproc main() {\n}\n';
  const r = await verify(src, 'explore');
  expect(r.verdict).toBe('error');
  expect(r.diagnostics).toEqual([
    '5:10: the symbolic engine does not support recursive functions whose results are arrays of arrays yet (function f)',
  ]);
});
