// Parts of instances of predicates that hold a quantified field (docs/design.md B.10 and
// "Fractions of predicate instances"), through the real `symdap verify --json` (real Z3): the
// instance's fragment holds its part of the field's chunk as an amount function, scaled when the
// instance is split, joined or taken at a wildcard (state/instanceAmounts.ts). Every program that
// verifies has a twin one line longer that must fail: a part never holds more than it was given.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-qpparts-');

const T = 120_000;
const OK = { verdict: 'verified', failures: [] };
const ASSERT = 'assert.failed:assertion.false';
const WRITE = 'assignment.failed:insufficient.permission';

// `f` is a quantified field (held under a forall), so P's body holds part of f's quantified chunk.
const HEAD =
  'field f: Int\npredicate P(x: Ref) { acc(x.f) && 0 <= x.f }\nmethod m(s: Set[Ref], x: Ref)\n  requires forall r: Ref :: r in s ==> acc(r.f)\n';

/** The program with `body` as m's statements (line 7 is the first), and its twin with `extra` after them. */
async function twins(requires: string, body: string[], extra: string): Promise<{ ok: unknown; bad: unknown }> {
  const src = (lines: string[]) => `${HEAD}  requires ${requires}\n{\n${lines.map((l) => `  ${l}\n`).join('')}}\n`;
  return { ok: await verify(src(body)), bad: (await verify(src([...body, extra]))).failures };
}

describe('Viper: parts of an instance of a predicate holding a quantified field', () => {
  it(
    'half an instance unfolded reads its field and does not write it',
    async () => {
      const r = await twins('acc(P(x), 1/2)', ['unfold acc(P(x), 1/2)', 'assert x.f >= 0'], 'x.f := 1');
      expect(r.ok).toEqual(OK);
      expect(r.bad).toEqual([{ line: 9, viperError: WRITE }]);
    },
    T,
  );

  it(
    'a whole instance split: the half left unfolds to exactly half of the location',
    async () => {
      const body = ['exhale acc(P(x), 1/2)', 'unfold acc(P(x), 1/2)', 'assert perm(x.f) == 1/2'];
      const r = await twins('P(x)', body, 'assert perm(x.f) == write');
      expect(r.ok).toEqual(OK);
      expect(r.bad).toEqual([{ line: 10, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'two halves folded apart unfold as one whole, with the value written before',
    async () => {
      const body = ['fold acc(P(x), 1/2)', 'fold acc(P(x), 1/2)', 'unfold P(x)', 'x.f := x.f + 1', 'assert x.f == 3'];
      const r = await twins('acc(x.f) && x.f == 2', body, 'assert x.f == 4');
      expect(r.ok).toEqual(OK);
      expect(r.bad).toEqual([{ line: 12, viperError: ASSERT }]);
    },
    T,
  );

  it(
    'a Perm-variable part holds the body at that part: a write needs it to be write',
    async () => {
      const src = (rd: string) =>
        'field next: Ref\npredicate Valid(ns: Set[Ref]) { forall n: Ref :: n in ns ==> acc(n.next) }\n' +
        `method m(ns: Set[Ref], rd: Perm, y: Ref)\n  requires ${rd} && y in ns\n  requires acc(Valid(ns), rd)\n{\n` +
        '  unfold acc(Valid(ns), rd)\n  var t: Ref := y.next\n  fold acc(Valid(ns), rd)\n  unfold acc(Valid(ns), rd)\n  y.next := null\n}\n';
      expect(await verify(src('rd == write'))).toEqual(OK);
      expect((await verify(src('rd > none'))).failures).toEqual([{ line: 11, viperError: WRITE }]);
    },
    T,
  );

  it(
    'a wildcard part reads; unfolded, it gives back less than the fold put in',
    async () => {
      const read = await twins(
        'acc(P(x), 1/2)',
        ['unfold acc(P(x), wildcard)', 'assert x.f >= 0', 'assert perm(x.f) > none'],
        'x.f := 1',
      );
      expect(read.ok).toEqual(OK);
      expect(read.bad).toEqual([{ line: 10, viperError: WRITE }]);
      const body = [
        'fold acc(P(x), wildcard)',
        'assert perm(x.f) < 1/2',
        'unfold acc(P(x), wildcard)',
        'assert x.f == 3',
      ];
      const back = await twins('acc(x.f, 1/2) && x.f == 3', body, 'assert perm(x.f) == 1/2');
      expect(back.ok).toEqual(OK);
      expect(back.bad).toEqual([{ line: 11, viperError: ASSERT }]);
    },
    T,
  );
});
