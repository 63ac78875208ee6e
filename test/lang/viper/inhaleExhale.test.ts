// Inhale-exhale assertions `[A, B]` (issue 24) through the real `symdap verify --json` (real
// Z3): A is read where the assertion is inhaled (inhale, assume, a requires at the method's
// entry, an ensures after a call, an invariant at the loop head), B where it is exhaled
// (exhale, assert, a requires at a call, an ensures at the return, an invariant on entry and
// at the end of the body), and both sides must be well-formed. Each case is shown verifying and
// failing, so no test passes whatever side is read.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-inex-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('inhale-exhale assertions [A, B]', () => {
  it(
    'statements: assert and exhale read B, assume and inhale read A',
    async () => {
      expect(await verify('method m()\n{\n  assert [false, true]\n  exhale [false, true]\n}\n')).toEqual(OK);
      expect((await verify('method m()\n{\n  assert [true, false]\n}\n')).failures).toEqual([
        { line: 3, viperError: 'assert.failed:assertion.false' },
      ]);
      expect((await verify('method m()\n{\n  exhale [true, false]\n}\n')).failures).toEqual([
        { line: 3, viperError: 'exhale.failed:assertion.false' },
      ]);
      expect(await verify('method m()\n{\n  assume [false, true]\n  assert false\n}\n')).toEqual(OK);
      expect((await verify('method m()\n{\n  inhale [true, false]\n  assert false\n}\n')).failures).toEqual([
        { line: 4, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'permissions: inhaled by A, exhaled by B',
    async () => {
      const src = (last: string) =>
        `field x: Int\nmethod m(this: Ref)\n{\n  inhale [acc(this.x) && this.x == 1, true]\n  exhale [true, acc(this.x)]\n  ${last}\n}\n`;
      expect(await verify(src('assert true'))).toEqual(OK);
      expect((await verify(src('assert this.x == 1'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a method contract: the requires is inhaled as A at entry and exhaled as B at a call',
    async () => {
      const callee =
        'field x: Int\nmethod callee(this: Ref)\n  requires [acc(this.x), this != null]\n  ensures [true, acc(this.x)]\n{\n  this.x := 1\n}\n';
      // At entry A holds acc(this.x); B of the ensures gives it back; at the call only B (this != null) is taken.
      expect(
        await verify(`${callee}method caller(this: Ref)\n  requires this != null\n{\n  callee(this)\n}\n`),
      ).toEqual(OK);
      expect(
        (await verify(`${callee}method caller(this: Ref)\n{\n  callee(this)\n}\n`)).failures.map((f) => f.viperError),
      ).toEqual(['call.precondition:assertion.false']);
      // After the call the ensures is inhaled as A (true): no permission comes back.
      expect(
        (
          await verify(
            `${callee}method caller(this: Ref)\n  requires this != null\n{\n  callee(this)\n  this.x := 2\n}\n`,
          )
        ).failures,
      ).toEqual([{ line: 12, viperError: 'assignment.failed:insufficient.permission' }]);
    },
    T,
  );

  it(
    'both sides must be well-formed',
    async () => {
      expect(
        (await verify('field x: Int\nmethod e0(this: Ref)\n  requires [true, this.x == 0]\n{\n}\n')).failures,
      ).toEqual([{ line: 3, viperError: 'not.wellformed:insufficient.permission' }]);
      expect(
        (await verify('field x: Int\nmethod i0(this: Ref)\n  requires [this.x == 0, true]\n{\n}\n')).failures,
      ).toEqual([{ line: 3, viperError: 'not.wellformed:insufficient.permission' }]);
      expect(
        await verify(
          'field x: Int\nmethod ok(this: Ref)\n  requires [acc(this.x) && this.x == 0, acc(this.x)]\n{\n}\n',
        ),
      ).toEqual(OK);
    },
    T,
  );

  it(
    'a loop invariant is exhaled as B on entry and preserved as B, inhaled as A at the head',
    async () => {
      const loop = (inv: string) =>
        `field x: Int\nmethod m(this: Ref)\n  requires acc(this.x)\n{\n  var i: Int := 1\n  while (i < 10)\n    invariant ${inv}\n  {\n    i := i + 1\n  }\n}\n`;
      expect(await verify(loop('[false, true]'))).toEqual(OK);
      expect((await verify(loop('[true, false]'))).failures.map((f) => f.viperError)).toEqual([
        'invariant.not.established:assertion.false',
      ]);
      expect((await verify(loop('[true, acc(this.x)]'))).failures.map((f) => f.viperError)).toEqual([
        'invariant.not.preserved:insufficient.permission',
      ]);
    },
    T,
  );
});
