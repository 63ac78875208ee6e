// `quasihavoc [c ==>] P(ē)` through the real CLI and Z3 (docs/viper.md "assume, asserting and
// quasihavoc of predicates"): a held instance that may be P(ē) forgets what it holds where c
// holds; an instance certainly another one, a part held beside it, or no instance at all, keep
// their contents, and no permission is needed.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-quasihavoc-pred-');
const PRED = 'field f: Int\npredicate p(x: Ref) {\n  acc(x.f)\n}\n';

describe('quasihavoc of a predicate instance on .vpr', () => {
  it('the instance held forgets its contents', async () => {
    const src = `${PRED}method m(x: Ref)
  requires acc(x.f) && x.f == 4
{
  fold p(x)
  quasihavoc p(x)
  unfold p(x)
  assert x.f == 4
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 11, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('another instance, a false condition, or no instance held: nothing changes', async () => {
    const src = `${PRED}method other(x: Ref, y: Ref)
  requires acc(x.f) && x.f == 42
{
  fold p(x)
  quasihavoc x != y ==> p(y)
  assume x != y
  unfold p(x)
  assert x.f == 42
}
method none(x: Ref)
{
  quasihavoc p(x)
}
method conditional(x: Ref, b: Bool)
  requires acc(x.f) && x.f == 3
{
  fold p(x)
  quasihavoc b ==> p(x)
  unfold p(x)
  assume !b
  assert x.f == 3
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('an instance that may be the target forgets where it is', async () => {
    const src = `${PRED}method m(x: Ref, y: Ref)
  requires acc(x.f) && x.f == 42
{
  fold p(x)
  quasihavoc p(y)
  unfold p(x)
  assert x.f == 42
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 11, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
});
