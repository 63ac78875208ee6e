// `x in [a..b)` with any Int bounds, read as Silicon's axiom `a <= x && x < b` (lang/viper/
// rangeMembership.ts), through the real `symdap verify --json` and Z3: in asserts, quantifiers
// and a quantified permission over an Int binder, the empty ranges (a == b, b < a), the
// definedness of every operand, and a range used as a value staying refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-range-');

const T = 120_000;

const HOLDS = `method m(s: Seq[Int], n: Int, i: Int)
  requires i in [0..|s|)
{
  assert 0 <= i && i < |s|
  assert s[i] == s[i]
  assert !(n in [n..n))
  assert !(n in [n + 1..n - 1))
  assert forall k: Int :: k in [3..n) ==> 3 <= k && k < n
  assert (n - 1) in [n - 1..n)
}
`;

const FIELD = `field f: Int

method m(a: Seq[Ref], n: Int)
  requires 0 <= n && n <= |a|
  requires forall i: Int, j: Int :: i in [0..|a|) && j in [0..|a|) && i != j ==> a[i] != a[j]
  requires forall i: Int :: i in [0..n) ==> acc(a[i].f)
{
  if (n > 1) {
    a[1].f := 5
    assert a[1].f == 5
  }
}
`;

describe('Viper range membership x in [a..b)', () => {
  it(
    'verifies membership with symbolic bounds in asserts, requires and quantifiers, empty when b <= a',
    async () => {
      expect(await verify(HOLDS)).toEqual({ verdict: 'verified', failures: [] });
    },
    T,
  );

  it(
    'fails where a bound is not met, including the empty ranges',
    async () => {
      const src = `method m1(n: Int, i: Int)
{
  assert i in [0..n)
}
method m2(n: Int)
{
  assert n in [n..n)
}
method m3(n: Int)
{
  assert (n - 1) in [n..n - 1)
}
method m4(n: Int)
{
  assert n in [0..n)
}
`;
      const r = await verify(src);
      expect(r.verdict).toBe('failed');
      expect(r.failures.map((f) => `${f.line} ${f.viperError}`).sort()).toEqual([
        '11 assert.failed:assertion.false',
        '15 assert.failed:assertion.false',
        '3 assert.failed:assertion.false',
        '7 assert.failed:assertion.false',
      ]);
    },
    T,
  );

  it(
    'reads a quantified permission over an Int binder bounded by a range',
    async () => {
      expect(await verify(FIELD)).toEqual({ verdict: 'verified', failures: [] });
      const beyond = FIELD.replace('if (n > 1)', 'if (n > 0 && |a| > 1)');
      expect(await verify(beyond)).toEqual({
        verdict: 'failed',
        failures: [{ line: 9, viperError: 'assignment.failed:insufficient.permission' }],
      });
    },
    T,
  );

  it(
    'checks the definedness of every operand, the upper bound too when the lower one is not met',
    async () => {
      const src = `method m(s: Seq[Int], i: Int)
  requires i < 0
{
  assert !(i in [0..s[5]))
}
`;
      const r = await verify(src);
      expect(r.failures).toEqual([{ line: 4, viperError: 'assert.failed:seq.index.length' }]);
    },
    T,
  );

  it(
    'refuses a range with symbolic bounds used as a value, by name',
    async () => {
      const r = await verify('method m(n: Int)\n{\n  assert |[0..n)| == n\n}\n');
      expect(r.verdict).toBe('unsupported');
    },
    T,
  );
});
