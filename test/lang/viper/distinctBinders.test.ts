// A quantifier binder named like a local of its method (lang/viper/distinctBinders.ts), through
// the real `symdap verify --json` (real Z3): Viper scopes them apart, Sym declares each name once
// per procedure, so the binder is renamed (i to i') and the program means what it meant; a
// statement macro's local counts too. Each program that verifies has a twin that must fail.

import { describe, expect, it } from 'vitest';
import { scratchReporter, scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-binders-');
const report = scratchReporter('symdap-viper-binders-msg-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const POST = 'postcondition.violated:assertion.false';

const method = (ensures: string) =>
  `method m(n: Int) returns (s: Set[Int])\n  requires 0 < n\n  ensures forall i: Int :: i in s ==> ${ensures}\n{\n  var i: Int := n\n  s := Set(i)\n}\n`;

describe('Viper: a quantifier binder named like a local', () => {
  it(
    'is renamed: the postcondition reads the set the body built',
    async () => {
      expect(await verify(method('0 < i'))).toEqual(OK);
      const r = await report(method('i < 0'));
      expect(r.failures.map((f) => [f.line, f.viperError])).toEqual([[3, POST]]);
      expect(r.failures[0].message).toContain("forall i': int :: (i' in s)");
    },
    T,
  );

  it(
    "a statement macro's local after an assertion quantifying over its name",
    async () => {
      const src = (claim: string) =>
        `define decl() {\n  var x: Int\n}\nmethod m() {\n  assert forall x: Int :: ${claim}\n  decl()\n}\n`;
      expect(await verify(src('x == x'))).toEqual(OK);
      expect((await verify(src('x > 0'))).failures).toEqual([{ line: 5, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );
});
