// Viper's abstract functions (no body) through the real `symdap verify --json` and Z3: an
// application is uninterpreted, equal arguments over an equal footprint give equal results, its
// postcondition is assumed and its precondition checked at each application. Each program that
// verifies has a twin that fails with Viper's id on its line.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-abstract-');

const T = 60_000;
const OK = { verdict: 'verified', failures: [] };

describe('Viper abstract functions', () => {
  it(
    'the postcondition is assumed at an application, and nothing more is known',
    async () => {
      const src = (claim: string) =>
        `function g(x: Int): Int\n  requires x > 0\n  ensures result > x\nmethod m()\n{\n  assert ${claim}\n}\n`;
      expect(await verify(src('g(3) > 3 && g(3) == g(1 + 2)'))).toEqual(OK);
      expect((await verify(src('g(3) == 4'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'the precondition is checked at each application',
    async () => {
      const src = (arg: string) =>
        `function g(x: Int): Int\n  requires x > 0\nmethod m()\n{\n  assert g(${arg}) == g(${arg})\n}\n`;
      expect(await verify(src('1'))).toEqual(OK);
      expect((await verify(src('0'))).failures).toEqual([
        { line: 5, viperError: 'application.precondition:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a heap-dependent application depends on the footprint its precondition permits, nothing else',
    async () => {
      const src = (write: string) =>
        `field f: Int\nfield g: Int\nfunction h(r: Ref): Int\n  requires acc(r.f)\n  ensures result >= r.f\nmethod m(r: Ref)\n  requires acc(r.f) && acc(r.g)\n{\n  var a: Int := h(r)\n  ${write}\n  assert h(r) == a\n}\n`;
      expect(await verify(src('r.g := 7'))).toEqual(OK);
      expect((await verify(src('r.f := r.f'))).failures).toEqual([]);
      expect((await verify(src('r.f := 5'))).failures).toEqual([
        { line: 11, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a postcondition that reads the heap is framed by the precondition; one that is not is reported',
    async () => {
      const src = (pre: string) =>
        `field f: Int\nfunction h(r: Ref): Int\n  requires ${pre}\n  ensures result >= r.f\nmethod m(r: Ref)\n  requires acc(r.f)\n{\n  assert h(r) >= r.f\n}\n`;
      expect(await verify(src('acc(r.f)'))).toEqual(OK);
      expect((await verify(src('true'))).failures).toEqual([
        { line: 4, viperError: 'not.wellformed:insufficient.permission' },
      ]);
    },
    T,
  );
});
