// Viper's generic domains through the real CLI and Z3 (docs/viper.md, Generic domains): type
// arguments inferred from arguments, from the expected type and from `(e : T)`; one instance per
// type (an axiom about D[Int] says nothing of D[Bool]); an axiom of a generic domain that a
// non-generic one states about another's instance; unique constants per instance; Silver's
// defaults for what stays uninferred; type errors at their line and column.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';
import { symdap } from '../../support/cli';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const verify = scratchVerifier('symdap-generic-');

const LIST = `domain List[T] {
  function nil(): List[T]
  function cons(x: T, xs: List[T]): List[T]
  function len(xs: List[T]): Int
  function head(xs: List[T]): T
  axiom { len((nil() : List[T])) == 0 }
  axiom { forall x: T, xs: List[T] :: len(cons(x, xs)) == len(xs) + 1 }
  axiom { forall x: T, xs: List[T] :: head(cons(x, xs)) == x }
  axiom { forall x: T, xs: List[T] :: cons(x, xs) != nil() }
}
`;

describe('Viper generic domains', () => {
  it('infers type arguments from arguments, expected types and ascriptions, nested instances included', async () => {
    const r = await verify(`${LIST}
method ok(r: Ref, s: Seq[Int], xs: List[List[Int]]) {
  var n: List[Int] := nil()
  assert len(n) == 0
  assert len(cons(1, cons(2, n))) == 2
  assert head(cons(r, nil())) == r
  var ss: List[Seq[Int]] := cons(s, nil())
  assert head(ss) == s
  assert len((nil() : List[Bool])) == 0
  assert cons(true, nil()) != nil()
  assert len(cons(n, xs)) == len(xs) + 1
}
`);
    expect(r).toEqual({ verdict: 'verified', failures: [] });
  }, 180_000);

  it('fails what the axioms do not imply, with its Viper id', async () => {
    const r = await verify(`${LIST}
method bad(xs: List[Int], b: Bool) {
  assert len(xs) == 0
  assert head(cons(b, nil())) == true
}
`);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([
      { line: 13, viperError: 'assert.failed:assertion.false' },
      { line: 14, viperError: 'assert.failed:assertion.false' },
    ]);
  }, 180_000);

  it('an axiom about one instance does not hold of another', async () => {
    const r = await verify(`domain Tag[T] {
  function tag(x: T): Int
}
domain IntTags {
  axiom { forall x: Int :: tag(x) == 1 }
}
method m(i: Int, b: Bool) {
  assert tag(i) == 1
  //:: ExpectedOutput(assert.failed:assertion.false)
  assert tag(b) == 1
}
`);
    expect(r.verdict).toBe('failed');
    expect(r.failures).toEqual([{ line: 10, viperError: 'assert.failed:assertion.false' }]);
  }, 180_000);

  it("instantiates a generic domain's axiom that speaks of another domain's function (Silicon's rule)", async () => {
    const r = await verify(`domain Hide[A] {
  function hide(a: A): Int
}
domain Facts[B] {
  axiom { forall r: Ref :: hide(r) < 0 }
}
method m() {
  assert hide(null) < 0
  //:: ExpectedOutput(assert.failed:assertion.false)
  assert hide(0) < 0
}
`);
    expect(r.failures).toEqual([{ line: 10, viperError: 'assert.failed:assertion.false' }]);
  }, 180_000);

  it("an uninferred type argument is the domain's own in its axioms, Int elsewhere (Silver)", async () => {
    const r = await verify(`domain Option[T] {
  function none_(): Option[T]
  function discr(o: Option[T]): Int
  axiom { discr(none_()) == 0 }
}
method m() {
  assert discr((none_() : Option[Bool])) == 0
  assert discr(none_()) == 0
  //:: ExpectedOutput(assert.failed:assertion.false)
  assert discr((none_() : Option[Ref])) == 1
}
`);
    expect(r.failures).toEqual([{ line: 10, viperError: 'assert.failed:assertion.false' }]);
  }, 180_000);

  it('unique constants are distinct within each instance', async () => {
    const r = await verify(`domain Color[T] {
  unique function red(): Color[T]
  unique function green(): Color[T]
}
method m() {
  assert (red() : Color[Int]) != green()
  assert (red() : Color[Bool]) != green()
}
`);
    expect(r).toEqual({ verdict: 'verified', failures: [] });
  }, 180_000);
});

describe('Viper generic domains: type errors', () => {
  it('reports a type argument that contradicts the expected type, and wrong numbers of type arguments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'symdap-generic-err-'));
    try {
      const file = join(dir, 'e.vpr');
      await writeFile(
        file,
        `domain Box[T] {
  function box(x: T): Box[T]
}
method m() {
  var b: Box[Int] := box(true)
  var c: Box := box(1)
}
`,
      );
      const r = await symdap('verify', file);
      expect(r.out + r.err).toContain(
        "e.vpr:5:22: error: type error: 'box(…)' has type Box[Bool], but Box[Int] is expected",
      );
      expect(r.out + r.err).toContain("e.vpr:6:3: error: wrong number of type arguments for 'Box': expected 1, got 0");
      expect(r.out + r.err).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
