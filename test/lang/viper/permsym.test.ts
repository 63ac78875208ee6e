// Symbolic permission amounts on .vpr through the real CLI and Z3 (docs/viper.md "Perm values
// and perm()"): Perm parameters lent and returned, perm(e.f) in assertions, an amount that may
// be too small or negative failing with Viper's ids, Perm division, a wildcard meeting a
// symbolic amount (forperm: forperm.test.ts).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-permsym-');
const FIELD = 'field f: Int\n';

describe('Perm values and symbolic amounts on .vpr', () => {
  it('a Perm parameter lent and returned: the caller keeps the rest and writes again', async () => {
    const src = `${FIELD}method lend(x: Ref, k: Perm) returns (v: Int)
  requires none < k && acc(x.f, k)
  ensures acc(x.f, k) && v == x.f
{ v := x.f }

method caller(x: Ref, k: Perm)
  requires none < k && k < write && acc(x.f)
{
  var v: Int
  v := lend(x, k)
  assert v == x.f
  x.f := v + 1
  v := lend(x, write - k)
  // the part left may be too small to write
  exhale acc(x.f, k)
  x.f := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 17, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('perm(x.f) in assertions: one that holds and one that fails', async () => {
    const src = `${FIELD}method m(x: Ref, k: Perm)
  requires none < k && k < write && acc(x.f)
{
  exhale acc(x.f, k)
  assert perm(x.f) == write - k
  assert perm(x.f) > none
  assert perm(x.f) >= 1/2
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 8, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a symbolic amount that may be too small or negative fails (insufficient, negative)', async () => {
    const src = `${FIELD}method small(x: Ref, k: Perm)
  requires none < k && acc(x.f, k)
{
  x.f := 1
}

method negative(x: Ref, k: Perm)
  requires acc(x.f) && k < write
{
  exhale acc(x.f, k)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 5, viperError: 'assignment.failed:insufficient.permission' },
        { line: 11, viperError: 'exhale.failed:negative.permission' },
      ],
    });
  }, 60_000);

  it('Perm division and arithmetic: exact, and a division by zero fails', async () => {
    const src = `method m(p: Perm)
  requires none < p
{
  var r: Perm := p / 2
  assert 2 * r == p && r < p
  assert (1/3) + (2/3) == write
  var q: Perm
  q := (1/2) / (p - p)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 8, viperError: 'assignment.failed:division.by.zero' }],
    });
  }, 60_000);

  it('a wildcard meets a symbolic amount: taken only where some is held', async () => {
    const src = `${FIELD}method m(x: Ref, b: Bool)
  requires acc(x.f, b ? write : none)
{
  exhale acc(x.f, wildcard)
}

method n(x: Ref, k: Perm)
  requires none < k && acc(x.f, k)
{
  exhale acc(x.f, wildcard)
  assert perm(x.f) < k
  exhale acc(x.f, k)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 5, viperError: 'exhale.failed:insufficient.permission' },
        { line: 13, viperError: 'exhale.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('two chunks of one field: a sum over write proves the receivers distinct only when it must', async () => {
    const src = `${FIELD}method m(x: Ref, y: Ref, k: Perm)
  requires none < k && acc(x.f, k) && acc(y.f, k)
{
  assert k > 1/2 ==> x != y
  assert x != y
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
  it('k := perm(x.f) and var k: Perm := perm(x.f) read the amount held (not a method call)', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f, 1/2)
{
  var k: Perm
  k := perm(x.f)
  var j: Perm := perm(x.f)
  assert k == 1/2 && j == k
  exhale acc(x.f, 1/4)
  k := perm(x.f)
  assert k == 1/2
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 11, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('acc(x.f, b ? wildcard : p): a choice between two accessibilities (Silver suite function_precondition_perms)', async () => {
    const src = `${FIELD}function g(x: Ref, b: Bool): Int
  requires acc(x.f, b ? wildcard : none)

method calls(x: Ref, b: Bool)
{
  inhale b ==> acc(x.f, 1/2)
  var t: Int
  t := g(x, b)
  t := g(x, !b)
}

method held(x: Ref, b: Bool)
{
  inhale acc(x.f, b ? wildcard : 1/2)
  assert perm(x.f) > none
  assert b || perm(x.f) == 1/2
  assert perm(x.f) == 1/2
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 10, viperError: 'application.precondition:insufficient.permission' },
        { line: 18, viperError: 'assert.failed:assertion.false' },
      ],
    });
  }, 60_000);
});
