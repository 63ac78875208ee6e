// Viper's quantified field permissions over Ref binders (docs/design.md B.10) through the real
// `symdap verify --json` (real Z3): programs that hold and programs that must fail (a missing
// element, a write through a read-only part, exhaling more than held, a value after a call that
// havocs it), and the constructs still refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qp-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const HEAD = 'field f: Int\n';

describe('Viper quantified field permissions', () => {
  it(
    'a forall over a set gives each element its field; an element outside is missing',
    async () => {
      const src = (x: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref, b: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  requires a in s\n{\n  ${x}.f := 3\n  assert ${x}.f == 3\n}\n`;
      expect(await verify(src('a'))).toEqual(OK);
      expect((await verify(src('b'))).failures[0]).toEqual({
        line: 6,
        viperError: 'assignment.failed:insufficient.permission',
      });
    },
    T,
  );

  it(
    'a write needs all of the location: a half is not enough',
    async () => {
      const src = (p: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f, ${p})\n  requires a in s\n{\n  a.f := 3\n}\n`;
      expect(await verify(src('write'))).toEqual(OK);
      expect((await verify(src('1/2'))).failures).toEqual([
        { line: 6, viperError: 'assignment.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'exhaling more than is held fails; two halves make a whole',
    async () => {
      const src = (more: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f, 1/2)\n  requires a in s\n{\n  ${more}\n  exhale acc(a.f)\n}\n`;
      expect(await verify(src('inhale acc(a.f, 1/2)'))).toEqual(OK);
      expect((await verify(src('inhale acc(a.f, 1/4)'))).failures).toEqual([
        { line: 7, viperError: 'exhale.failed:insufficient.permission' },
      ]);
      // Held twice at write: the path is infeasible (Viper's inhale assumes false there).
      expect(
        await verify(
          `${HEAD}method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  requires a in s\n{\n  inhale acc(a.f)\n  assert false\n}\n`,
        ),
      ).toEqual(OK);
    },
    T,
  );

  it(
    'a call consumes the callee precondition and havocs the values it gives back',
    async () => {
      const callee = `method g(s: Set[Ref])\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  ensures forall x: Ref :: x in s ==> acc(x.f)\n`;
      const src = (post: string) =>
        `${HEAD}${callee}method m(s: Set[Ref], a: Ref, b: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  requires acc(b.f) && a in s && b.f == 5 && a.f == 7\n{\n  g(s)\n  assert ${post}\n}\n`;
      expect(await verify(src('b.f == 5'))).toEqual(OK);
      expect((await verify(src('a.f == 7'))).failures).toEqual([
        { line: 10, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a postcondition needs every element back, and values under the binder',
    async () => {
      const src = (body: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  requires a in s\n  ensures forall x: Ref :: x in s ==> acc(x.f) && x.f >= 0\n{\n  ${body}\n}\n`;
      expect((await verify(src('exhale acc(a.f)'))).failures).toEqual([
        { line: 5, viperError: 'postcondition.violated:insufficient.permission' },
      ]);
      expect((await verify(src('a.f := 1'))).failures).toEqual([
        { line: 5, viperError: 'postcondition.violated:assertion.false' },
      ]);
      expect(
        await verify(
          `${HEAD}method m(s: Set[Ref])\n  requires forall x: Ref :: x in s ==> acc(x.f) && x.f > 0\n  ensures forall x: Ref :: x in s ==> acc(x.f) && x.f >= 0\n{}\n`,
        ),
      ).toEqual(OK);
    },
    T,
  );

  it(
    'what the quantified chunks do not cover is refused by name',
    async () => {
      const refused = async (src: string, what: string) => {
        const r = await verify(src);
        expect(r.verdict).toBe('unsupported');
        return what;
      };
      await refused(
        `${HEAD}field a: Seq[Ref]\nmethod m(d: Ref)\n  requires acc(d.a)\n  requires forall i: Int :: 0 <= i && i < |d.a| ==> acc(d.a[i].f)\n{}\n`,
        'a receiver reading the heap',
      );
      await refused(
        `${HEAD}method m(s: Set[Ref])\n  requires forall x: Ref :: x in s ==> acc(x.f)\n{\n  var y: Ref\n  y := new()\n}\n`,
        'new without a quantified field',
      );
    },
    T,
  );
});

// Receivers that are functions of an Int binder (inverse functions, rules/quantifiedInverse.ts).
const INJ = '  requires forall i: Int, j: Int :: 0 <= i && i < |s| && 0 <= j && j < |s| && i != j ==> s[i] != s[j]\n';
const ALL = (p: string) => `forall i: Int :: 0 <= i && i < |s| ==> acc(s[i].f, ${p})`;

describe('Viper quantified field permissions over an Int binder', () => {
  it(
    'distinct elements of a sequence: inhaled, read, written and exhaled; outside the range is missing',
    async () => {
      const src = (k: string, p = 'write') =>
        `${HEAD}method m(s: Seq[Ref], k: Int)\n${INJ}  requires 0 <= k && k < |s|\n{\n  inhale ${ALL(p)}\n  s[${k}].f := 4\n  assert s[${k}].f == 4\n  exhale ${ALL(p)}\n}\n`;
      expect(await verify(src('k'))).toEqual(OK);
      // Outside the range: no permission to write there.
      const outside = `${HEAD}method m(s: Seq[Ref])\n${INJ}  requires |s| > 1\n{\n  inhale forall i: Int :: 1 <= i && i < |s| ==> acc(s[i].f)\n  s[0].f := 4\n}\n`;
      expect((await verify(outside)).failures).toEqual([
        { line: 7, viperError: 'assignment.failed:insufficient.permission' },
      ]);
      // A write through a half.
      expect((await verify(src('k', '1/2'))).failures[0]).toEqual({
        line: 7,
        viperError: 'assignment.failed:insufficient.permission',
      });
    },
    T,
  );

  it(
    'a receiver that is not injective fails qp.not.injective: at an exhale, and in a precondition (not well-formed)',
    async () => {
      const exhaled = `${HEAD}method m(x: Ref)\n{\n  inhale acc(x.f)\n  exhale forall i: Int :: 0 <= i && i < 2 ==> acc(x.f, 1/2)\n}\n`;
      expect((await verify(exhaled)).failures).toEqual([{ line: 5, viperError: 'exhale.failed:qp.not.injective' }]);
      const pre = `${HEAD}method m(s: Seq[Ref])\n  requires |s| > 2 && s[0] == s[1]\n  requires ${ALL('1/2')}\n{}\n`;
      expect((await verify(pre)).failures).toEqual([{ line: 4, viperError: 'not.wellformed:qp.not.injective' }]);
      // The same with the elements known distinct verifies.
      expect(await verify(`${HEAD}method m(s: Seq[Ref])\n${INJ}  requires ${ALL('1/2')}\n{}\n`)).toEqual(OK);
    },
    T,
  );

  it(
    'an element missing from what is exhaled fails',
    async () => {
      const src = `${HEAD}method m(s: Seq[Ref])\n${INJ}  requires |s| > 1\n{\n  inhale forall i: Int :: 1 <= i && i < |s| ==> acc(s[i].f)\n  exhale ${ALL('write')}\n}\n`;
      expect((await verify(src)).failures).toEqual([{ line: 7, viperError: 'exhale.failed:insufficient.permission' }]);
    },
    T,
  );
});
