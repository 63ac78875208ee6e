// Set cardinality and multisets (setCardinality.ts, multisets.ts) through the real `symdap verify
// --json` (real Z3): the facts their axioms give are proved, each beside a failing twin that the
// axioms must not prove (a wrong cardinality, an element not there), and a program with them is
// not vacuous (`assert false` still fails).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-card-');

const T = 300_000;

const fails = (...lines: number[]) => ({
  verdict: 'failed',
  failures: lines.map((line) => ({ line, viperError: 'assert.failed:assertion.false' })),
});

describe('Viper set cardinality', () => {
  it(
    'the cardinality facts hold; a wrong one and assert false fail',
    async () => {
      const src = `method m(x: Int, s: Set[Int], t: Set[Int]) {
  assert |Set[Int]()| == 0
  assert |Set(1)| == 1 && |Set(1, 2, 2)| == 2
  assert |s union t| <= |s| + |t|
  assert |s setminus t| <= |s|
  assert x in s ==> |s| > 0
  assert |s| == 0 ==> !(x in s)
  assert !(x in s) ==> |s union Set(x)| == |s| + 1
}
method twin(x: Int, s: Set[Int], t: Set[Int]) {
  assert |s union t| == |s| + |t|
}
method refs(s: Set[Ref]) requires |s| == 2 {
  assert |s| == 1
}
method vacuous(s: Set[Int]) requires |s| >= 0 {
  assert false
}
`;
      expect(await verify(src)).toEqual(fails(11, 14, 17));
    },
    T,
  );
});

describe('Viper multisets', () => {
  it(
    'counts, cardinalities, union, difference, subset and equality; their failing twins',
    async () => {
      const src = `method m(B: Multiset[Int], n: Int, x: Int, y: Int)
  requires |B| == n && (x in B) > 0 && x != y
{
  var C: Multiset[Int] := B union Multiset(x, y)
  assert (x in C) > 1 && (y in C) > 0
  assert |C| == n + 2
  assert |Multiset(1, 2, 2)| == 3 && |Multiset[Int]()| == 0
  var D: Multiset[Int] := B setminus Multiset(x)
  assert |D| == n - 1
  assert B subset C
  assert (B intersection B) == B
  assert Multiset(1, 2) == Multiset(2, 1)
  assert Multiset(1) != Multiset(1, 1)
}
method twin1(B: Multiset[Int], x: Int) requires (x in B) == 1 {
  assert (x in (B setminus Multiset(x))) > 0
}
method twin2() {
  assert Multiset(1) == Multiset(1, 1)
}
method twin3(B: Multiset[Int], x: Int) requires (x in B) == 1 {
  assert |B| == 1
}
method twin4(B: Multiset[Int], x: Int) requires (x in B) == 1 {
  assert (B union B) subset B
}
method vacuous(B: Multiset[Ref]) requires |B| > 0 {
  assert false
}
`;
      expect(await verify(src)).toEqual(fails(16, 19, 22, 25, 28));
    },
    T,
  );
});
