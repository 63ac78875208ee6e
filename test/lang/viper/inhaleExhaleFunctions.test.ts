// Inhale-exhale assertions `[A, B]` in a function's contract (issue 24) through the real CLI and
// Z3 (docs/viper.md "Inhale-exhale assertions in functions"): an application checks B and knows
// the body's value only where A holds; the body and the postcondition's check assume A; the
// postcondition is checked as B and assumed as A at applications. `[A, A]` is A anywhere. A side
// with a permission the other does not hold makes applications abstract; `[A, B]` in a
// predicate is refused by name unless its sides hold the same permissions in another order. Each case verifies and
// fails, so no test passes whatever side is read.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-inex-fn-');
const T = 60_000;

describe('inhale-exhale assertions in functions', () => {
  it(
    'requires [A, true]: no check at an application; the value is the body only where A holds',
    async () => {
      const src = `function big(i: Int): Int
  requires [i > 17, true]
  ensures result > 17
{ i }
method m(k: Int) {
  assert big(k) > 17
  assert big(20) == 20
  assert big(5) == 5
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 8, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );

  it(
    'requires [true, B]: each application checks B; the postcondition is checked without it',
    async () => {
      const src = `function big(i: Int): Int
  requires [true, i > 17]
  ensures result > 17
{ i }
method m() {
  assert big(20) == 20
  assert big(3) > 17
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 3, viperError: 'postcondition.violated:assertion.false' },
          { line: 7, viperError: 'application.precondition:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    "a function body's application of one with [A, B] checks B there, even where no method applies it",
    async () => {
      const src = `function big(i: Int): Int
  requires [true, i > 17]
  ensures result > 17
{ 18 }
function caller(k: Int): Int
{
  big(k)
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 7, viperError: 'application.precondition:assertion.false' }],
      });
    },
    T,
  );

  it(
    'ensures [A, B]: the check reads B, applications assume A',
    async () => {
      const src = `function pos(i: Int): Int
  ensures [result > 0, true]
function zero(i: Int): Int
  ensures [true, result > 0]
{ 0 }
method m(k: Int) {
  assert pos(k) > 0
  assert pos(k) > 1
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 4, viperError: 'postcondition.violated:assertion.false' },
          { line: 8, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'both sides of a requires must be well-defined, and any division in a requires',
    async () => {
      const src = `function a(x: Int): Int
  requires [x != 0, true]
  requires 1 \\ x != 2
function b(x: Int): Int
  requires [true, x != 0]
  requires [true, 1 \\ x != 2]
function c(x: Int): Int
  requires 1 \\ x != 2
{ 1 }
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 3, viperError: 'not.wellformed:division.by.zero' },
          { line: 8, viperError: 'not.wellformed:division.by.zero' },
        ],
      });
    },
    T,
  );

  it(
    '[A, A] is A; sides with permissions and [A, B] in a predicate are refused by name',
    async () => {
      const field = 'field f: Int\n';
      const same = `${field}function get(x: Ref): Int
  requires [acc(x.f), acc(x.f)]
{ x.f }
method m(x: Ref)
  requires acc(x.f)
{
  x.f := 4
  assert get(x) == 4
  assert get(x) == 5
}
`;
      expect(await verify(same)).toEqual({
        verdict: 'failed',
        failures: [{ line: 10, viperError: 'assert.failed:assertion.false' }],
      });
      // A permutation of the same permissions is one side (Silver's silicon/0271.vpr): the
      // snapshot keeps each field's value, in a function and in a predicate.
      const pred = `${field}field g: Int
predicate p(x: Ref) { [acc(x.f) && acc(x.g), acc(x.g) && acc(x.f)] }
function getf(x: Ref): Int
  requires [acc(x.f) && acc(x.g), acc(x.g) && acc(x.f)]
{ x.f }
method m(x: Ref)
{
  inhale acc(x.f) && x.f == 22
  inhale acc(x.g) && x.g == 3
  fold p(x)
  unfold p(x)
  assert x.f == 22 && x.g == 3
  assert getf(x) == 22
  assert getf(x) == 3
}
`;
      expect(await verify(pred)).toEqual({
        verdict: 'failed',
        failures: [{ line: 15, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );

  it(
    'requires [acc(x.f) && x.f >= 0, true]: the body reads what no application holds, so applications are abstract',
    async () => {
      // Were the body's value known over B's footprint (nothing), a == 1 and b == 2 would both
      // follow for one application: false, and every assertion after it verified.
      const src = `field f: Int
function g(x: Ref): Int
  requires [acc(x.f) && x.f >= 0, true]
  ensures result >= 0
{ x.f }
method m(x: Ref)
{
  inhale acc(x.f) && x.f == 1
  var a: Int := g(x)
  x.f := 2
  var b: Int := g(x)
  assert a == b && a >= 0
  assert a == 1
  assert false
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 13, viperError: 'assert.failed:assertion.false' },
          { line: 14, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );
});
