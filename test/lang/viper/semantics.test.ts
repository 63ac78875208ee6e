// Viper's semantics as the lowering gives them, each shown by a program that verifies and its
// twin that fails, through the real `symdap verify --json` (real Z3): Euclidean `\` and `%`,
// fields global, `new(f)` giving exactly the listed fields, `old`, results and locals starting
// arbitrary, multiple results, expression and statement macros, inhale/exhale of permissions.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-sem-');

const T = 60_000;

describe('Viper semantics through the lowering', () => {
  it(
    '\\ and % are Euclidean (the remainder is never negative)',
    async () => {
      const ok = await verify(
        'method m()\n{\n  assert (-7) \\ 2 == -4 && (-7) % 2 == 1\n  assert 7 \\ (-2) == -3 && 7 % (-2) == 1\n  assert (-7) \\ (-2) == 4 && (-7) % (-2) == 1\n}\n',
      );
      expect(ok).toEqual({ verdict: 'verified', failures: [] });
      const truncating = await verify('method m()\n{\n  assert (-7) % 2 == -1\n}\n');
      expect(truncating.failures).toEqual([{ line: 3, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    'division by zero is division.by.zero',
    async () => {
      const r = await verify('method m(x: Int) returns (y: Int)\n{\n  y := 10 \\ x\n}\n');
      expect(r.failures).toEqual([{ line: 3, viperError: 'assignment.failed:division.by.zero' }]);
    },
    T,
  );

  it(
    'fields are global: any Ref may hold any field, permission decides',
    async () => {
      const src = (write: string) =>
        `field f: Int\nfield g: Bool\nmethod m(x: Ref, y: Ref)\n  requires acc(x.f) && acc(y.g)\n{\n  ${write}\n}\n`;
      expect(await verify(src('x.f := 1\n  y.g := true'))).toEqual({ verdict: 'verified', failures: [] });
      expect((await verify(src('x.g := true'))).failures).toEqual([
        { line: 6, viperError: 'assignment.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'new(f) gives exactly the listed fields; new(*) all of them',
    async () => {
      const src = (stmts: string) => `field f: Int\nfield g: Int\nmethod m()\n{\n  var x: Ref\n  ${stmts}\n}\n`;
      expect(await verify(src('x := new(f)\n  x.f := 1'))).toEqual({ verdict: 'verified', failures: [] });
      expect((await verify(src('x := new(f)\n  x.g := 1'))).failures).toEqual([
        { line: 7, viperError: 'assignment.failed:insufficient.permission' },
      ]);
      expect(await verify(src('x := new(*)\n  x.g := 1\n  x.f := 2'))).toEqual({ verdict: 'verified', failures: [] });
      // The fields of a new object hold arbitrary values, not defaults.
      expect((await verify(src('x := new(f)\n  assert x.f == 0'))).failures).toEqual([
        { line: 7, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'old(e) in a postcondition is the pre-state',
    async () => {
      const src = (k: number) =>
        `field f: Int\nmethod inc(x: Ref)\n  requires acc(x.f)\n  ensures acc(x.f) && x.f == old(x.f) + ${k}\n{\n  x.f := x.f + 1\n}\n`;
      expect(await verify(src(1))).toEqual({ verdict: 'verified', failures: [] });
      expect((await verify(src(2))).failures).toEqual([
        { line: 4, viperError: 'postcondition.violated:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'results and uninitialised locals start arbitrary',
    async () => {
      expect((await verify('method m() returns (r: Int)\n  ensures r == 0\n{\n}\n')).failures).toEqual([
        { line: 2, viperError: 'postcondition.violated:assertion.false' },
      ]);
      expect((await verify('method m()\n{\n  var x: Int\n  assert x == 0\n}\n')).failures).toEqual([
        { line: 4, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a method with several results, called with several targets',
    async () => {
      const src = (sum: number) =>
        `method two() returns (a: Int, b: Int)\n  ensures a == 1 && b == 2\n{\n  a := 1\n  b := 2\n}\nmethod m()\n{\n  var x: Int\n  var y: Int\n  x, y := two()\n  assert x + y == ${sum}\n}\n`;
      expect(await verify(src(3))).toEqual({ verdict: 'verified', failures: [] });
      expect((await verify(src(4))).failures).toEqual([{ line: 12, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    'expression and statement macros expand where used',
    async () => {
      const src = (k: number) =>
        `field f: Int\ndefine double(e) (e + e)\ndefine bump(x) {\n  x.f := x.f + 1\n}\nmethod m(x: Ref)\n  requires acc(x.f) && x.f == 1\n{\n  bump(x)\n  assert x.f == double(${k})\n}\n`;
      expect(await verify(src(1))).toEqual({ verdict: 'verified', failures: [] });
      expect((await verify(src(2))).failures).toEqual([{ line: 10, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    'inhale adds permissions, exhale removes them, assert keeps them',
    async () => {
      const ok =
        'field f: Int\nmethod m(x: Ref)\n{\n  inhale acc(x.f) && x.f == 3\n  assert acc(x.f)\n  x.f := 4\n  exhale acc(x.f)\n}\n';
      expect(await verify(ok)).toEqual({ verdict: 'verified', failures: [] });
      const twice = 'field f: Int\nmethod m(x: Ref)\n{\n  inhale acc(x.f)\n  exhale acc(x.f)\n  exhale acc(x.f)\n}\n';
      expect((await verify(twice)).failures).toEqual([
        { line: 6, viperError: 'exhale.failed:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a call consumes the precondition (call.precondition)',
    async () => {
      const src =
        'field f: Int\nmethod take(x: Ref)\n  requires acc(x.f)\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  take(x)\n  take(x)\n}\n';
      expect((await verify(src)).failures).toEqual([
        { line: 8, viperError: 'call.precondition:insufficient.permission' },
      ]);
    },
    T,
  );

  it(
    'a define inside a method body is a macro of that method only',
    async () => {
      const src = (other: string) =>
        `method m()\n{\n  define two 1 + 1\n  if (true) {\n    define big(x) x > two\n    assert big(3)\n  }\n}\nmethod n()\n{\n  ${other}\n}\n`;
      expect(await verify(src('assert true'))).toEqual({ verdict: 'verified', failures: [] });
      const bad = await verify(src('assert two == 2').replace('assert big(3)', 'assert big(2)'));
      expect(bad.verdict).toBe('error');
      expect((await verify(src('assert true').replace('assert big(3)', 'assert big(2)'))).failures).toEqual([
        { line: 6, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );
});
