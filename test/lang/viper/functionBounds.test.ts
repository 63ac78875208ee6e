// A function's postcondition is checked with its requires produced as a method's (permissions to
// one location sum to at most write), but an application asked each clause on its own: d(x, x)
// of `requires acc(x.f) && acc(y.f) ensures x != y` was accepted with acc(x.f) alone, and the
// postcondition symdap proved was false in that run (silicon/0376.vpr's `requires acc(x.f) &&
// acc(x.f) ensures false`). Each application now checks the bound the check assumed
// (rules/footprintBounds.ts), through the real CLI and Z3.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-fnbounds-');
const PRE = 'application.precondition:insufficient.permission';

describe('a function whose requires names one field twice', () => {
  it('an application that may put both on one location fails, for functions with a body and an abstract one', async () => {
    const r = await verify(`field f: Int
function d(x: Ref, y: Ref): Int
  requires acc(x.f) && acc(y.f)
  ensures x != y
{ 4 }
function k(x: Ref): Int
  requires acc(x.f) && acc(x.f)
  ensures result == 7
{ x.f }
function g(x: Ref, y: Ref): Int
  requires acc(x.f) && acc(y.f)
  ensures x != y
method m1(x: Ref)
  requires acc(x.f)
{
  var v: Int := d(x, x)
}
method m2(x: Ref)
  requires acc(x.f)
{
  x.f := 3
  var v: Int := k(x)
}
method m3(x: Ref)
  requires acc(x.f)
{
  var v: Int := g(x, x)
  assert false
}
method m4(x: Ref, y: Ref)
  requires acc(x.f, 1/2) && acc(y.f, 1/2)
{
  var v: Int := d(x, y)
}
`);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([
      { line: 16, viperError: PRE },
      { line: 22, viperError: PRE },
      { line: 27, viperError: PRE },
      { line: 33, viperError: PRE },
    ]);
  }, 60_000);

  it('applications whose clauses are certainly apart, or sum to at most write, verify', async () => {
    const r = await verify(`field f: Int
function d(x: Ref, y: Ref): Int
  requires acc(x.f) && acc(y.f)
  ensures x != y
{ 4 }
function half(x: Ref, y: Ref): Int
  requires acc(x.f, 1/2) && acc(y.f, 1/2)
  ensures result == 4
{ 4 }
function w(x: Ref, y: Ref): Int
  requires acc(x.f, wildcard) && acc(y.f, wildcard)
  ensures result == 4
{ 4 }
method m(x: Ref, y: Ref)
  requires acc(x.f) && acc(y.f)
{
  var v: Int := d(x, y)
  assert x != y
  v := half(x, x)
  v := w(x, x)
  assert v == 4
}
`);
    expect(r).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);
});
