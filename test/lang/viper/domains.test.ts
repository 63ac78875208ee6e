// Viper domains through the real CLI and Z3 (docs/viper.md, Domains): domain types, functions,
// named and unnamed axioms and unique constants verify as Viper verifies them; an assertion the
// axioms do not imply fails with its Viper id (no counterexample: Z3 finds no model of such
// axioms, and "not proved" is a failure, as in Viper); interpretations stay refused by name
// (generic domains: genericDomains.test.ts).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-domains-');

const PAIR = `
domain Pair {
  function pair(a: Int, b: Int): Pair
  function fst(p: Pair): Int
  function snd(p: Pair): Int
  unique function zero(): Pair
  unique function one(): Pair
  axiom fst_def { forall a: Int, b: Int :: { pair(a, b) } fst(pair(a, b)) == a }
  axiom { forall a: Int, b: Int :: snd(pair(a, b)) == b }
}
`;

describe('Viper domains', () => {
  it('verifies what the axioms and unique constants imply', async () => {
    const r = await verify(`${PAIR}
method m(x: Int) returns (p: Pair)
  ensures fst(p) == x
{
  p := pair(x, 3)
  assert snd(p) == 3
  assert zero() != one()
  var q: Pair := p
  assert fst(q) + snd(q) == x + 3
}
`);
    expect(r).toEqual({ verdict: 'verified', failures: [] });
  }, 120_000);

  it('fails an assertion the axioms do not imply, with its Viper id', async () => {
    const r = await verify(`${PAIR}
method bad(q: Pair) {
  assert fst(q) == 0
}
method bad2() {
  assert zero() == one()
}
`);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([
      { line: 13, viperError: 'assert.failed:assertion.false' },
      { line: 16, viperError: 'assert.failed:assertion.false' },
    ]);
  }, 120_000);

  it('a quantifier over a domain type ranges over its values', async () => {
    const r = await verify(`
domain Color {
  unique function red(): Color
  unique function green(): Color
  axiom only_two { forall c: Color :: c == red() || c == green() }
}
method m(c: Color, d: Color, e: Color) {
  if (c != d && d != e) { assert c == e }
  //:: ExpectedOutput(assert.failed:assertion.false)
  assert c == d
}
`);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([{ line: 10, viperError: 'assert.failed:assertion.false' }]);
  }, 120_000);

  it('refuses domain interpretations by name (generic domains: genericDomains.test.ts)', async () => {
    const interp = await verify(`domain Word interpretation (SMTLIB: "(_ BitVec 8)") { }\nmethod m() {}\n`);
    expect(interp.verdict).toBe('unsupported');
  }, 120_000);
});
