// Viper's pure quantifiers through the lowering and the real `symdap verify --json` (real Z3):
// each program that verifies has a twin that fails with Viper's id on its line. Triggers are
// read and dropped; a binder that a macro argument would be captured by is renamed (Viper's
// macros substitute without capture).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-quant-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper quantifiers', () => {
  it(
    'forall in an assert is proved for every value, and fails when one value breaks it',
    async () => {
      expect(await verify('method m()\n{\n  assert forall i: Int, b: Bool :: b || i * i >= 0\n}\n')).toEqual(OK);
      expect((await verify('method m()\n{\n  assert forall i: Int :: i * i > 0\n}\n')).failures).toEqual([
        { line: 3, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a forall in requires is assumed (with its trigger dropped), exists needs a witness',
    async () => {
      const src = (post: string) =>
        `function g(x: Int): Int { x + 1 }\nmethod m(k: Int)\n  requires forall i: Int :: {g(i)} i > 0 && i < 10 ==> k > i\n  ensures ${post}\n{}\n`;
      expect(await verify(src('k > 5'))).toEqual(OK);
      expect(await verify(src('exists j: Int :: j > 0 && k == g(j)'))).toEqual(OK);
      expect((await verify(src('exists j: Int :: j > 0 && j < 10 && k == j'))).failures).toEqual([
        { line: 4, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a field read under a quantifier needs the permission',
    async () => {
      const src = (pre: string) =>
        `field f: Int\nmethod m(x: Ref)\n  requires ${pre}\n{\n  assert forall i: Int :: i > x.f ==> i > x.f - 1\n}\n`;
      expect(await verify(src('acc(x.f)'))).toEqual(OK);
      expect((await verify(src('true'))).failures).toEqual([
        { line: 5, viperError: 'assert.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    "a macro argument is not captured by the macro's binder",
    async () => {
      const src = (arg: string) =>
        `define allBut(j) forall i: Int :: i != j ==> i != 0 || j == 0\nmethod m(i: Int)\n  requires i == 0\n{\n  assert allBut(${arg})\n}\n`;
      // With capture, allBut(i) would read `forall i :: i != i ==> …`, which holds trivially for any argument.
      expect(await verify(src('i'))).toEqual(OK);
      expect((await verify(src('i + 1'))).failures).toEqual([{ line: 5, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );
});
