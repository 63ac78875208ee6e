// Predicates whose bodies hold quantified fields (docs/design.md B.10, "Predicates over quantified
// fields"), through the real `symdap verify --json` (real Z3): a quantified permission in a
// predicate body, and a plain `acc(x.f)` of a field quantified elsewhere. Fold takes the part
// from the field's chunk, unfold gives it back, `unfolding` reads it, a function over the
// instance sees a write inside it; each passing program has a twin that must fail. What is not
// built (a snapshot predicate) is refused by name; parts: quantifiedPredicateParts.test.ts.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpbody-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const ASSERT = 'assert.failed:assertion.false';
const WRITE = 'assignment.failed:insufficient.permission';

const ALL = 'field f: Int\npredicate All(s: Set[Ref]) { forall r: Ref :: r in s ==> acc(r.f) }\n';
const P = 'field f: Int\npredicate P(x: Ref) { acc(x.f) }\n';
const QP = 'requires forall r: Ref :: r in s ==> acc(r.f)\n  requires x in s\n';

describe('Viper: quantified fields inside predicate bodies', () => {
  it(
    'a quantified permission in a body: a write between unfold and fold is read back, and nothing else',
    async () => {
      const src = (v: string) =>
        `${ALL}method m(s: Set[Ref], x: Ref)\n  requires All(s) && x in s\n{\n  unfold All(s)\n  x.f := 3\n  fold All(s)\n  assert (unfolding All(s) in x.f) == ${v}\n}\n`;
      expect(await verify(src('3'))).toEqual(OK);
      expect((await verify(src('4'))).failures).toEqual([{ line: 9, viperError: ASSERT }]);
    },
    T,
  );

  it(
    "a function over the instance changes with a write inside it, as Silicon's snapshot does",
    async () => {
      const src = (write: string) =>
        `${ALL}function get(s: Set[Ref], x: Ref): Int\n  requires All(s) && x in s\n{ unfolding All(s) in x.f }\nmethod m(s: Set[Ref], x: Ref)\n  requires All(s) && x in s\n{\n  var a: Int := get(s, x)\n  unfold All(s)\n  ${write}\n  fold All(s)\n  assert get(s, x) == a\n}\n`;
      expect(await verify(src('x.f := x.f'))).toEqual(OK);
      expect((await verify(src('x.f := x.f + 1'))).failures).toEqual([{ line: 13, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'a plain acc(x.f) of a quantified field: fold takes it from the quantified chunk, unfold gives it back',
    async () => {
      const src = (between: string) =>
        `${P}method m(s: Set[Ref], x: Ref)\n  ${QP}{\n  x.f := 5\n  fold P(x)\n  ${between}\n  assert x.f == 5\n}\n`;
      expect(await verify(src('unfold P(x)'))).toEqual(OK);
      // Folded, the location is held by the instance only.
      expect((await verify(src('x.f := 5'))).failures).toEqual([{ line: 9, viperError: WRITE }]);
    },
    T,
  );

  it(
    "an instance produced by a callee's ensures keeps the location it holds apart from the quantified chunk",
    async () => {
      const src = (after: string) =>
        `${P}method mk(x: Ref)\n  requires acc(x.f)\n  ensures P(x)\nmethod m(s: Set[Ref], x: Ref)\n  ${QP}{\n  mk(x)\n  ${after}\n  x.f := 1\n}\n`;
      expect(await verify(src('unfold P(x)'))).toEqual(OK);
      expect((await verify(src(''))).failures).toEqual([{ line: 12, viperError: WRITE }]);
    },
    T,
  );

  it(
    'a snapshot predicate holding a quantified field is refused by name',
    async () => {
      const rec =
        'field f: Int\nfield n: Ref\npredicate L(x: Ref) { acc(x.f) && acc(x.n) && (x.n != null ==> L(x.n)) }\nmethod m(s: Set[Ref])\n  requires forall r: Ref :: r in s ==> acc(r.f)\n{}\n';
      expect((await verify(rec)).verdict).toBe('unsupported');
    },
    T,
  );
});
