// False alarms on Viper's suite (issue #24): programs Viper verifies that symdap reported as
// failing, each with its must-fail twin (the same program with the fact it rests on removed),
// through the real CLI and Z3.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-alarms-');

/** silicon/0155.vpr: a pure fact of the unfolded body is known inside the unfolding. */
const unfoldingFacts = (fact: string): string => `field next: Ref
function len(this: Ref): Int
  requires this != null
  requires acc(valid(this), wildcard)
{ unfolding acc(valid(this), wildcard) in 1 + len(this.next) }
predicate valid(this: Ref) {
  acc(this.next) ${fact} && acc(valid(this.next))
}
method m() { var y: Int := 1 }
`;

describe('false alarms on .vpr', () => {
  it("a function body's unfolding knows the predicate body's pure facts", async () => {
    expect(await verify(unfoldingFacts('&& this.next != null'))).toEqual({ verdict: 'verified', failures: [] });
    const twin = await verify(unfoldingFacts(''));
    expect(twin.verdict).toBe('failed');
    expect(twin.failures).toEqual([{ line: 2, viperError: 'function.not.wellformed:assertion.false' }]);
  }, 60_000);

  it('a quasihavocked instance still stands for its body: its pure facts hold at the next unfold (quasihavoc/pred1.vpr)', async () => {
    const src = (fact: string): string => `field f: Int
predicate p(x: Ref) { acc(x.f) && x.f >= 3 }
method foo(x: Ref)
  requires acc(x.f)
{
  x.f := 4
  fold p(x)
  quasihavoc p(x)
  unfold p(x)
  assert ${fact}
}
`;
    expect(await verify(src('x.f >= 3'))).toEqual({ verdict: 'verified', failures: [] });
    const twin = await verify(src('x.f == 4'));
    expect(twin).toEqual({ verdict: 'failed', failures: [{ line: 10, viperError: 'assert.failed:assertion.false' }] });
  }, 60_000);

  it("an inhale's or exhale's reads are framed by the state it stands in (third_party/forward-dep.vpr, silver/0030.vpr)", async () => {
    const src = (first: string): string => `field f: Ref
field g: Int
method m(x: Ref)
  requires acc(x.f, 1/2) && acc(x.f.g)
{
  ${first}
  exhale acc(x.f.g, 1/2)
  inhale acc(x.f.g, 1/4)
  exhale acc(x.f.g, x.f.g == 0 ? 1/4 : 1/2)
}
`;
    expect(await verify(src('var y: Int := 0'))).toEqual({ verdict: 'verified', failures: [] });
    // Without acc(x.f) in the state, the exhale's read of x.f fails.
    const twin = await verify(src('exhale acc(x.f, 1/2)'));
    expect(twin.verdict).toBe('failed');
    expect(twin.failures[0]).toEqual({ line: 7, viperError: 'exhale.failed:insufficient.permission' });
    const inhaled = (pre: string): string =>
      `field g: Int\nmethod m(x: Ref, b: Bool)\n  requires ${pre}\n{\n  inhale x.g > 0\n  exhale x.g > 0\n}\n`;
    expect(await verify(inhaled('acc(x.g)'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(inhaled('b ==> acc(x.g)'))).failures).toEqual([
      { line: 5, viperError: 'inhale.failed:insufficient.permission' },
    ]);
    // Checked at the call, an inhale's symbolic amount is still checked non-negative (as at no procedure's entry).
    const negative = `field g: Int\nmethod m(x: Ref, k: Perm)\n{\n  inhale acc(x.g, k)\n}\n`;
    expect((await verify(negative)).failures).toEqual([{ line: 4, viperError: 'inhale.failed:negative.permission' }]);
  }, 60_000);

  it("a function's requires with a symbolic amount that is none needs nor depends on that location (permissions/framing_none_perms.vpr)", async () => {
    const src = (b: string, held: string): string => `field f: Int
function fun(x: Ref, y: Ref, b: Bool): Int
  requires acc(x.f, b ? write : none)
  requires acc(y.f, !b ? write : none)
method m(x: Ref, y: Ref)
  requires ${held}
{
  var v: Int := fun(x, y, ${b})
  y.f := 0
  assert v == fun(x, y, ${b})
}
`;
    expect(await verify(src('true', 'acc(x.f) && acc(y.f)'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('false', 'acc(x.f) && acc(y.f)'))).failures).toEqual([
      { line: 10, viperError: 'assert.failed:assertion.false' },
    ]);
    // fun(x, y, true) needs nothing of y.f; fun(x, y, false) needs all of it.
    const apply = (b: string): string =>
      `field f: Int\nfunction fun(x: Ref, y: Ref, b: Bool): Int\n  requires acc(x.f, b ? write : none)\n  requires acc(y.f, !b ? write : none)\nmethod m(x: Ref, y: Ref)\n  requires acc(x.f)\n{\n  var v: Int := fun(x, y, ${b})\n}\n`;
    expect(await verify(apply('true'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(apply('false'))).failures).toEqual([
      { line: 8, viperError: 'application.precondition:insufficient.permission' },
    ]);
  }, 60_000);
});
