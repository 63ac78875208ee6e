// Multisets and maps as opaque types through the real `symdap verify --json` (real Z3): they may
// type variables, parameters, fields and binders, equal values stay equal and unknown ones are
// not proved equal, and every operation on them stays refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-opaque-');

const T = 300_000;

describe('Viper multisets and maps as types only', () => {
  it(
    'typed variables, fields and binders verify; equality of unknown values is not proved',
    async () => {
      const src = `field values: Map[Int, Ref]
method m(b: Multiset[Int], c: Multiset[Int], s: Seq[Map[Int, Bool]]) returns (r: Map[Int, Int])
  requires b == c
{
  var x: Multiset[Multiset[Int]]
  assert b == c
  assert exists i: Int, ms: Multiset[Int] :: i == 0
}
method n(b: Multiset[Int], c: Multiset[Int]) {
  assert b == c
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 10, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );

  it(
    'operations on multisets and maps stay refused by name',
    async () => {
      for (const body of [
        'assert 1 in domain(Map(1 := 2))',
        'var m: Map[Int, Int]\n  assert 2 in range(m)',
        'var m: Map[Int, Int] := Map()',
      ]) {
        const r = await verify(`method m() {\n  ${body}\n}\n`);
        expect(r.verdict, body).toBe('unsupported');
      }
    },
    T,
  );
});
