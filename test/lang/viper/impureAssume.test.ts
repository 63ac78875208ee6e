// `assume A` where A holds permissions, through the real CLI and Z3 (docs/viper.md "assume of
// permissions"): as Viper's front end rewrites it, each access becomes a fact about the
// permission already held (`perm(e.f) >=` its amount plus the earlier accesses of the same
// location in A), so the assume adds no permission and may identify receivers.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-impure-assume-');
const FIELD = 'field f: Int\n';

describe('assume of permissions on .vpr', () => {
  it('assume acc(y.f) with only x.f held identifies y with x; it adds no permission', async () => {
    const src = `${FIELD}method m(x: Ref, y: Ref)
{
  inhale acc(x.f)
  assume acc(y.f)
  assert x == y
  assert x != y
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('without any permission held the assume is a contradiction (Viper: no error after it)', async () => {
    const src = `${FIELD}method m(x: Ref)
{
  assume acc(x.f)
  assert false
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('accesses of one location add up: 1/2 + 1/2 of a held full permission is fine, 2/5 + 3/5 of 2/3 is not', async () => {
    const src = `${FIELD}method ok(x: Ref)
{
  inhale acc(x.f)
  assume acc(x.f, 1/2) && acc(x.f, 1/2)
  assert false
}
method contradiction(x: Ref)
{
  inhale acc(x.f, 2/3)
  assume acc(x.f, 2/5) && acc(x.f, 3/5)
  assert false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('an access under an implication counts only where its condition holds', async () => {
    const src = `${FIELD}method m(a: Ref, x: Ref, y: Ref, b1: Bool, b2: Bool)
  requires acc(a.f)
{
  assume (b1 ==> acc(x.f)) && (b2 ==> acc(y.f))
  assert b1 ==> x == a
  assert b1 && b2 ==> false
  assert b2 ==> false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 8, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('the assumed permission is not added: writing after the assume still needs it', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f, 1/2)
{
  assume acc(x.f, 1/2)
  x.f := 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('a pure assume through a macro is assumed as written', async () => {
    const src = `define pos(v) v > 0
method m(v: Int)
{
  assume pos(v)
  assert v > 0
  assert v > 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
});
