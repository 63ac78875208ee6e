// Viper's quantifiers over Ref through the real `symdap verify --json` (real Z3): the binder ranges
// over every reference (null and references never allocated included, as Silicon's Ref sort), so
// what holds of every reference is proved or refuted for all of them, and a field read under the
// binder needs its permission for every reference the guards let through.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-refquant-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper quantifiers over Ref', () => {
  it(
    'a forall over Ref in requires is assumed for every reference, and an assert of one is refuted',
    async () => {
      const src = (a: string) =>
        `method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> x != null\n  requires a in s\n{\n  assert ${a}\n}\n`;
      expect(await verify(src('a != null'))).toEqual(OK);
      // Nothing says null is outside s's complement: the binder includes null.
      expect((await verify(src('forall x: Ref :: x != null'))).failures).toEqual([
        { line: 5, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'exists over Ref needs a witness among all references',
    async () => {
      const src = (pre: string) =>
        `method m(s: Set[Ref])\n  requires ${pre}\n  ensures exists x: Ref :: x in s && x != null\n{}\n`;
      expect(await verify(src('exists y: Ref :: y != null && y in s'))).toEqual(OK);
      expect((await verify(src('exists y: Ref :: y in s'))).failures).toEqual([
        { line: 3, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'domain-function facts quantified over Ref',
    async () => {
      const src = (post: string) =>
        `domain Owner {\n  function owner(r: Ref): Int\n  axiom { forall r: Ref :: owner(r) >= 0 }\n}\nmethod m(a: Ref)\n  ensures ${post}\n{}\n`;
      expect(await verify(src('owner(a) >= 0'))).toEqual(OK);
      expect((await verify(src('owner(a) > 0'))).failures).toEqual([
        { line: 6, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a field read under the binder needs the permission for every reference the guard lets through',
    async () => {
      const src = (guard: string) =>
        `field f: Int\nmethod m(a: Ref, b: Ref)\n  requires acc(a.f) && acc(b.f) && a.f > 0 && b.f > 0\n{\n  assert forall x: Ref :: ${guard} ==> x.f > 0\n}\n`;
      expect(await verify(src('x == a || x == b'))).toEqual(OK);
      expect((await verify(src('x != null'))).failures).toEqual([
        { line: 5, viperError: 'assert.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'an inhaled forall with a field read is framed by the permission held, and the fact reaches a read later',
    async () => {
      const src = (read: string) =>
        `field f: Int\nmethod m(a: Ref, s: Set[Ref])\n  requires acc(a.f) && s == Set(a)\n{\n  inhale forall x: Ref :: x in s ==> x.f == 3\n  assert ${read}\n}\n`;
      expect(await verify(src('a.f == 3'))).toEqual(OK);
      expect((await verify(src('a.f == 4'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );
  it(
    'a permission missing under a binder ends the path: no location with a bound receiver is assumed held',
    async () => {
      // Healing would assume acc(s[i].f) held with i, the binder, free in the heap: the next read
      // of s[0].f matched it by a condition over an unbound variable (two failures were reported).
      const src =
        'field f: Int\nmethod m(s: Seq[Ref])\n  requires |s| > 0\n{\n  assert forall i: Int :: 0 <= i && i < |s| ==> s[i].f > 0\n  assert s[0].f > 0\n}\n';
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 5, viperError: 'assert.failed:insufficient.permission' }],
      });
    },
    T,
  );
  it(
    "a function's precondition and an unfolding under the binder need their permission for every reference let through",
    async () => {
      const fn = (pre: string) =>
        `field f: Int\nfunction get(x: Ref): Int\n  requires acc(x.f)\n{ x.f }\nmethod m(a: Ref, s: Set[Ref])\n  requires acc(a.f) && a.f > 0 && ${pre}\n{\n  assert forall x: Ref :: x in s ==> get(x) > 0\n}\n`;
      expect(await verify(fn('s == Set(a)'))).toEqual(OK);
      expect((await verify(fn('a in s'))).failures).toEqual([
        { line: 8, viperError: 'application.precondition:insufficient.permission' },
      ]);
      const unf = (guard: string) =>
        `field f: Int\npredicate P(x: Ref) { acc(x.f) && x.f > 0 }\nmethod m(a: Ref, b: Ref)\n  requires P(a)\n{\n  assert forall x: Ref :: ${guard} ==> unfolding P(x) in x.f > 0\n}\n`;
      expect(await verify(unf('x == a'))).toEqual(OK);
      expect((await verify(unf('x == a || x == b'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:insufficient.permission' },
      ]);
    },
    T,
  );
});
