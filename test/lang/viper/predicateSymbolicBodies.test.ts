// Symbolic parts of predicate instances beyond a method's non-recursive predicates, on .vpr
// through the real CLI and Z3 (docs/design.md "Fractions of predicate instances", issue 24):
// parts in functions, of recursive predicates' snapshots, bodies holding symbolic amounts or
// wildcards (w·k), and amounts in contracts and bodies that may be negative (Viper's ids).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-predsymbody-');
const CELL = 'field f: Int\npredicate P(x: Ref) { acc(x.f) }\n';

describe('symbolic parts of predicate instances: functions, recursive predicates, scaled bodies', () => {
  it('in a function: its precondition and body take a Perm part; applications and the body are checked', async () => {
    const fn = (pre: string, post = 'true') => `function g(x: Ref, p: Perm): Int
  requires ${pre}
  ensures ${post}
{ unfolding acc(P(x), p) in x.f }
`;
    // The body needs a positive part, and the part its precondition holds.
    expect(await verify(`${CELL}${fn('p >= none && acc(P(x), p)')}`)).toEqual({
      verdict: 'failed',
      failures: [{ line: 3, viperError: 'function.not.wellformed:permission.not.positive' }],
    });
    expect(await verify(`${CELL}${fn('p > none && acc(P(x), p / 2)')}`)).toEqual({
      verdict: 'failed',
      failures: [{ line: 3, viperError: 'function.not.wellformed:insufficient.permission' }],
    });
    // Applied at a constant and a symbolic part: its value is the instance's, whatever the
    // part; an application needs its part held.
    const src = `${CELL}${fn('p > none && acc(P(x), p)', 'result == (unfolding acc(P(x), p) in x.f)')}
method m(x: Ref, q: Perm)
  requires q > none && acc(P(x), q)
{
  var a: Int := g(x, q)
  unfold acc(P(x), q)
  assert a == x.f
  fold acc(P(x), q)
  assert g(x, q / 2) == a
  assert a == 0
}

method n(x: Ref)
  requires acc(P(x))
{
  unfold P(x)
  x.f := 5
  fold P(x)
  assert g(x, 1/2) == 5
  exhale acc(P(x), 3/4)
  assert g(x, 1/2) == 5
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 16, viperError: 'assert.failed:assertion.false' },
        { line: 27, viperError: 'application.precondition:insufficient.permission' },
      ],
    });
  }, 180_000);

  it('a body holding a symbolic amount, at a constant or a symbolic part: the amount times the part', async () => {
    const src = `field v: Int
predicate V(s: Ref, rd: Perm) { none < rd && acc(s.v, rd) }

method half(s: Ref)
  requires acc(V(s, 1/2), 1/2)
{
  unfold acc(V(s, 1/2), 1/2)
  assert perm(s.v) == 1/4
}

method part(s: Ref, q: Perm, k: Perm)
  requires none < k && acc(V(s, q), k)
{
  unfold acc(V(s, q), k)
  assert perm(s.v) == q * k
  fold acc(V(s, q), k)
  assert perm(s.v) == none
  assert perm(V(s, q)) == k
  unfold acc(V(s, q), k)
  s.v := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 20, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 120_000);

  it('an amount in a predicate body or a contract that may be negative: not well-formed (Viper ids)', async () => {
    const src = `field v: Int
predicate V(s: Ref, rd: Perm) { acc(s.v, rd) }
predicate W(s: Ref, rd: Perm) { none <= rd && acc(s.v, rd) }

method m(x: Ref, p: Perm)
  requires acc(x.v, p)

method n(x: Ref, p: Perm)
  requires none <= p && acc(x.v, p)

function f(x: Ref, p: Perm): Int
  requires acc(x.v, p)
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 2, viperError: 'predicate.not.wellformed:negative.permission' },
        { line: 6, viperError: 'not.wellformed:negative.permission' },
        { line: 12, viperError: 'not.wellformed:negative.permission' },
      ],
    });
  }, 120_000);

  it('a recursive predicate at a Perm part: its snapshot unfolds at a·k, folds back, and a function unfolds it', async () => {
    const src = `field val: Int
field next: Ref
predicate list(x: Ref) { acc(x.val) && acc(x.next) && (x.next != null ==> list(x.next)) }

function len(x: Ref, p: Perm): Int
  requires none < p && acc(list(x), p)
  ensures result >= 1
{ unfolding acc(list(x), p) in (x.next == null ? 1 : 1 + len(x.next, p)) }

method reader(x: Ref, k: Perm) returns (v: Int)
  requires none < k && acc(list(x), k)
  ensures acc(list(x), k) && v == old(unfolding acc(list(x), k) in x.val)
{
  unfold acc(list(x), k)
  assert perm(x.val) == k && (x.next != null ==> perm(list(x.next)) == k)
  v := x.val
  fold acc(list(x), k)
  assert len(x, k) >= 1
}

method main(x: Ref, k: Perm)
  requires none < k && k < write && acc(list(x))
{
  var v: Int
  v := reader(x, k)
  unfold list(x)
  x.val := v + 1
  fold list(x)
  exhale acc(list(x), k)
  unfold acc(list(x), write - k)
  assert x.val == v + 1
  x.val := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 32, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 120_000);

  it('a body holding a wildcard at a Perm part: some positive part of it when the part is positive, none when it is 0', async () => {
    const src = `field x: Int
predicate Read(this: Ref) { acc(this.x, wildcard) }

method read(this: Ref, k: Perm)
  requires none < k && write > k && acc(Read(this), k)
{
  unfold acc(Read(this), k)
  assert acc(this.x, wildcard)
  assert acc(this.x, k)
}

method zero(this: Ref, p: Perm)
  requires none <= p && acc(Read(this), p) && acc(this.x)
{
  assert false
}

method lend(this: Ref, k: Perm)
  requires none < k && acc(this.x, 1/2)
{
  fold acc(Read(this), k)
  assert perm(this.x) > none
  this.x := 3
}
`;
    // zero: held at p = 0 the body holds nothing, so acc(this.x) beside it is no contradiction.
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 9, viperError: 'assert.failed:insufficient.permission' },
        { line: 15, viperError: 'assert.failed:assertion.false' },
        { line: 23, viperError: 'assignment.failed:insufficient.permission' },
      ],
    });
  }, 120_000);
});
