// Quantified fields met by functions and `new` (docs/design.md B.10, "as built"), through the real
// `symdap verify --json` (real Z3): a function whose precondition holds a quantified permission
// is keyed by the values on its footprint (a write there changes it, a write elsewhere does
// not), its precondition's amount is checked at the call, and a new object is never an element
// a quantified permission holds. Each passing program has a twin that must fail.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpheap-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const ASSERT = 'assert.failed:assertion.false';

const sum = (amount: string): string =>
  `field f: Int\nfunction sum(xs: Set[Ref]): Int\n  requires forall x: Ref :: x in xs ==> acc(x.f, ${amount})\n`;

describe('Viper: functions over quantified fields', () => {
  it(
    'an application keeps its value across a write outside its footprint, not across one inside',
    async () => {
      const src = (held: string, write: string) =>
        `${sum('1/2')}method m(xs: Set[Ref], y: Ref)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires ${held}\n{\n  var a: Int := sum(xs)\n  ${write}\n  assert a == sum(xs)\n}\n`;
      expect(await verify(src('acc(y.f) && !(y in xs)', 'y.f := 3'))).toEqual(OK);
      // Writing the value a location already has leaves the footprint's values equal.
      expect(await verify(src('y in xs', 'y.f := y.f'))).toEqual(OK);
      expect((await verify(src('y in xs', 'y.f := 3'))).failures).toEqual([{ line: 10, viperError: ASSERT }]);
    },
    T,
  );

  it(
    "the precondition's amount must be held at every location of the footprint",
    async () => {
      const src = (held: string) =>
        `${sum('1/2')}method m(xs: Set[Ref])\n  requires forall x: Ref :: x in xs ==> acc(x.f, ${held})\n{\n  var a: Int := sum(xs)\n}\n`;
      expect(await verify(src('1/2'))).toEqual(OK);
      expect((await verify(src('1/4'))).failures).toEqual([
        { line: 7, viperError: 'application.precondition:insufficient.permission' },
      ]);
      // An element outside what the caller holds.
      expect(
        (
          await verify(
            `${sum('wildcard')}method m(xs: Set[Ref], y: Ref)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n{\n  var a: Int := sum(xs union Set(y))\n}\n`,
          )
        ).failures,
      ).toEqual([{ line: 7, viperError: 'application.precondition:insufficient.permission' }]);
    },
    T,
  );

  it(
    "a body's definition is known at the application (and no more)",
    async () => {
      const src = (v: string) =>
        `field f: Int\nfunction get(xs: Set[Ref], y: Ref): Int\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires y in xs\n{ y.f }\nmethod m(xs: Set[Ref], y: Ref)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires y in xs\n{\n  inhale get(xs, y) == 0\n  assert y.f == ${v}\n}\n`;
      expect(await verify(src('0'))).toEqual(OK);
      expect((await verify(src('1'))).failures).toEqual([{ line: 11, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'a single acc of a quantified field in a precondition keys by the value at its location',
    async () => {
      const src = (write: string) =>
        `field f: Int\nfunction get(x: Ref): Int\n  requires acc(x.f, wildcard)\nmethod m(xs: Set[Ref], y: Ref)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires y in xs\n{\n  var a: Int := get(y)\n  ${write}\n  assert a == get(y)\n}\n`;
      expect(await verify(src('y.f := y.f'))).toEqual(OK);
      expect((await verify(src('y.f := y.f + 1'))).failures).toEqual([{ line: 10, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'an application under a quantifier of a function whose precondition holds quantified permissions is refused by name',
    async () => {
      const r = await verify(
        `${sum('write')}method m(xs: Set[Ref])\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n{\n  assert forall ys: Set[Ref] :: ys subset xs ==> sum(ys) == sum(ys)\n}\n`,
      );
      expect(r.verdict).toBe('unsupported');
    },
    T,
  );
});

describe('Viper: new in a program with quantified fields', () => {
  it(
    'a new object is not an element a quantified permission holds',
    async () => {
      const src = (claim: string) =>
        `field f: Int\nmethod m(xs: Set[Ref], y: Ref)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires y in xs\n{\n  var z: Ref\n  z := new(f)\n  z.f := 4\n  y.f := 5\n  assert ${claim}\n}\n`;
      expect(await verify(src('z != y && z.f == 4 && !(z in xs)'))).toEqual(OK);
      expect((await verify(src('z == y'))).failures).toEqual([{ line: 10, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'new must list every quantified field (Silicon leaves the others as they were)',
    async () => {
      const src = (fields: string) =>
        `field f: Int\nfield g: Int\nmethod m(xs: Set[Ref])\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n{\n  var z: Ref\n  z := new(${fields})\n  z.f := 3\n}\n`;
      expect(await verify(src('f'))).toEqual(OK);
      expect(await verify(src('*'))).toEqual(OK);
      expect((await verify(src('g'))).verdict).toBe('unsupported');
    },
    T,
  );
});

describe('Viper: loops in a program with quantified fields', () => {
  const loop = (inv: string, body: string, after: string) =>
    `field f: Int\nmethod m(xs: Set[Ref], ys: Set[Ref], y: Ref, n: Int)\n  requires forall x: Ref :: x in xs ==> acc(x.f)\n  requires forall x: Ref :: x in ys ==> acc(x.f, 1/2)\n  requires y in ys && !(y in xs)\n  requires forall x: Ref :: x in xs ==> x.f == 0\n{\n  var i: Int := 0\n  var v: Int := y.f\n  while (i < n)\n    invariant ${inv}\n  {\n    ${body}\n    i := i + 1\n  }\n  ${after}\n}\n`;
  const inv = 'forall x: Ref :: x in xs ==> acc(x.f) && x.f >= 0';

  it(
    "the body runs on the invariant's locations; the frame's keep their values",
    async () => {
      expect(await verify(loop(inv, 'var z: Ref\n    assume z in xs\n    z.f := z.f + 1', 'assert y.f == v'))).toEqual(
        OK,
      );
      // After the loop, an element the invariant holds has the invariant's value, not the entry's.
      expect(
        (
          await verify(
            loop(
              inv,
              'var z: Ref\n    assume z in xs\n    z.f := z.f + 1',
              'assert forall x: Ref :: x in xs ==> x.f == 0',
            ),
          )
        ).failures,
      ).toEqual([{ line: 18, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'a loop that writes an element its invariant does not hold fails',
    async () => {
      expect((await verify(loop(inv, 'y.f := 3', 'assert true'))).failures).toEqual([
        { line: 13, viperError: 'assignment.failed:insufficient.permission' },
      ]);
      expect(
        (await verify(loop(`(${inv}) && (forall x: Ref :: x in ys ==> acc(x.f, 1/2))`, 'y.f := 3', 'assert true')))
          .failures,
      ).toEqual([{ line: 13, viperError: 'assignment.failed:insufficient.permission' }]);
    },
    T,
  );
});
