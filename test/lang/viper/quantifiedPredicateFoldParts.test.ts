// fold and unfold of a constant part of a quantified predicate's instance
// (lang/viper/quantifiedPredFold.ts), through the real `symdap verify --json` (real Z3): the
// instance's location gives or takes that part, the body every amount times it, and parts
// folded apart are one snapshot. Each program that verifies has a twin that must fail; a
// symbolic part is refused by name.

import { describe, expect, it } from 'vitest';
import { scratchReporter, scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpredparts-');
const report = scratchReporter('symdap-viper-qpredparts-msg-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const HEAD = 'field f: Int\npredicate P(a: Ref) { acc(a.f) }\n';

/** m holds every P(x) of xs (`held` the amount) and y in xs; `body` from line 7. */
const prog = (held: string, body: string[]): string =>
  `${HEAD}method m(xs: Set[Ref], y: Ref)\n  requires y in xs\n  requires forall x: Ref :: x in xs ==> acc(P(x), ${held})\n{\n${body.map((l) => `  ${l}\n`).join('')}}\n`;

describe('Viper: constant parts of a quantified predicate instance', () => {
  it(
    'half unfolded reads and does not write; folded back, the whole is there again',
    async () => {
      const body = ['unfold acc(P(y), 1/2)', 'var v: Int := y.f', 'fold acc(P(y), 1/2)', 'unfold P(y)', 'y.f := v'];
      expect(await verify(prog('write', body))).toEqual(OK);
      expect((await verify(prog('write', ['unfold acc(P(y), 1/2)', 'y.f := 1']))).failures).toEqual([
        { line: 8, viperError: 'assignment.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'parts folded apart are one snapshot: the value written before is read after',
    async () => {
      const body = ['unfold P(y)', 'y.f := 7', 'fold acc(P(y), 1/4)', 'fold acc(P(y), 3/4)', 'unfold P(y)'];
      expect(await verify(prog('write', [...body, 'assert y.f == 7']))).toEqual(OK);
      expect((await verify(prog('write', [...body, 'assert y.f == 8']))).failures).toEqual([
        { line: 12, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a part more than is held fails at the unfold, naming the instance as written',
    async () => {
      const r = await report(prog('1/2', ['unfold acc(P(y), 1/2)', 'fold acc(P(y), 1/4)', 'unfold acc(P(y), 1/2)']));
      expect(r.failures.map((f) => [f.line, f.viperError])).toEqual([[9, 'unfold.failed:insufficient.permission']]);
      expect(r.failures[0].message).toContain('acc(P(y), 1 / 2)');
    },
    T,
  );

  it(
    'a symbolic part is refused by name',
    async () => {
      const src = `${HEAD}method m(xs: Set[Ref], y: Ref, p: Perm)\n  requires y in xs && none < p\n  requires forall x: Ref :: x in xs ==> acc(P(x))\n{\n  unfold acc(P(y), p)\n}\n`;
      expect((await verify(src)).verdict).toBe('unsupported');
    },
    T,
  );
});
