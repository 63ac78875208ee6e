// Fractions of predicate instances on .vpr through the real CLI and Z3 (docs/viper.md "Fractions of
// predicate instances"): `acc(P(x), p)` held and lent, `fold`/`unfold acc(P(x), p)` scaling the
// body, `unfolding acc(P(x), p) in e` taking only its part, halves joined back to a whole, and
// the soundness side: too small a part fails with Viper's ids, never verifies.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-predfrac-');
const CELL = 'field f: Int\npredicate P(x: Ref) { acc(x.f) }\n';

describe('fractions of predicate instances on .vpr', () => {
  it('unfold and fold a half; two halves rejoin to write', async () => {
    const src = `${CELL}method m(x: Ref)
  requires acc(P(x)) && (unfolding P(x) in x.f == 1)
  ensures acc(P(x))
{
  unfold acc(P(x), 1/2)
  assert x.f == 1
  fold acc(P(x), 1/2)
  unfold acc(P(x), 1/4)
  unfold acc(P(x), 3/4)
  x.f := 2
  fold P(x)
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('a half is too small to unfold whole or to write after unfolding it', async () => {
    const src = `${CELL}method whole(x: Ref)
  requires acc(P(x), 1/2)
{
  unfold P(x)
}
method wr(x: Ref)
  requires acc(P(x), 1/2)
{
  unfold acc(P(x), 1/2)
  x.f := 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 6, viperError: 'unfold.failed:insufficient.permission' },
        { line: 12, viperError: 'assignment.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('a reader lent half an instance; the caller keeps the other half and the same contents', async () => {
    const src = `${CELL}function get(x: Ref): Int
  requires acc(P(x), wildcard)
{ unfolding acc(P(x), wildcard) in x.f }
method reader(x: Ref) returns (v: Int)
  requires acc(P(x), 1/2)
  ensures acc(P(x), 1/2) && v == get(x)
{
  unfold acc(P(x), 1/2)
  v := x.f
  fold acc(P(x), 1/2)
}
method main(x: Ref)
  requires acc(x.f)
{
  x.f := 5
  fold P(x)
  var v: Int
  v := reader(x)
  assert v == 5
  unfold P(x)
  x.f := 6
  // the value read was 5, not 6
  assert v == 6
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 25, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('exhaling more than is held fails, at the call as a precondition (Viper ids)', async () => {
    const src = `${CELL}method need(x: Ref)
  requires acc(P(x), 1/2)
method main(x: Ref)
  requires acc(P(x), 1/4)
{
  need(x)
}
method ex(x: Ref)
  requires acc(P(x), 1/2)
{
  exhale acc(P(x), 1/4) && acc(P(x), 1/2)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 8, viperError: 'call.precondition:insufficient.permission' },
        { line: 13, viperError: 'exhale.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('unfolding needs the part it names held, and leaves the rest held inside', async () => {
    const src = `${CELL}function half(x: Ref): Int
  requires acc(P(x), 1/2)
{ unfolding acc(P(x), 1/2) in (unfolding acc(P(x), 1/2) in x.f) }
function quarters(x: Ref): Int
  requires acc(P(x), 1/2)
{ unfolding acc(P(x), 1/4) in (unfolding acc(P(x), 1/4) in x.f) }
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 3, viperError: 'function.not.wellformed:insufficient.permission' }],
    });
  }, 60_000);

  it('a recursive predicate: a wildcard reader of a list (fold/unfold through snapshots)', async () => {
    const src = `field next: Ref
field val: Int
predicate list(l: Ref) { acc(l.val) && acc(l.next) && (l.next != null ==> acc(list(l.next))) }
function head(l: Ref): Int
  requires acc(list(l), wildcard)
{ unfolding acc(list(l), wildcard) in l.val }
method m(l: Ref)
  requires acc(list(l), 1/2)
  ensures acc(list(l), 1/2) && head(l) == old(head(l))
{
  unfold acc(list(l), 1/2)
  var v: Int := l.val
  fold acc(list(l), 1/2)
  assert head(l) == v
}
method bad(l: Ref)
  requires acc(list(l), 1/2)
{
  unfold acc(list(l), 1/2)
  l.val := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 20, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);
});
