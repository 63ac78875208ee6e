// `quasihavocall x̄ :: [c ==>] e(x̄).f` and `… ==> P(ē(x̄))` through the real CLI and Z3 (docs/viper.md
// "quasihavoc"): every held location (instance) the binders select forgets its value, whatever
// the permission held, in point chunks or a quantified chunk; one certainly not selected keeps
// it; the target must be injective in the binders where c holds (`quasihavocall.not.injective`).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-quasihavocall-');
const FIELD = 'field f: Int\n';
const PRED = 'field f: Int\npredicate p(x: Ref, y: Ref) {\n  acc(x.f) && acc(y.f) && x.f > 0\n}\n';

describe('quasihavocall on .vpr', () => {
  it('a location the binders select forgets its value (kept, the assert would be missed)', async () => {
    const src = `${FIELD}method m(s: Set[Ref], x: Ref, y: Ref)
  requires acc(x.f) && x.f == 3 && acc(y.f, 1/2) && y.f == 4
  requires x in s && y in s
{
  quasihavocall z: Ref :: z in s ==> z.f
  assert y.f == 4 || x.f == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a location not selected keeps its value; a false condition selects none', async () => {
    const src = `${FIELD}method out(s: Set[Ref], x: Ref)
  requires acc(x.f) && x.f == 3 && !(x in s)
{
  quasihavocall z: Ref :: z in s ==> z.f
  assert x.f == 3
}
method none(x: Ref)
  requires acc(x.f) && x.f == 3
{
  quasihavocall z: Ref :: false ==> z.f
  assert x.f == 3
}
method nothingHeld(s: Set[Ref])
{
  quasihavocall z: Ref :: z in s ==> z.f
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('an injective index: the selected one forgets, another keeps', async () => {
    const src = `${FIELD}method m(xs: Seq[Ref], a: Ref, b: Ref)
  requires forall i: Int, j: Int :: 0 <= i && i < j && j < |xs| ==> xs[i] != xs[j]
  requires |xs| > 1 && xs[0] == a && xs[1] == b
  requires acc(a.f) && a.f == 1 && acc(b.f) && b.f == 2
{
  quasihavocall i: Int :: 1 <= i && i < |xs| ==> xs[i].f
  assert a.f == 1
  assert b.f == 2
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 9, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a target that may not be injective in the binders, or not defined where c holds, is an error', async () => {
    const src = `${FIELD}method m(s: Seq[Ref])
{
  quasihavocall i: Int :: 0 <= i && i < |s| ==> s[i].f
}
method unguarded(s: Seq[Ref])
  requires forall i: Int, j: Int :: 0 <= i && i < j && j < |s| ==> s[i] != s[j]
{
  quasihavocall i: Int :: i < |s| ==> s[i].f
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 4, viperError: 'quasihavocall.failed:quasihavocall.not.injective' },
        { line: 9, viperError: 'quasihavocall.failed:seq.index.negative' },
      ],
    });
  }, 60_000);

  it('predicate instances: a selected one forgets its values but keeps its body facts', async () => {
    const src = `${PRED}method selected(s: Set[Ref], a: Ref, b: Ref)
  requires acc(a.f) && acc(b.f) && a.f == 3 && a in s
{
  fold p(a, b)
  quasihavocall z: Ref :: z in s ==> p(z, b)
  unfold p(a, b)
  assert a.f > 0
  assert a.f == 3
}
method other(s: Set[Ref], a: Ref, b: Ref)
  requires acc(a.f) && acc(b.f) && a.f == 3 && !(a in s)
{
  fold p(a, b)
  quasihavocall z: Ref :: z in s ==> p(z, b)
  unfold p(a, b)
  assert a.f == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 12, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a field held through quantified permissions: quasihavocall and quasihavoc havoc its quantified chunk where they select', async () => {
    const src = `${FIELD}method all(s: Set[Ref], t: Set[Ref], a: Ref, b: Ref)
  requires forall x: Ref :: x in s ==> acc(x.f) && x.f == 3
  requires forall x: Ref :: x in t ==> acc(x.f)
  requires a in s && b in t
{
  quasihavocall x: Ref :: x in t ==> x.f
  assert forall q: Ref :: q in s ==> q.f == 3
  assert a.f == 3
  assert b.f == 0
}
method one(s: Set[Ref], a: Ref, b: Ref)
  requires forall x: Ref :: x in s ==> acc(x.f) && x.f == 3
  requires a in s && b in s && a != b
{
  quasihavoc a.f
  assert b.f == 3
  assert a.f == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 10, viperError: 'assert.failed:assertion.false' },
        { line: 18, viperError: 'assert.failed:assertion.false' },
      ],
    });
  }, 60_000);
});
