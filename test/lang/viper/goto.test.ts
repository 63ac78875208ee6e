// Viper's forward goto through the real `symdap verify --json` and Z3: the statements jumped over
// run on no path that jumps and on every path that does not, out of ifs and nested blocks; a
// declaration jumped over stays in scope with an arbitrary value. Each program that verifies has
// a twin that fails with Viper's id on its line.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-goto-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper goto', () => {
  it(
    'a jump skips the statements up to its label',
    async () => {
      const src = (post: string) =>
        `method m(n: Int) returns (r: Int)\n  requires n > 0\n  ensures ${post}\n{\n  r := 0\n  goto out\n  r := n\n  assert false\n  label out\n}\n`;
      expect(await verify(src('r == 0'))).toEqual(OK);
      expect((await verify(src('r > 0'))).failures).toEqual([
        { line: 3, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a conditional jump out of nested blocks: both paths go on at the label',
    async () => {
      const src = (claim: string) =>
        `method m(b: Bool)\n{\n  var x: Int := 1\n  if (b) {\n    {\n      goto done\n    }\n    x := 5\n  }\n  var y: Int := x + 1\n  x := x + 10\n  label done\n  assert ${claim}\n}\n`;
      expect(await verify(src('b ? x == 1 : x == 11'))).toEqual(OK);
      expect((await verify(src('x == 11'))).failures).toEqual([
        { line: 13, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a declaration jumped over is in scope after the label, with an arbitrary value',
    async () => {
      const src = (claim: string) => `method m()\n{\n  goto l\n  var y: Int := 3\n  label l\n  assert ${claim}\n}\n`;
      expect(await verify(src('y == y'))).toEqual(OK);
      expect((await verify(src('y == 3'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );
});
