// perm(P(…)) of a predicate instance on .vpr through the real CLI and Z3 (docs/viper.md "perm of
// a predicate instance"): the sum of the parts held of the instances that may be P(…), an
// aliased pair summed under the case split, fold and unfold moving the amount, an instance
// folded inside another counting none (Viper's), amounts above write, the impure assume of a
// predicate; perm(A --* B) of a wand, held as its shape's instance (lowerWand.ts); each with its
// MUST-fail twin.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-permpred-');
const DECLS = 'field f: Int\npredicate P(x: Ref) { acc(x.f) }\npredicate Q(x: Ref) { P(x) }\n';
const FAILED = 'assert.failed:assertion.false';

describe('perm(P(…)) of a predicate instance on .vpr', () => {
  it('sums the parts that may be the instance: exact, aliased, taken away; more than held fails', async () => {
    const src = `${DECLS}method m(x: Ref, y: Ref)
  requires acc(P(x), 1/2) && acc(P(y), 1/4)
{
  assert perm(P(x)) >= 1/2
  assert x == y ==> perm(P(x)) == 3/4
  assert x != y ==> perm(P(x)) == 1/2
  exhale acc(P(x), 1/4)
  assert perm(P(x)) >= 1/4
  assert perm(P(x)) > 1/2
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 12, viperError: FAILED }] });
  }, 60_000);

  it('two parts of the instance that may be one: asserting one part alone fails (x may be y)', async () => {
    const src = `${DECLS}method m(x: Ref, y: Ref)
  requires acc(P(x), 1/2) && acc(P(y), 1/2)
{
  assert perm(P(x)) == 1/2
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 7, viperError: FAILED }] });
  }, 60_000);

  it('fold and unfold move the amount; an instance folded inside another is not held on its own', async () => {
    const src = `${DECLS}method m(x: Ref)
  requires acc(x.f)
{
  assert perm(P(x)) == none
  fold P(x)
  assert perm(P(x)) == write
  fold Q(x)
  assert perm(P(x)) == none && perm(Q(x)) == write
  unfold Q(x)
  unfold P(x)
  assert perm(P(x)) == none
  fold acc(P(x), 1/2)
  assert perm(P(x)) == 1/2
  assert perm(P(x)) == write
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 17, viperError: FAILED }] });
  }, 60_000);

  it('amounts above write (an instance is not capped at write, unlike a field), in an ensures too', async () => {
    const src = `${DECLS}predicate R(x: Ref)
method m(x: Ref)
  ensures perm(R(x)) == 3/2
{
  inhale R(x)
  inhale acc(R(x), 1/2)
  assert perm(R(x)) == 3/2
  assert perm(R(x)) <= write
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 11, viperError: FAILED }] });
  }, 60_000);

  it("assume of a predicate's part reads perm(): held, it goes on; a failing assert after it is still caught", async () => {
    const src = `${DECLS}method m(x: Ref)
  requires acc(P(x), 1/2)
{
  assume acc(P(x), 1/2)
  assert perm(P(x)) >= 1/2
  assert perm(P(x)) >= write
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 9, viperError: FAILED }] });
  }, 60_000);

  it('inside an exhale it reads what is left, inside an inhale what is produced; old and labels read their heap', async () => {
    const src = `${DECLS}method a(x: Ref)
  requires P(x)
{
  exhale acc(P(x), 1/2) && perm(P(x)) == 1/2
  inhale acc(P(x), 1/4) && perm(P(x)) == 3/4
  assert old(perm(P(x))) == write
  label l
  exhale acc(P(x), 3/4)
  assert old[l](perm(P(x))) == 3/4 && perm(P(x)) == none
}
method b(x: Ref)
  requires P(x)
{
  exhale acc(P(x), 1/2) && perm(P(x)) == write
}
method c(x: Ref)
  requires P(x)
{
  label l
  exhale P(x)
  assert old[l](perm(P(x))) == none
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 17, viperError: 'exhale.failed:assertion.false' },
        { line: 24, viperError: FAILED },
      ],
    });
  }, 60_000);

  it("perm() in a function body is Silver's consistency error (no verdict over the caller's heap)", async () => {
    const src = `${DECLS}function g(x: Ref): Perm
  requires acc(P(x), wildcard)
{ perm(P(x)) }
`;
    expect(await verify(src)).toEqual({ verdict: 'error', failures: [] });
  }, 60_000);
});

describe('perm(A --* B) of a magic wand on .vpr', () => {
  const WANDS = 'field f: Int\nfield g: Int\n';
  it('sums the wands of one shape whose holes may be equal; apply takes it; an inhaled amount names the wand', async () => {
    const src = `${WANDS}method alias(x: Ref, y: Ref) {
  inhale acc(x.f) --* acc(x.g)
  inhale acc(y.f) --* acc(y.g)
  if (x == y) {
    assert perm(acc(x.f) --* acc(x.g)) == 2 * write
    assert perm(acc(x.f) --* acc(x.g)) == write
  }
}
method app(x: Ref) {
  inhale acc(x.f)
  inhale acc(x.f) --* acc(x.g)
  apply acc(x.f) --* acc(x.g)
  assert perm(acc(x.f) --* acc(x.g)) == none
  assert perm(acc(x.f) --* acc(x.g)) == write
}
method inh(x: Ref, y: Ref) {
  inhale acc(x.f) --* acc(x.g)
  inhale perm(acc(y.f) --* acc(y.g)) == write
  assert x == y
  assert perm(acc(x.g) --* acc(x.f)) == none && perm(acc(x.f, 1/2) --* acc(x.g)) == none
  assert perm(acc(x.g) --* acc(x.f)) > none
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 8, viperError: FAILED },
        { line: 16, viperError: FAILED },
        { line: 23, viperError: FAILED },
      ],
    });
  }, 60_000);
});
