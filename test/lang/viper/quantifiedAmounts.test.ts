// Quantified field permissions of a non-constant amount (docs/design.md B.10,
// rules/quantifiedAmount.ts) through the real `symdap verify --json` (real Z3): p read under the
// binder, `p >= 0` checked (negative.permission), injectivity only where p is positive, a
// location of amount 0 not assumed non-null, the amount's own checks at an inhale; each with a
// twin that must fail.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpamount-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const HEAD = 'field f: Int\n';

describe('Viper quantified permissions of a non-constant amount', () => {
  it(
    'a Perm parameter as the amount: a read needs it positive',
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref, p: Perm)\n  requires ${pre}\n  requires forall x: Ref :: x in s ==> acc(x.f, p)\n  requires a in s\n{\n  var v: Int := a.f\n}\n`;
      expect(await verify(src('p > none'))).toEqual(OK);
      expect((await verify(src('p >= none'))).failures).toEqual([
        { line: 7, viperError: 'assignment.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a location of amount none is not assumed non-null',
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref, p: Perm)\n  requires ${pre}\n  requires forall x: Ref :: x in s ==> acc(x.f, p)\n  requires a in s\n{\n  assert a != null\n}\n`;
      expect(await verify(src('p > none'))).toEqual(OK);
      expect((await verify(src('p >= none'))).failures).toEqual([
        { line: 7, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a negative amount fails at the inhale (negative.permission)',
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Set[Ref], p: Perm)\n  requires ${pre}\n{\n  inhale forall x: Ref :: x in s ==> acc(x.f, p)\n}\n`;
      expect(await verify(src('p >= none'))).toEqual(OK);
      expect((await verify(src('p <= write'))).failures).toEqual([
        { line: 5, viperError: 'inhale.failed:negative.permission' },
      ]);
    },
    T,
  );

  it(
    'an amount depending on an Int binder: injective where it is positive',
    async () => {
      const src = (c: string) =>
        `${HEAD}method m(x: Ref)\n{\n  inhale forall i: Int :: true ==> acc(x.f, ${c} ? write : none)\n  x.f := 1\n}\n`;
      expect(await verify(src('i == 2'))).toEqual(OK);
      expect((await verify(src('(i == 2 || i == 3)'))).failures).toEqual([
        { line: 4, viperError: 'inhale.failed:qp.not.injective' },
      ]);
    },
    T,
  );

  it(
    'exhaling a non-constant amount needs that much at every location',
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Seq[Ref], p: Perm)\n  requires none <= p && ${pre}\n  requires forall x: Ref :: x in s ==> acc(x.f, 1/2)\n{\n  exhale forall x: Ref :: x in s ==> acc(x.f, p)\n}\n`;
      expect(await verify(src('p <= 1/2'))).toEqual(OK);
      expect((await verify(src('p <= write'))).failures).toEqual([
        { line: 6, viperError: 'exhale.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    "the amount's own checks hold at an inhale",
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Seq[Ref])\n  requires ${pre}\n{\n  inhale forall x: Ref :: x in s ==> acc(x.f, asserting (x != null) in write)\n}\n`;
      expect(await verify(src('!(null in s)'))).toEqual(OK);
      expect((await verify(src('true'))).failures).toEqual([{ line: 5, viperError: 'inhale.failed:assertion.false' }]);
    },
    T,
  );

  it(
    'a single access of a quantified field with a Perm amount',
    async () => {
      const src = (pre: string) =>
        `${HEAD}method m(s: Set[Ref], y: Ref, p: Perm)\n  requires forall x: Ref :: x in s ==> acc(x.f)\n  requires ${pre}\n  requires acc(y.f, p)\n{\n  assert y != null\n}\n`;
      expect(await verify(src('p > none'))).toEqual(OK);
      expect((await verify(src('p >= none'))).failures).toEqual([
        { line: 7, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );
});

describe('Viper quantified permissions whose receiver reads the heap', () => {
  const G = 'field f: Int\nfield g: Ref\n';
  const src = (distinct: string, gPerm: string) =>
    `${G}method m(s: Set[Ref], a: Ref)\n  requires forall x: Ref :: x in s ==> acc(x.g, ${gPerm})\n  requires ${distinct}\n  requires forall x: Ref :: x in s ==> acc(x.g.f)\n  requires a in s\n{\n  a.g.f := 1\n  assert a.g.f == 1\n}\n`;
  const DISTINCT = 'forall x: Ref, y: Ref :: x in s && y in s && x != y ==> x.g != y.g';

  it(
    'x.g.f over distinct x.g: held, written and read',
    async () => {
      expect(await verify(src(DISTINCT, '1/2'))).toEqual(OK);
    },
    T,
  );

  it(
    'x.g.f where x.g may repeat is not injective (not.wellformed)',
    async () => {
      expect((await verify(src('true', '1/2'))).failures).toEqual([
        { line: 6, viperError: 'not.wellformed:qp.not.injective' },
      ]);
    },
    T,
  );

  it(
    'x.g without permission to read it is not well-formed (the first read of it)',
    async () => {
      const out = await verify(src(DISTINCT, 'none'));
      expect(out.failures[0]).toEqual({ line: 5, viperError: 'not.wellformed:insufficient.permission' });
    },
    T,
  );
});

describe('Viper quantified permissions with a product of the binder in the receiver', () => {
  const src = (a: string) =>
    `${HEAD}method m(xs: Seq[Ref], a: Int, b: Int, n: Int)\n  requires ${a}\n  requires forall i: Int :: 0 <= i && i < n ==> 0 <= a * i + b && a * i + b < |xs|\n  requires forall i: Int, j: Int :: 0 <= i && i < j && j < |xs| ==> xs[i] != xs[j]\n  requires forall i: Int :: 0 <= i && i < n ==> acc(xs[a * i + b].f)\n{\n  exhale forall i: Int :: 0 <= i && i < n ==> acc(xs[a * i + b].f)\n}\n`;

  it(
    'xs[a * i + b]: injective for a fixed a; where a may be 0 it is not',
    async () => {
      expect(await verify(src('a == 2'))).toEqual(OK);
      expect((await verify(src('0 <= a'))).failures).toEqual([
        { line: 6, viperError: 'not.wellformed:qp.not.injective' },
      ]);
    },
    T,
  );
});

describe('Viper quantified permissions over several binders', () => {
  const GRID =
    'domain Grid {\n  function loc(i: Int, j: Int): Ref\n  function row(r: Ref): Int\n  function col(r: Ref): Int\n  axiom { forall i: Int, j: Int :: {loc(i, j)} row(loc(i, j)) == i && col(loc(i, j)) == j }\n}\n';
  const src = (exhale: string) =>
    `${HEAD}${GRID}method m(n: Int)\n  requires forall i: Int, j: Int :: 0 <= i && i < n && 0 <= j && j < n ==> acc(loc(i, j).f)\n  requires 2 < n\n{\n  loc(1, 2).f := 5\n  assert loc(1, 2).f == 5\n  exhale forall i: Int, j: Int :: 0 <= i && i < n && 0 <= j && j < ${exhale} ==> acc(loc(i, j).f)\n}\n`;

  it(
    'loc(i, j) over a grid: held, written, read and exhaled; one column too many is missing',
    async () => {
      expect(await verify(src('n'))).toEqual(OK);
      expect((await verify(src('n + 1'))).failures).toEqual([
        { line: 14, viperError: 'exhale.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'loc(i, j) without the axiom that tells its locations apart is not injective',
    async () => {
      const out = await verify(src('n').replace(/ {2}axiom .*\n/, ''));
      expect(out.failures).toEqual([{ line: 8, viperError: 'not.wellformed:qp.not.injective' }]);
    },
    T,
  );
});
