// Fractions inside a recursive predicate's body on .vpr through the real CLI and Z3 (docs/viper.md
// "Fractions of predicate instances"): a snapshot unfolds into chunks at the body's amounts times
// the part held, joined to what is held beside it; the soundness side: halves of a half never
// make write, a part of an instance never writes; an unfolding in a body held at a part needs
// only that part (issues/silicon/0290.vpr); a body's later parts rely on its earlier ones.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-recfrac-');
const LIST = `field val: Int
field next: Ref
predicate list(x: Ref) { acc(x.val, 1/2) && acc(x.next) && (x.next != null ==> acc(list(x.next))) }
`;

describe('fractions in the body of a recursive predicate on .vpr', () => {
  it('the half inside joins the half outside to write; the instance is the same after fold', async () => {
    const src = `${LIST}method m(x: Ref)
  requires acc(list(x)) && acc(x.val, 1/2)
  ensures acc(list(x)) && acc(x.val, 1/2)
{
  var v: Int := x.val
  unfold acc(list(x))
  assert x.val == v
  x.val := v + 1
  fold acc(list(x))
  unfold acc(list(x))
  assert x.val == v + 1
  fold acc(list(x))
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('the half inside alone, or two quarters of two halves, cannot write; a half beside it is no contradiction', async () => {
    const src = `${LIST}method one(x: Ref)
  requires acc(list(x))
{
  unfold acc(list(x))
  x.val := 0
}
method halves(x: Ref)
  requires acc(list(x), 1/2) && acc(list(x), 1/2)
{
  unfold acc(list(x), 1/2)
  unfold acc(list(x), 1/2)
  x.next := null
  x.val := 0
}
method part(x: Ref)
  requires acc(list(x), 1/2) && acc(x.val, 1/2)
{
  unfold acc(list(x), 1/2)
  x.val := 0
}
method beside(x: Ref)
  requires acc(list(x)) && acc(x.val, 1/2)
{
  unfold acc(list(x))
  assert false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 8, viperError: 'assignment.failed:insufficient.permission' },
        { line: 16, viperError: 'assignment.failed:insufficient.permission' },
        { line: 22, viperError: 'assignment.failed:insufficient.permission' },
        { line: 28, viperError: 'assert.failed:assertion.false' },
      ],
    });
  }, 60_000);

  it('a half of the next instance inside: read through it, never written', async () => {
    const src = `field val: Int
field next: Ref
predicate seg(x: Ref) { acc(x.val) && acc(x.next, 1/2) && (x.next != null ==> acc(seg(x.next), 1/2)) }
method m(x: Ref)
  requires acc(seg(x)) && (unfolding acc(seg(x)) in x.next != null)
{
  unfold acc(seg(x))
  var y: Ref := x.next
  unfold acc(seg(y), 1/2)
  var v: Int := y.val
  fold acc(seg(y), 1/2)
  fold acc(seg(x))
  unfold acc(seg(x))
  assert x.next == y
  unfold acc(seg(y), 1/2)
  assert y.val == v
  y.val := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 17, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('an unfolding in a body held at a part needs only that part (issues/silicon/0290.vpr)', async () => {
    const src = `field ofs: Ref
predicate SP(self: Ref) {
  acc(self.ofs) && acc(OFL(self.ofs)) && (unfolding acc(OFL(self.ofs)) in true)
}
predicate OFL(self: Ref) { true }
predicate Rec(x: Ref) { acc(x.ofs, wildcard) && (x.ofs != null ==> acc(Rec(x.ofs), wildcard)) }
method m(s: Ref)
  requires acc(SP(s), 1/2)
{
  assert false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 10, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it("a body's later parts rely on its earlier ones (a function's precondition)", async () => {
    const src = `field w: Ref
field n: Int
function get(d: Ref): Int
  requires d != null && acc(W(d))
{ unfolding acc(W(d)) in d.n }
predicate W(d: Ref) {
  acc(d.n, wildcard) && acc(d.w, wildcard) &&
  (d.n == 1 ==> d.w != null && acc(W(d.w)) && get(d.w) == 2)
}
method m(d: Ref)
  requires d != null && acc(W(d))
{
  unfold acc(W(d))
  assert d.n == 1 ==> get(d.w) == 2
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('an amount known only when evaluated in a recursive body is refused by name', async () => {
    const src = `field n: Ref
predicate P(r: Ref, p: Perm) {
  acc(r.n, p) && (r.n != null ==> P(r.n, p))
}
method m(r: Ref)
  requires P(r, 1/2)
{}
`;
    expect(await verify(src)).toEqual({ verdict: 'unsupported', failures: [] });
  }, 60_000);

  it('a fold reads a nested test only where the tests before it hold', async () => {
    const pred = `field k: Int
field p: Ref
field r: Ref
predicate V(d: Ref) {
  acc(d.k) && acc(d.p) &&
  (d.k == 1 ==> acc(d.p.r) && (d.p.r != null ==> acc(V(d.p.r))))
}
`;
    const fold = (k: number): string => `${pred}method m(d: Ref)
  requires acc(d.k) && acc(d.p) && d.k == ${k}
{
  fold acc(V(d))
}
`;
    expect(await verify(fold(2))).toEqual({ verdict: 'verified', failures: [] });
    // Where the test holds, d.p.r is needed (symdap reports the read at the predicate, Viper at the fold).
    expect((await verify(fold(1))).verdict).toBe('failed');
  }, 60_000);
});
