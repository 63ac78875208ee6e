// One expected type for three readings (docs/viper.md "One expected type"): the type a context
// expects of an expression decides Silver's typing of `/`, a generic domain function's type
// arguments and a generic ADT constructor's instance, and each passes it on to its arguments. Through
// the real CLI and Z3: `7 / 2` is the integer 3 where a constructor's or a domain function's
// parameter is an Int, and the fraction 7/2 where it is a Perm; each program that must fail fails.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-expected-');
const T = 120_000;

const DECLS = `adt List[T] { Nil()  Cons(head: T, tail: List[T]) }

domain Box[T] {
  function box(x: T): Box[T]
  function get(b: Box[T]): T
  function empty(): Box[T]
  axiom { forall x: T :: { box(x) } get(box(x)) == x }
}
`;

describe('the expected type, shared by arithmetic, generic domains and ADTs', () => {
  it(
    'a constructor and a domain function expect their parameters types of their arguments',
    async () => {
      const src = `${DECLS}
method ints()
{
  var l: List[Int] := Cons(7 / 2, Nil())
  assert l.head == 3
  var b: Box[Int] := box(7 / 2)
  assert get(b) == 3
  var bl: List[Box[Int]] := Cons(box(9 / 2), Nil())
  assert get(bl.head) == 4
}

method perms()
{
  var l: List[Perm] := Cons(1 / 2, Nil())
  assert l.head + l.head == write
  var b: Box[Perm] := box(1 / 4)
  assert get(b) * 4 == write
}

method badInt()
{
  var l: List[Int] := Cons(7 / 2, Nil())
  assert l.head == 4
}

method badPerm()
{
  var b: Box[Perm] := box(1 / 2)
  assert get(b) == 0 / 1
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 31, viperError: 'assert.failed:assertion.false' },
          { line: 37, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );

  it(
    'the other side of == decides the instance of a constructor or a domain function, through a conditional',
    async () => {
      const src = `${DECLS}
method m(c: Bool, l: List[Bool], b: Box[Bool])
  requires l == (c ? Nil() : Cons(true, Nil()))
  requires get(b) == c && (c ? empty() : b) != empty()
{
  assert c ==> l.isNil
  assert !c ==> l.head
  assert get(box(c)) == get(b)
  assert b != empty()
}

method bad(c: Bool, l: List[Bool])
  requires l == (c ? Nil() : Cons(true, Nil()))
{
  assert l.isNil
}
`;
      expect(await verify(src)).toEqual({
        verdict: 'failed',
        failures: [{ line: 23, viperError: 'assert.failed:assertion.false' }],
      });
    },
    T,
  );
});
