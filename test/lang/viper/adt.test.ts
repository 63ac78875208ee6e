// Viper's ADTs through the real `symdap verify --json` (real Z3): constructors, destructors and
// discriminators with the ADT plugin's axioms (injectivity, tags, exhaustiveness) in programs that
// verify and twins that must fail, generic ADTs instantiated per type (`List[Int]`, `List[Bool]`,
// nested, inferred from the context), and what stays refused by name (derives clauses).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-adt-');

// Each program is several Z3 queries over quantified axioms: minutes on a loaded machine.
const T = 300_000;

const LIST = `adt List {
  Nil()
  Cons(head: Int, tail: List)
}
`;

const GENERIC = `adt L[T] {
  N()
  C(value: T, tail: L[T])
}
`;

const ASSERT_FAILED = 'assert.failed:assertion.false';

describe('Viper ADTs', () => {
  it(
    'constructors, destructors and discriminators verify; each axiom is needed and a wrong claim fails',
    async () => {
      const ok = `${LIST}
method m(xs: List) returns (ys: List)
  ensures ys.head == 3 && ys.tail == xs
{
  ys := Cons(3, xs)
  assert ys.isCons && !ys.isNil
  assert xs.isNil || xs.isCons
  assert Cons(1, Nil()) != Nil()
  assert Cons(1, xs) == Cons(1, xs)
  assert xs.isCons ==> xs == Cons(xs.head, xs.tail)
  assert Cons(1, Nil()).tail.isNil
}
`;
      expect(await verify(ok)).toEqual({ verdict: 'verified', failures: [] });
      const wrong = `${LIST}
method a(xs: List) {
  assert xs.isNil
}
method b(xs: List, ys: List) {
  assert xs == ys
}
method c(xs: List) {
  assert Cons(1, xs) != Cons(1, Nil())
}
method d() {
  assert Nil().head == 1
}
method e(x: Int, y: Int) {
  assert Cons(x, Nil()) == Cons(y, Nil())
}
`;
      const r = await verify(wrong);
      expect(r.verdict).toBe('failed');
      expect(r.failures).toEqual([7, 10, 13, 16, 19].map((line) => ({ line, viperError: ASSERT_FAILED })));
    },
    T,
  );

  it(
    'generic ADTs are instantiated per type, the type arguments found from arguments and context',
    async () => {
      const ok = `${GENERIC}
field f: L[Int]
method m(r: Ref)
  requires acc(r.f)
{
  var xs: L[Int] := C(1, N())
  var bs: L[Bool]
  bs := C(true, N())
  var nested: L[L[Int]] := C(xs, N())
  assert xs.value == 1 && xs.tail == N()
  assert bs.value && bs.tail.isN
  assert nested.value.value == 1
  assert (N(): L[Bool]) == (N(): L[Bool])
  r.f := C(2, xs)
  assert r.f.tail.value == 1
}
`;
      expect(await verify(ok)).toEqual({ verdict: 'verified', failures: [] });
      const wrong = `${GENERIC}
method m(bs: L[Bool]) {
  var xs: L[Int] := C(1, N())
  assert xs.tail.isC
}
method n(bs: L[Bool]) {
  assert bs.isC ==> bs.value
}
`;
      const r = await verify(wrong);
      expect(r.failures).toEqual([8, 11].map((line) => ({ line, viperError: ASSERT_FAILED })));
    },
    T,
  );

  it(
    'functions over ADTs: a postcondition about a destructor is used by the caller',
    async () => {
      const src = `adt Wrap { W(data: Int) }
function wrap(d: Int): Wrap
  ensures result.data == d
function len(xs: Wrap): Int { xs.data }
method m() {
  var x: Wrap := wrap(1)
  assert x.data == 1 && len(x) == 1
  assert x == W(1)
  assert x.isW
  assert x == W(2)
}
`;
      const r = await verify(src);
      expect(r.failures).toEqual([{ line: 10, viperError: ASSERT_FAILED }]);
    },
    T,
  );

  it(
    'derives clauses and generic domains stay refused by name',
    async () => {
      const derives = await verify(`${LIST.trimEnd()} derives { contains }\nmethod m() {}\n`);
      expect(derives.verdict).toBe('unsupported');
    },
    T,
  );
});
