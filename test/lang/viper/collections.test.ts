// Viper's sets and sequences through the real `symdap verify --json` (real Z3): each operation in
// a program that verifies and its twin that fails, the seq index checks with Viper's reasons
// (seq.index.negative, seq.index.length), and the constructs that stay refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-coll-');

const T = 120_000;

const SETS = `method m(s: Set[Int], r: Ref)
  requires 3 in s
{
  var t: Set[Int] := s union Set(4)
  assert 3 in t && 4 in t
  assert Set(1, 2) subset Set(1, 2, 3)
  assert !(5 in Set[Int]())
  assert (s setminus Set(3)) intersection Set(3) == Set()
  assert r in Set(r, null)
  assert forall x: Int :: x in Set(1, 2) ==> x > 0
}
`;

const SEQS = `method m(q: Seq[Int])
  requires |q| == 2 && q[0] == 5
{
  var u: Seq[Int] := q ++ Seq(7)
  assert |u| == 3 && u[2] == 7 && u[0] == 5
  assert u[1..] == q[1..] ++ Seq(7)
  assert u[..1] == Seq(5)
  assert u[1..2] == Seq(q[1])
  assert u[0 := 9][0] == 9 && u[0 := 9][2] == 7
  assert [0..3) == Seq(0, 1, 2)
  assert 7 in u
  assert forall i: Int :: 0 <= i && i < |q| ==> q[i] in u
}
`;

describe('Viper sets and sequences', () => {
  it(
    'set literals, union, intersection, setminus, subset and in verify, and a wrong claim fails',
    async () => {
      expect(await verify(SETS)).toEqual({ verdict: 'verified', failures: [] });
      const wrong = await verify('method m(s: Set[Int])\n{\n  assert 3 in (s union Set(4))\n}\n');
      expect(wrong.failures).toEqual([{ line: 3, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    'sequence literals, |s|, indexing, ++, slices, updates, ranges and in verify; a wrong claim fails',
    async () => {
      expect(await verify(SEQS)).toEqual({ verdict: 'verified', failures: [] });
      const wrong = await verify('method m(q: Seq[Int])\n  requires |q| > 0\n{\n  assert q[0] in q[1..]\n}\n');
      expect(wrong.failures).toEqual([{ line: 4, viperError: 'assert.failed:assertion.false' }]);
    },
    T,
  );

  it(
    "an index out of range is Viper's seq.index.negative or seq.index.length, at the construct",
    async () => {
      const r = await verify(
        'method m(q: Seq[Int], i: Int) returns (x: Int)\n  requires |q| == 2\n{\n  x := q[i]\n}\n',
      );
      // As Silicon: the negative case is checked first and ends the path.
      expect(r.failures).toEqual([{ line: 4, viperError: 'assignment.failed:seq.index.negative' }]);
      const update = await verify('method m(q: Seq[Int])\n  requires |q| == 2\n{\n  assert q[2 := 0] == q\n}\n');
      expect(update.failures).toEqual([{ line: 4, viperError: 'assert.failed:seq.index.length' }]);
      const guarded = await verify(
        'method m(q: Seq[Int], i: Int) returns (x: Int)\n  requires 0 <= i && i < |q|\n{\n  x := q[i]\n}\n',
      );
      expect(guarded).toEqual({ verdict: 'verified', failures: [] });
    },
    T,
  );

  it(
    'a field of type Seq[Ref] read under its permission, and a missing permission reported',
    async () => {
      const src = `field xs: Seq[Ref]\nfield v: Int\nmethod m(this: Ref)\n  requires acc(this.xs) && |this.xs| > 0 && acc(this.xs[0].v)\n{\n  this.xs[0].v := 1\n  assert this.xs[0].v == 1\n}\n`;
      expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
    },
    T,
  );

  it(
    'ranges with non-literal bounds stay refused by name',
    async () => {
      const range = await verify('method m(n: Int)\n{\n  assert |[0..n)| == n\n}\n');
      expect(range.verdict).toBe('unsupported');
    },
    T,
  );
});
