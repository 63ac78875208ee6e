// Viper's loops made of gotos and its gotos out of loops, through the real `symdap verify --json`
// and Z3 (lowerGotoLoop.ts, the engine's `break`): a label with back-edges heads a loop whose
// invariants are checked on entry and on every back-edge, never where a jump leaves the loop;
// the path that leaves goes on with the state it has there, the loop's frame put back. Each
// program that verifies has a twin that fails with Viper's id on its line.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-goto-loop-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper goto loops', () => {
  it(
    'a bottom-tested goto loop: the invariant holds at the back-edge, the exit keeps the last state',
    async () => {
      // The exit leaves with i == n, which the invariant alone (i <= n) does not say.
      const src = (inv: string, claim: string) =>
        `method m(n: Int)\n  requires n > 0\n{\n  var i: Int := 0\n  label head invariant ${inv}\n  i := i + 1\n  if (i < n) {\n    goto head\n  }\n  assert ${claim}\n}\n`;
      expect(await verify(src('0 <= i && i < n', 'i == n'))).toEqual(OK);
      expect((await verify(src('0 <= i && i < n', 'i == 0'))).failures).toEqual([
        { line: 10, viperError: 'assert.failed:assertion.false' },
      ]);
      // The first case's exit state violates the invariant (i == n): no check there; at the back-edge one is.
      expect((await verify(src('0 <= i && i < n && i < 3', 'i == n'))).failures).toEqual([
        { line: 5, viperError: 'invariant.not.preserved:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'the invariant must hold on entry; a goto loop without one havocs what it assigns',
    async () => {
      const src = (init: string, claim: string) =>
        `method m()\n{\n  var i: Int := ${init}\n  var b: Bool\n  label head invariant i >= 0\n  i := i + 1\n  if (b) {\n    goto head\n  }\n  assert ${claim}\n}\n`;
      expect(await verify(src('0', 'i > 0'))).toEqual(OK);
      expect((await verify(src('-1', 'i > 0'))).failures).toEqual([
        { line: 5, viperError: 'invariant.not.established:assertion.false' },
      ]);
      const bare = (claim: string) =>
        `method m()\n{\n  var i: Int := 0\n  var b: Bool\n  label head\n  i := i + 1\n  if (b) {\n    goto head\n  }\n  assert ${claim}\n}\n`;
      expect(await verify(bare('true'))).toEqual(OK);
      expect((await verify(bare('i == 1'))).failures).toEqual([
        { line: 10, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'the body runs on the invariant permissions only; a jump out of it puts the frame back',
    async () => {
      const src = (amount: string) =>
        `field f: Int\n\nmethod m(x: Ref, n: Int)\n  requires acc(x.f)\n  ensures acc(x.f)\n{\n  var k: Int := n\n  label head invariant acc(x.f, ${amount})\n  assert perm(x.f) == ${amount}\n  k := k - 1\n  if (k <= 0) {\n    goto done\n  }\n  goto head\n  label done\n  assert perm(x.f) == write\n}\n`;
      expect(await verify(src('1/2'))).toEqual(OK);
      // Without the frame put back at the exit, only the invariant's half would be held there.
      const half = src('1/2').replace('assert perm(x.f) == write', 'assert perm(x.f) == 1/2');
      expect((await verify(half)).failures).toEqual([{ line: 16, viperError: 'assert.failed:assertion.false' }]);
      const writes = `field f: Int\n\nmethod m(x: Ref, b: Bool)\n  requires acc(x.f)\n{\n  label head invariant acc(x.f, 1/2)\n  x.f := 1\n  if (b) {\n    goto head\n  }\n}\n`;
      expect((await verify(writes)).failures).toEqual([
        { line: 7, viperError: 'assignment.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a goto out of a while loop leaves it without checking its invariant',
    async () => {
      const src = (claim: string) =>
        `method m(n: Int)\n  requires n > 5\n{\n  var i: Int := 0\n  while (i < n)\n    invariant 0 <= i && i <= 5\n  {\n    if (i == 5) {\n      goto out\n    }\n    i := i + 1\n  }\n  assert false\n  label out\n  assert ${claim}\n}\n`;
      expect(await verify(src('i == 5'))).toEqual(OK);
      expect((await verify(src('i == 4'))).failures).toEqual([
        { line: 15, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a jump back from dead code makes no loop: the label invariants are ignored there',
    async () => {
      const src = (claim: string) =>
        `field f: Int\n\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  label l invariant acc(x.f, 1/2)\n  assert ${claim}\n  goto e\n  goto l\n  label e\n}\n`;
      expect(await verify(src('perm(x.f) == write'))).toEqual(OK);
      expect((await verify(src('perm(x.f) == 1/2'))).failures).toEqual([
        { line: 7, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'an infinite goto loop verifies what follows it vacuously, and a jump into its body is refused',
    async () => {
      expect(await verify(`method m()\n{\n  label l\n  goto l\n  assert false\n}\n`)).toEqual(OK);
      const into = await verify(
        `method m(b: Bool)\n{\n  if (b) {\n    goto inner\n  }\n  label head\n  label inner\n  goto head\n}\n`,
      );
      expect(into.verdict).toBe('unsupported');
    },
    T,
  );
});
