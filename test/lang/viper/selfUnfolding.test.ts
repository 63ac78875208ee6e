// A predicate whose body unfolds an instance of itself (`unfolding list(n.next) in …` inside
// `list`): Silicon evaluates such an unfolding a bounded number of levels deep and gives a fresh
// value below (rules/unfoldingCycles.ts). Verified programs that rest on the levels evaluated,
// and failing twins that need a level below the cut or claim what the body does not say.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-selfunf-');

const SORTED = `field val: Int
field next: Ref

predicate sorted(n: Ref) {
  acc(n.val) && acc(n.next) &&
  (n.next != null ==> acc(sorted(n.next)) && unfolding sorted(n.next) in n.val <= n.next.val)
}
`;

describe('unfolding inside a predicate’s own body', () => {
  it('an unfold gives the body’s facts one and two instances down', async () => {
    const src = `${SORTED}
method m(n: Ref)
  requires acc(sorted(n))
{
  unfold sorted(n)
  if (n.next != null) {
    unfold sorted(n.next)
    if (n.next.next != null) {
      assert n.val <= (unfolding sorted(n.next.next) in n.next.next.val)
    }
  }
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('a claim the body does not make fails', async () => {
    const src = `${SORTED}
method m(n: Ref)
  requires acc(sorted(n))
{
  unfold sorted(n)
  if (n.next != null) {
    assert n.val < (unfolding sorted(n.next) in n.next.val)
  }
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 14, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('fold checks the nested unfolding: a value that breaks the order fails', async () => {
    const src = `${SORTED}
method ok(n: Ref, m: Ref)
  requires acc(n.val) && acc(n.next) && n.next == m && m != null && acc(sorted(m))
  requires unfolding sorted(m) in n.val <= m.val
  ensures acc(sorted(n))
{
  fold sorted(n)
}

method bad(n: Ref, m: Ref)
  requires acc(n.val) && acc(n.next) && n.next == m && m != null && acc(sorted(m))
{
  fold sorted(n)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 20, viperError: 'fold.failed:assertion.false' }],
    });
  }, 60_000);

  it('mutually unfolding predicates: facts on both levels, and a false claim fails', async () => {
    const src = `field f: Int
field g: Ref
predicate A(x: Ref) {
  acc(x.f) && acc(x.g) && (x.g != null ==> acc(B(x.g)) && unfolding acc(B(x.g)) in x.f < x.g.f)
}
predicate B(x: Ref) {
  acc(x.f) && acc(x.g) && (x.g != null ==> acc(A(x.g)) && unfolding acc(A(x.g)) in x.f < x.g.f)
}
method m(x: Ref)
  requires acc(A(x))
{
  unfold acc(A(x))
  assume x.g != null
  unfold acc(B(x.g))
  assert x.f < x.g.f
  assert x.g.g != null ==> x.f + 1 < (unfolding acc(A(x.g.g)) in x.g.g.f)
  assert x.g.g != null ==> x.f + 2 < (unfolding acc(A(x.g.g)) in x.g.g.f)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 17, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
});
