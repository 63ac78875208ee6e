// `unfolding acc(P(x), p) in e` with a Perm p (rules/heap/symUnfolding.ts), through the real CLI
// and Z3: p must be positive (`permission.not.positive`) and held (`insufficient.permission`),
// and e reads the body at that part: enough to read, the value the instance holds.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-unfsym-');
const CELL = 'field f: Int\npredicate cell(x: Ref) { acc(x.f) }\n';

describe('unfolding a symbolic part of a predicate instance on .vpr', () => {
  it('a held positive part reads the one value of the instance, at any part of it', async () => {
    const src = `${CELL}
method m(x: Ref, p: Perm)
  requires none < p && acc(cell(x), p)
  ensures acc(cell(x), p)
{
  var v: Int := unfolding acc(cell(x), p) in x.f
  assert v == (unfolding acc(cell(x), p / 2) in x.f)
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('a part that may be more than is held, or not positive, fails; so does a claim on the value', async () => {
    const src = `${CELL}
method more(x: Ref, p: Perm, q: Perm)
  requires none < p && acc(cell(x), p) && none < q
{
  var v: Int := unfolding acc(cell(x), q) in x.f
}

method zero(x: Ref, q: Perm)
  requires acc(cell(x)) && q <= none
{
  var v: Int := unfolding acc(cell(x), q) in x.f
}

method claim(x: Ref, p: Perm)
  requires none < p && acc(cell(x), p)
{
  assert unfolding acc(cell(x), p) in x.f == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 7, viperError: 'assignment.failed:insufficient.permission' },
        { line: 13, viperError: 'assignment.failed:permission.not.positive' },
        { line: 19, viperError: 'assert.failed:assertion.false' },
      ],
    });
  }, 60_000);

  it('unfolding none is not positive, whether or not the instance is held', async () => {
    const src = `${CELL}
method m(x: Ref)
  requires acc(cell(x))
{
  assert unfolding acc(cell(x), none) in true
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:permission.not.positive' }],
    });
  }, 60_000);
});
