// Viper's recursion rules through the real `symdap verify --json` and Z3: functions apply each
// other in any order (self and mutual recursion outside `unfolding`, a function declared later),
// a recursive function's postcondition is checked once and assumed at its applications, and a
// precondition that applies itself is refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-recursion-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper recursion', () => {
  it(
    'self recursion outside unfolding unrolls at an application',
    async () => {
      const src = (claim: string) =>
        `function fac(n: Int): Int\n  requires n >= 0\n{ n < 2 ? n : n * fac(n - 1) }\nmethod m()\n{\n  assert ${claim}\n}\n`;
      expect(await verify(src('fac(1) == 1'))).toEqual(OK);
      expect((await verify(src('fac(1) == 2'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    "a recursive function's postcondition is proved by induction once and assumed at applications",
    async () => {
      const src = (body: string) =>
        `function sum(n: Int): Int\n  requires n >= 0\n  ensures result >= n\n{ n == 0 ? 0 : n + sum(n - 1) }\nmethod m()\n{\n  assert sum(70) >= 70\n}\nfunction wrong(n: Int): Int\n  requires n >= 0\n  ensures result >= 0\n{ ${body} }\n`;
      expect(await verify(src('n <= 1 ? 1 : wrong(n - 1) + n'))).toEqual(OK);
      expect((await verify(src('n <= 1 ? 1 : wrong(n - 1) - n'))).failures).toEqual([
        { line: 11, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'mutual recursion and functions declared after their use',
    async () => {
      const src = (claim: string) =>
        `function even(n: Int): Bool\n  requires n >= 0\n{ n == 0 ? true : odd(n - 1) }\nfunction odd(n: Int): Bool\n  requires n >= 0\n  ensures result == !even(n)\n{ n == 0 ? false : even(n - 1) }\nmethod m()\n{\n  assert ${claim}\n}\n`;
      expect(await verify(src('even(0) && !odd(0)'))).toEqual(OK);
      expect((await verify(src('odd(0)'))).failures).toEqual([
        { line: 10, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a precondition that applies itself is refused by name',
    async () => {
      const out = await verify(
        'function f(n: Int): Int\n  requires n > 0 ==> f(n - 1) >= 0\n{ 0 }\nmethod m()\n{\n  assert f(1) == 0\n}\n',
      );
      expect(out.verdict).toBe('unsupported');
    },
    T,
  );
});
