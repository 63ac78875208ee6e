// The remaining permission amounts of issue 24 on .vpr through the real CLI and Z3 (docs/viper.md
// "Remaining amounts"): Silver's typing of `*` on an Int and a Perm where a macro or a domain
// function hides the Int, `Rational` as Silver's old name of Perm, label invariants, which
// Viper ignores where the label heads no loop (a loop made of gotos stays refused by name), and
// old(e) inside an exhale or an inhale of permissions (the method's pre-state, not the helper's).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-amounts-');
const FIELD = 'field f: Int\n';
const EPS = `domain Epsilon {
  function eps(): Perm
  axiom positive { eps() > none }
}
define quarter(v) v \\ 4
`;

describe('remaining permission amounts on .vpr', () => {
  it('an Int times a Perm where a macro or a domain function hides the types: typed as Silver does', async () => {
    const src = `${FIELD}${EPS}method m(x: Ref, v: Int)
  requires v >= 0 && 1/1 - (quarter(v) + 1) * eps() >= none
{
  inhale acc(x.f, 1/1 - (quarter(v) + 1) * eps())
  assert perm(x.f) == write - quarter(v) * eps() - eps()
  exhale acc(x.f, 1/1 - quarter(v) * eps() - eps())
  // what is left is nothing: reading fails
  assert x.f == x.f
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 14, viperError: 'assert.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('an Int times a Perm amount that may be negative fails with negative.permission', async () => {
    const src = `${FIELD}${EPS}method m(x: Ref, v: Int)
  requires acc(x.f) && v >= 0
{
  exhale acc(x.f, 1/1 - quarter(v) * eps())
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 10, viperError: 'exhale.failed:negative.permission' }],
    });
  }, 60_000);

  it('Rational is Perm: a Rational parameter lends a part, and one that may be too much fails', async () => {
    const src = `${FIELD}function level(r: Ref): Rational

method lend(x: Ref, k: Rational)
  requires none < k && k < write && acc(x.f)
{
  var r: Rational := write - k
  exhale acc(x.f, k)
  assert perm(x.f) == r
  assert level(x) < level(x) + k
  exhale acc(x.f, r + k)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 11, viperError: 'exhale.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('a label invariant where no goto loops back is ignored, as Viper ignores it', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f)
{
  label dummy
    invariant acc(x.f, 1/2)
  assert acc(x.f)
  assert false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 8, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a label invariant heading a loop made of gotos is the loop invariant (lowerGotoLoop.ts)', async () => {
    const src = (inv: string) => `method m()
{
  var i: Int := 0
  label head
    invariant ${inv}
  i := i + 1
  if (i < 10) {
    goto head
  }
  assert i >= 10
}
`;
    expect(await verify(src('i >= 0'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('i >= 1'))).failures).toEqual([
      { line: 5, viperError: 'invariant.not.established:assertion.false' },
    ]);
  }, 60_000);

  it("old(e) in an exhale of permissions reads the method's pre-state", async () => {
    const src = `${FIELD}predicate P(this: Ref) {
  acc(this.f)
}

method kept(this: Ref)
  requires acc(this.f)
{
  fold P(this)
  exhale acc(P(this)) && unfolding P(this) in this.f == old(this.f)
}

method changed(this: Ref)
  requires acc(this.f)
{
  this.f := 0
  fold P(this)
  exhale acc(P(this)) && unfolding P(this) in this.f == old(this.f)
}

method unheld(this: Ref)
  requires acc(P(this))
{
  exhale acc(P(this)) && unfolding P(this) in this.f == old(this.f)
}

`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 18, viperError: 'exhale.failed:assertion.false' },
        { line: 24, viperError: 'exhale.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('old(e) in an inhale of permissions reads the pre-state (oldInStatements.test.ts has more)', async () => {
    const src = `${FIELD}method m(this: Ref)
  requires acc(this.f)
{
  exhale acc(this.f)
  inhale acc(this.f) && this.f == old(this.f) + 1
  assert this.f == old(this.f)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
});
