// Quantified predicate permissions (docs/design.md B.10, "quantified predicate instances"), through
// the real `symdap verify --json` (real Z3): instances held by `forall x :: d(x) ==> acc(P(x))`,
// fold and unfold of one of them, the values an unfolding gives back, perm(P(x)), and the
// amounts a predicate may have (more than write, null arguments). Each passing program has a
// twin that must fail.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpred-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const ASSERT = 'assert.failed:assertion.false';
const HEAD = 'field f: Int\npredicate P(a: Ref) { acc(a.f) }\n';
const HELD = '  requires y in xs\n  requires forall x: Ref :: x in xs ==> acc(P(x))\n';

describe('Viper: quantified predicate permissions', () => {
  it(
    'an instance held by a quantified permission unfolds, and is folded back into it',
    async () => {
      const src = (other: string) =>
        `${HEAD}method m(xs: Set[Ref], y: Ref, z: Ref)\n${HELD}  ensures forall x: Ref :: x in xs ==> acc(P(x))\n{\n  unfold P(${other})\n  ${other}.f := 3\n  fold P(${other})\n}\n`;
      expect(await verify(src('y'))).toEqual(OK);
      // z is not known to be in xs: its instance may not be held.
      expect((await verify(src('z'))).failures).toEqual([
        { line: 8, viperError: 'unfold.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'fold after unfold keeps the values: a later unfolding gives them back',
    async () => {
      const src = (v: number) =>
        `${HEAD}method m(xs: Set[Ref], y: Ref)\n${HELD}{\n  unfold P(y)\n  y.f := 1\n  fold P(y)\n  unfold P(y)\n  assert y.f == ${v}\n}\n`;
      expect(await verify(src(1))).toEqual(OK);
      expect((await verify(src(2))).failures).toEqual([{ line: 11, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'perm(P(y)) is the amount the quantified chunk holds at y; exhaling it leaves none',
    async () => {
      const src = (exhale: string) =>
        `${HEAD}method m(xs: Set[Ref], y: Ref)\n${HELD}{\n  ${exhale}\n  assert perm(P(y)) == write\n}\n`;
      expect(await verify(src('assert perm(P(y)) > none'))).toEqual(OK);
      expect((await verify(src('exhale acc(P(y))'))).failures).toEqual([{ line: 8, viperError: ASSERT }]);
      expect((await verify(src('exhale forall x: Ref :: x in xs ==> acc(P(x))'))).failures).toEqual([
        { line: 8, viperError: ASSERT },
      ]);
    },
    T,
  );

  it(
    'an instance may be held beyond write and have a null argument (unlike a field)',
    async () => {
      const src = (inhaled: string) =>
        `${HEAD}method m(xs: Set[Ref], y: Ref)\n  requires y == null\n{\n  inhale forall x: Ref :: x in xs ==> acc(P(x))\n  inhale ${inhaled}\n  assert false\n}\n`;
      expect((await verify(src('acc(P(y))'))).failures).toEqual([{ line: 8, viperError: ASSERT }]);
      expect((await verify(src('forall x: Ref :: x in xs ==> acc(P(x))'))).failures).toEqual([
        { line: 8, viperError: ASSERT },
      ]);
      // Its body's field is bounded, as any field: an unfolding of both instances is infeasible.
      const twice = `${HEAD}method m(y: Ref, xs: Set[Ref])\n  requires forall x: Ref :: x in xs ==> acc(P(x))\n{\n  inhale acc(P(y)) && acc(P(y))\n  unfold P(y)\n  unfold P(y)\n  assert false\n}\n`;
      expect(await verify(twice)).toEqual(OK);
    },
    T,
  );

  it(
    'a predicate with several parameters: the other arguments fix the instances',
    async () => {
      const src = (k: number) =>
        `field f: Int\npredicate Q(a: Ref, i: Int) { acc(a.f) && a.f == i }\nmethod m(xs: Set[Ref], y: Ref)\n${HELD.replace(/P\(x\)/, 'Q(x, 2)')}{\n  unfold Q(y, ${k})\n  assert y.f == ${k}\n}\n`;
      expect(await verify(src(2))).toEqual(OK);
      expect((await verify(src(3))).failures).toEqual([
        { line: 7, viperError: 'unfold.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    "unfolding reads the instance's values and knows its body's pure parts, under a quantifier too",
    async () => {
      const src = (v: number) =>
        `field f: Int\npredicate P(a: Ref) { acc(a.f) && a.f > 4 }\nmethod m(xs: Set[Ref], y: Ref)\n${HELD}  requires unfolding P(y) in y.f != 6\n{\n  assert forall x: Ref :: x in xs ==> unfolding P(x) in x.f >= 5\n  unfold P(y)\n  assert y.f != ${v}\n}\n`;
      expect(await verify(src(6))).toEqual(OK);
      expect((await verify(src(7))).failures).toEqual([{ line: 10, viperError: ASSERT }]);
      // An unfolding of an instance that may not be held.
      const missing = `${HEAD}method m(xs: Set[Ref], z: Ref)\n  requires forall x: Ref :: x in xs ==> acc(P(x))\n{\n  assert unfolding P(z) in z.f == z.f\n}\n`;
      expect((await verify(missing)).failures).toEqual([
        { line: 6, viperError: 'assert.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a function applied inside an unfolding reads what is held outside the body',
    async () => {
      const src = (v: number) =>
        `field f: Int\nfield g: Int\npredicate P(a: Ref) { acc(a.f) }\nfunction h(a: Ref): Int\n  requires acc(a.g)\n{ a.g }\nmethod m(xs: Set[Ref], y: Ref)\n${HELD}  requires acc(y.g) && y.g == 2\n{\n  assert unfolding P(y) in h(y) == ${v}\n}\n`;
      expect(await verify(src(2))).toEqual(OK);
      expect((await verify(src(3))).failures).toEqual([{ line: 12, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'what the encoding does not cover is refused by name',
    async () => {
      const src = `${HEAD}method m(xs: Set[Ref], y: Ref)\n${HELD}{\n  assert unfolding P(y) in perm(y.f) == write\n}\n`;
      expect((await verify(src)).verdict).toBe('unsupported');
      // A predicate holding an instance of a quantified predicate: its snapshot field may be held
      // beyond write, which the merge of a predicate's quantified part at an unfold rules out.
      const nested = `${HEAD}predicate Q(x: Ref) { P(x) }\nmethod m(xs: Set[Ref], y: Ref)\n${HELD}  requires Q(y)\n{\n  unfold Q(y)\n  fold Q(y)\n}\n`;
      expect((await verify(nested)).verdict).toBe('unsupported');
    },
    T,
  );
});
