// Silver's overloaded `/` and `*` on .vpr through the real CLI and Z3 (docs/viper.md "Int and Perm
// arithmetic"): `/` on two Ints divides integers where the context expects an Int (a variable, a
// result, a parameter, a comparison with an Int), and is a fraction otherwise; `*` of an Int and a
// Perm is a Perm. Programs that must fail fail with Viper's ids (the integer reading and the
// fraction reading differ on each of them).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-arith-');
const T = 60_000;

describe("Silver's typing of / and * on .vpr", () => {
  it(
    'integer division where an Int is expected, a fraction where a Perm is',
    async () => {
      const src = `function half(n: Int): Int { n / 2 }
function quarter(p: Perm): Perm { p / 4 }

method m()
{
  var i: Int := 7 / 2
  assert i == 3
  var j: Int := (7 / 2) / (2 / 1)
  assert j == 1
  assert half(5) == 2
  assert 7 / 2 == 3
  var p: Perm := 1 / 2
  assert p + p == write
  assert quarter(write) == 1 / 4
  assert (1 / 2) * (2 / 1) == write
}

method bad1()
{
  var i: Int := 7 / 2
  assert i == 4
}

method bad2()
{
  assert 7 / 2 > 3
}

method bad3()
{
  assert (1 / 2) * (2 / 1) == (0 / 1)
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 21, viperError: 'assert.failed:assertion.false' },
          { line: 26, viperError: 'assert.failed:assertion.false' },
          { line: 31, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'an Int times a Perm is a Perm',
    async () => {
      const src = `field f: Int

method ok(x: Ref, n: Int, k: Perm)
  requires n > 0 && none < k
{
  assert n * k > none
  assert k * n > none
  assert 2 * k == k + k
}

method bad(x: Ref, n: Int, k: Perm)
  requires n >= 0 && none < k
{
  assert n * k > none
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 14, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );
});
