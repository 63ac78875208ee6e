// Viper's `let x == e in b` (lang/viper/lowerLet.ts) through the real `symdap verify --json` (real
// Z3): e is lowered by substitution, which is the let's value only where b reads it in the let's
// own state, so a heap read used under old(…) and a perm(…) used under unfolding are refused by
// name (substituted, both verified assertions Viper rejects), and e's definedness is checked
// where the let stands even when b never reaches a use of x.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-let-');

const T = 60_000;

describe('let', () => {
  it(
    'a heap read used under old(…) is refused: substituted, old(x.f) would stand for the current x.f',
    async () => {
      const src = (assertion: string): string =>
        `field f: Int\nmethod m(x: Ref)\n  requires acc(x.f) && x.f == 0\n{\n  x.f := 1\n  assert ${assertion}\n}\n`;
      expect(await verify(src('let v == (x.f) in old(v) == 0'))).toEqual({ verdict: 'unsupported', failures: [] });
      // A value that reads no state means the same under old, and one not used there is substituted as before.
      expect(await verify(src('let v == (1) in old(x.f) + v == 1'))).toEqual({ verdict: 'verified', failures: [] });
      expect(await verify(src('let v == (x.f) in v == 1 && old(x.f) == 0'))).toEqual({
        verdict: 'verified',
        failures: [],
      });
      expect((await verify(src('let v == (x.f) in v == 0'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a perm(…) used under unfolding is refused: substituted, it would read the unfolded permissions',
    async () => {
      const src = (value: string): string =>
        `field f: Int\npredicate P(x: Ref) { acc(x.f) }\nmethod m(x: Ref)\n  requires P(x)\n{\n  assert let p == (${value}) in (unfolding P(x) in p == write)\n}\n`;
      expect(await verify(src('perm(x.f)'))).toEqual({ verdict: 'unsupported', failures: [] });
      expect((await verify(src('none'))).failures).toEqual([{ line: 6, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    "the value's definedness is checked where the let stands, even where the body does not read it",
    async () => {
      const src = (guard: string): string =>
        `field f: Int\nmethod m(x: Ref, b: Bool)\n  requires ${guard}\n{\n  assert let v == (x.f) in (b ==> v == v)\n}\n`;
      expect((await verify(src('!b'))).failures).toEqual([
        { line: 5, viperError: 'assert.failed:insufficient.permission' },
      ]);
      expect(await verify(src('acc(x.f)'))).toEqual({ verdict: 'verified', failures: [] });
      const division = (guard: string): string =>
        `method m(y: Int)\n  requires ${guard}\n{\n  assert let q == (10 \\ y) in (y > 100 ==> q == 0)\n}\n`;
      expect((await verify(division('y >= 0'))).failures).toEqual([
        { line: 4, viperError: 'assert.failed:division.by.zero' },
      ]);
      expect(await verify(division('y > 0'))).toEqual({ verdict: 'verified', failures: [] });
    },
    T,
  );
});
