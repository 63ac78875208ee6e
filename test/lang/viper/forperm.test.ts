// forperm on .vpr through the real CLI and Z3 (docs/viper.md "forperm"): over the chunks of a
// field or a predicate the heap holds, evaluated in the heap a consume has left so far (as
// Silicon's partially consumed heap), perm(…) read there too; programs that must fail fail with
// Viper's ids, over a quantified field's receivers too; forperm in a function stays refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-forperm-');
const FIELDS = 'field f: Int\nfield g: Int\n';
const T = 60_000;

describe('forperm on .vpr', () => {
  it(
    'holds over the chunks held, and fails when one chunk breaks the body',
    async () => {
      const src = `${FIELDS}method ok(x: Ref, y: Ref)
  requires acc(x.f) && x.f > 0 && acc(y.g)
{
  assert forperm r: Ref [r.f] :: r.f > 0
  assert forperm r: Ref [r.f] :: r == x
}

method bad(x: Ref, y: Ref)
  requires acc(x.f) && acc(y.f) && x.f > 0
{
  assert forperm r: Ref [r.f] :: r.f > 0
}

method empty(x: Ref)
{
  assert forperm r: Ref [r.f] :: false
  inhale acc(x.f)
  assert forperm r: Ref [r.f] :: false
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 13, viperError: 'assert.failed:assertion.false' },
          { line: 20, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'its body reads only where a chunk holds some: a read of another field needs its permission',
    async () => {
      const src = `${FIELDS}method m(x: Ref)
  requires acc(x.f)
{
  assert forperm r: Ref [r.g] :: r.f > 0
  assert forperm r: Ref [r.f] :: r.g == r.g
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 7, viperError: 'assert.failed:insufficient.permission' }],
      });
    },
    T,
  );

  it(
    'an exhale reads the heap it has left so far; an inhale the heap produced so far',
    async () => {
      const src = `${FIELDS}method e1(x: Ref)
  requires acc(x.f)
{
  exhale acc(x.f) && (forperm r: Ref [r.f] :: false)
}

method e2(x: Ref)
  requires acc(x.f)
{
  exhale (forperm r: Ref [r.f] :: false) && acc(x.f)
}

method i1(x: Ref)
{
  inhale acc(x.f) && (forperm r: Ref [r.f] :: r.f > 0)
  assert x.f > 0
}

method i2(x: Ref)
{
  inhale (forperm r: Ref [r.f] :: r.f > 0) && acc(x.f)
  assert x.f > 0
}

method p1(x: Ref)
  requires acc(x.f)
{
  exhale acc(x.f) && (perm(x.f) == none ==> 1 \\ 0 == 0)
}

method p2(x: Ref)
  requires acc(x.f)
{
  exhale acc(x.f) && (perm(x.f) != none ==> 1 \\ 0 == 0)
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 12, viperError: 'exhale.failed:assertion.false' },
          { line: 24, viperError: 'assert.failed:assertion.false' },
          { line: 30, viperError: 'exhale.failed:division.by.zero' },
        ],
      });
    },
    T,
  );

  it(
    'sees what a call and a loop leave: the frame and the ensures, the invariant in the body',
    async () => {
      const src = `${FIELDS}method give(x: Ref)
  ensures acc(x.f) && x.f == 1

method m(x: Ref, y: Ref)
  requires acc(y.f) && y.f == 1
{
  give(x)
  assert forperm r: Ref [r.f] :: r.f == 1
  var i: Int := 0
  while (i < 3)
    invariant acc(x.f)
  {
    assert forperm r: Ref [r.f] :: r == x
    i := i + 1
  }
  assert forperm r: Ref [r.f] :: r == x
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 18, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );

  it(
    'a symbolic or wildcard amount: the chunk counts where it may hold some',
    async () => {
      const src = `${FIELDS}method sym(x: Ref, p: Perm)
  requires none <= p && acc(x.f, p)
{
  assert forperm r: Ref [r.f] :: false
}

method none_(x: Ref, p: Perm)
  requires p == none && acc(x.f, p)
{
  assert forperm r: Ref [r.f] :: false
}

method wild(x: Ref)
  requires acc(x.f, wildcard)
{
  assert forperm r: Ref [r.f] :: false
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 6, viperError: 'assert.failed:assertion.false' },
          { line: 18, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'over predicate instances: the arguments bind the variables; folded chunks are not counted',
    async () => {
      const src = `${FIELDS}predicate P(x: Ref, y: Ref) { acc(x.f) }

method m(a: Ref, b: Ref, c: Ref)
  requires P(a, b) && P(c, c) && b != c
{
  assert forperm r: Ref [P(r, b)] :: r == a
  assert forperm r: Ref, s: Ref [P(r, s)] :: r == a || r == s
  assert forperm r: Ref [r.f] :: false
  unfold P(a, b)
  assert forperm r: Ref [P(r, b)] :: false
  assert forperm r: Ref [r.f] :: false
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 13, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );

  it(
    'over a quantified field: every receiver held, a point held beside it, what a consume has left',
    async () => {
      const src = `${FIELDS}method some(xs: Set[Ref], y: Ref) {
  inhale forall x: Ref :: x in xs ==> acc(x.f, 1/2)
  inhale forall x: Ref :: {x.f} x in xs ==> x.f == 0
  assert forperm x: Ref [x.f] :: x in xs && x.f == 0
  inhale acc(y.f, 1/2)
  assert forperm x: Ref [x.f] :: x.f == 0
}
method left(xs: Set[Ref], y: Ref) {
  inhale forall x: Ref :: x in xs ==> acc(x.f)
  inhale y in xs
  exhale acc(y.f) && (forperm x: Ref [x.f] :: x != y)
  assert forperm x: Ref [x.f] :: x == y
  exhale (forall x: Ref :: x in xs && x != y ==> acc(x.f)) && (forperm x: Ref [x.f] :: false)
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 8, viperError: 'assert.failed:assertion.false' },
          { line: 14, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'in a function or a predicate it stays refused by name',
    async () => {
      const src = `${FIELDS}function fp(x: Ref): Bool
  requires acc(x.f)
{ forperm r: Ref [r.f] :: r.f > 0 }

method m(x: Ref) { }
`;
      expect((await verify(src)).verdict).toBe('unsupported');
    },
    T,
  );

  it(
    'over instances held by quantified permissions: forall ā :: perm(P(ē)) > none ==> body',
    async () => {
      const src = `${FIELDS}predicate P(x: Ref, i: Int)

method m(x: Ref, y: Ref) {
  inhale forall a: Ref :: a == x ==> P(a, 10)
  inhale acc(P(y, 10), 1/2)
  assert forperm a: Ref [P(a, 10)] :: a == x || a == y
  exhale forall a: Ref :: a == x ==> P(a, 10)
  assert forperm a: Ref [P(a, 10)] :: a == y
  assert forperm a: Ref [P(a, 10)] :: false
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 11, viperError: 'assert.failed:assertion.false' }],
      });
      // A quantified variable that is no argument of the resource is Silver's type error.
      const bad = `${FIELDS}predicate P(x: Ref, i: Int)
method m(x: Ref) {
  inhale forall a: Ref :: a == x ==> P(a, 10)
  assert forperm a: Ref, i: Int [P(a, i + 1)] :: i < 0
  assert forperm a: Ref, b: Ref [a.f] :: a.f > 0
}
`;
      expect((await verify(bad)).verdict).toBe('error');
    },
    T,
  );
});
