// Abstract and recursive functions applied under a quantifier (docs/design.md B.11), through the
// real `symdap verify --json` and Z3: each program that verifies has a twin that must fail with
// Viper's id on its line (a property that holds for some inputs only; a precondition broken for
// some value of the binder).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qfn-');

const T = 240_000;
const OK = { verdict: 'verified', failures: [] };

describe('functions applied under a quantifier', () => {
  it(
    "an abstract function is the solver's function of its arguments, its postcondition known under the binder",
    async () => {
      const src = (k: string) =>
        `function idx(a: Int, n: Int): Int\n  ensures 0 <= result && result < n\n` +
        `method m(xs: Seq[Int], n: Int)\n{\n  inhale 10 < n && n <= |xs|\n` +
        `  inhale forall i: Int :: 0 <= i && i < n ==> xs[idx(i, n)] == i\n  assert xs[idx(${k}, n)] == ${k}\n}\n`;
      expect(await verify(src('3'))).toEqual(OK);
      // 12 < n only for some n: the fact is not known for it.
      expect((await verify(src('12'))).failures).toEqual([{ line: 7, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    "a precondition broken for some value of the binder is Viper's application.precondition",
    async () => {
      const src = (guard: string) =>
        `function g(x: Int): Int\n  requires x > 0\nmethod m()\n{\n  assume forall i: Int :: ${guard} ==> g(i) > 0\n}\n`;
      expect(await verify(src('i > 0'))).toEqual(OK);
      expect((await verify(src('i >= 0'))).failures).toEqual([
        { line: 5, viperError: 'application.precondition:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a recursive function is unrolled once under the binder (limited inside), and a false property fails',
    async () => {
      const src = (prop: string) =>
        `function sum(n: Int): Int\n  requires n >= 0\n  ensures result >= 0\n{ n == 0 ? 0 : n + sum(n - 1) }\n` +
        `method m()\n{\n  assert forall n: Int :: n >= 1 ==> ${prop}\n}\n`;
      // sum(n) == n + sum%limited(n - 1), whose postcondition is known: sum(n) >= n.
      expect(await verify(src('sum(n) >= n'))).toEqual(OK);
      // False at n == 1 (sum(1) == 1).
      expect((await verify(src('sum(n) > n'))).failures).toEqual([
        { line: 7, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );

  it(
    'a heap-dependent recursive function under a binder is one function of its snapshot and arguments',
    async () => {
      const src = (post: string) =>
        'field next: Ref\nfield val: Int\n' +
        'predicate valid(this: Ref) {\n  acc(this.next) && acc(this.val) && (this.next != null ==> valid(this.next))\n}\n' +
        'function has(this: Ref, i: Int): Bool\n  requires valid(this)\n' +
        '{ unfolding valid(this) in i == this.val || (this.next != null && has(this.next, i)) }\n' +
        'method init(this: Ref, v: Int)\n  requires acc(this.next) && acc(this.val)\n' +
        `  ensures valid(this) && (forall y: Int :: has(this, y) == (${post}))\n` +
        '{\n  this.next := null\n  this.val := v\n  fold valid(this)\n}\n' +
        'method client(this: Ref)\n  requires acc(this.next) && acc(this.val)\n{\n  init(this, 4)\n  assert has(this, 4)\n}\n';
      expect(await verify(src('y == v'))).toEqual(OK);
      // The postcondition fails, and the client's assertion with it (has(this, 4) is then false).
      expect((await verify(src('y == v + 1'))).failures).toEqual([
        { line: 11, viperError: 'postcondition.violated:assertion.false' },
        { line: 21, viperError: 'assert.failed:assertion.false' },
      ]);
    },
    T,
  );
});
