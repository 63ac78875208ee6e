// Quantified permissions whose amount reads the heap (`acc(r.f, r.k)`, `acc(r.f, perm(r.f))`,
// `old(r.k)`), through the real `symdap verify --json` (real Z3): the amount is read under the
// binder in the heap of the inhale or exhale (rules/quantifiedAmount.ts), before the exhale takes
// anything. Each program that verifies has a twin that must fail. Failure messages name a
// quantified predicate's instance as written (`pred(x)`), not its lowered location.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';
import { shownInstances } from '../../../src/lang/viper/quantifiedPredNames';

const verify = scratchVerifier('symdap-viper-qpheapamount-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const ASSERT = 'assert.failed:assertion.false';
const WRITE = 'assignment.failed:insufficient.permission';
const EXHALE = 'exhale.failed:insufficient.permission';
const HEAD = 'field f: Int\nfield k: Perm\n';
const HALVES =
  '  requires forall r: Ref :: r in s ==> acc(r.k) && r.k == 1/2\n  requires forall r: Ref :: r in s ==> acc(r.f)\n  requires a in s\n';

/** m's body after HALVES (line 8 is its first statement). */
const halves = (body: string[]): string =>
  `${HEAD}method m(s: Set[Ref], a: Ref)\n${HALVES}{\n${body.map((l) => `  ${l}\n`).join('')}}\n`;

describe('Viper quantified permissions whose amount reads the heap', () => {
  it(
    'exhaling perm(r.f) of every r leaves none of any',
    async () => {
      const body = ['exhale forall r: Ref :: r in s ==> acc(r.f, perm(r.f))', 'assert perm(a.f) == none'];
      expect(await verify(halves(body))).toEqual(OK);
      expect((await verify(halves([...body, 'var v: Int := a.f']))).failures).toEqual([
        { line: 10, viperError: WRITE },
      ]);
    },
    T,
  );

  it(
    'a field as the amount is read before the exhale takes it',
    async () => {
      const body = ['exhale forall r: Ref :: r in s ==> acc(r.k) && acc(r.f, r.k)', 'assert perm(a.f) == 1/2'];
      expect(await verify(halves(body))).toEqual(OK);
      expect((await verify(halves([...body, 'a.f := 1']))).failures).toEqual([{ line: 10, viperError: WRITE }]);
    },
    T,
  );

  it(
    'old(r.k) reads the amount in the state at the start',
    async () => {
      const body = ['a.k := 1/4', 'exhale forall r: Ref :: r in s ==> acc(r.f, old(r.k))', 'assert perm(a.f) == 1/2'];
      expect(await verify(halves(body))).toEqual(OK);
      expect((await verify(halves([...body, 'assert perm(a.f) == 3/4']))).failures).toEqual([
        { line: 11, viperError: ASSERT },
      ]);
    },
    T,
  );

  it(
    'an inhale by a held field: half held reads and does not write (silver issue_0067 in small)',
    async () => {
      const src = (extra: string) =>
        `${HEAD}method m(s: Set[Ref], a: Ref)\n  requires forall r: Ref :: r in s ==> acc(r.k) && r.k == 1/2\n  requires a in s\n{\n  inhale forall r: Ref :: r in s ==> acc(r.f, r.k)\n  var v: Int := a.f\n  exhale acc(a.f, a.k)\n${extra}}\n`;
      expect(await verify(src(''))).toEqual(OK);
      expect((await verify(src('  exhale acc(a.f, a.k)\n'))).failures).toEqual([{ line: 10, viperError: EXHALE }]);
    },
    T,
  );

  it(
    'an amount that may be negative is reported where it is required',
    async () => {
      const src = `${HEAD}method m(s: Set[Ref])\n  requires forall r: Ref :: r in s ==> acc(r.k)\n  requires forall r: Ref :: r in s ==> acc(r.f, r.k)\n{}\n`;
      expect((await verify(src)).failures).toEqual([{ line: 5, viperError: 'not.wellformed:negative.permission' }]);
    },
    T,
  );

  it(
    "a predicate body whose amount reads the body's own field, at a constant and at a symbolic part",
    async () => {
      const pred =
        'predicate P(s: Set[Ref]) {\n  (forall r: Ref :: r in s ==> acc(r.k, 1/2) && none < r.k && r.k <= write) &&\n  (forall r: Ref :: r in s ==> acc(r.f, r.k))\n}\n';
      const src = (extra: string) =>
        `${HEAD}${pred}method m(s: Set[Ref], a: Ref, q: Perm)\n  requires none < q && q < write\n  requires acc(P(s), q) && a in s\n{\n` +
        '  unfold acc(P(s), 1/2 * q)\n  var v: Int := a.f\n  assert perm(a.f) == a.k * q / 2\n  fold acc(P(s), 1/2 * q)\n' +
        `  unfold acc(P(s), q)\n  assert perm(a.f) == a.k * q\n${extra}}\n`;
      expect(await verify(src(''))).toEqual(OK);
      expect((await verify(src('  a.f := 1\n'))).failures).toEqual([{ line: 17, viperError: WRITE }]);
    },
    T,
  );

  it('a quantified predicate instance is shown as written in a message', () => {
    expect(shownInstances('exhale requires acc(x.pred$qp$snap, 1 / 2)')).toBe('exhale requires acc(pred(x), 1 / 2)');
    expect(shownInstances('acc(pr$qp$loc(x, 2).pr$qp$snap)')).toBe('acc(pr(x, 2))');
    expect(shownInstances('acc(a.b.P$qp$snap) and x.f')).toBe('acc(P(a.b)) and x.f');
  });
});
