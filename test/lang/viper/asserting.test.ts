// `asserting (A) in e` through the real CLI and Z3 (docs/viper.md "assume, asserting and
// quasihavoc of predicates"): A is checked as an assert checks it (permissions held, facts true
// and defined), the state is left unchanged, e is the value; a failure takes the id of the
// construct around it, as in Viper.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-asserting-');
const FIELD = 'field f: Int\n';

describe('asserting on .vpr', () => {
  it('a true assertion gives the value; a false one fails the assignment', async () => {
    const src = `method m(i: Int) returns (r: Int)
  requires i > 5
  ensures r == 1
{
  r := asserting (i > 0) in 1
  var x: Int := asserting (i > 6) in 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assignment.failed:assertion.false' }],
    });
  }, 60_000);

  it('checks permissions without taking them; a missing one fails the assert', async () => {
    const src = `${FIELD}method keeps(x: Ref)
  requires acc(x.f)
{
  var y: Int := asserting (acc(x.f)) in x.f
  x.f := y + 1
}
method missing(r: Ref)
{
  assert asserting (true && acc(r.f)) in true
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 10, viperError: 'assert.failed:insufficient.permission' }],
    });
  }, 60_000);

  it("in a function's body: checked once, from its precondition (function.not.wellformed)", async () => {
    const src = `${FIELD}function ok(x: Ref): Int
  requires acc(x.f) && x.f > 8
{
  asserting (acc(x.f) && x.f > 0) in 0
}
function bad(x: Ref, y: Ref): Int
  requires acc(x.f)
{
  asserting (x != y) in x.f + 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'function.not.wellformed:assertion.false' }],
    });
  }, 60_000);

  it('in a precondition: its well-formedness (not.wellformed); its definedness is checked too', async () => {
    const src = `method pres(i: Int)
  requires asserting (i > 0) in true
{
}
method div()
{
  assert asserting (true) in (1 / 0 == 0)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 2, viperError: 'not.wellformed:assertion.false' },
        { line: 7, viperError: 'assert.failed:division.by.zero' },
      ],
    });
  }, 60_000);

  it('two accesses of one field in A are refused by name', async () => {
    const src = `${FIELD}method m(x: Ref, y: Ref)
  requires acc(x.f) && acc(y.f)
{
  assert asserting (acc(x.f) && acc(y.f)) in true
}
`;
    expect((await verify(src)).verdict).toBe('unsupported');
  }, 60_000);
});
