// old and labelled old inside Viper's `inhale` and `exhale` statements of permissions, through the
// real CLI and Z3 (docs/viper.md "Labels, old and quasihavoc"): the statement's helper reads its
// caller's pre-state and labels at the call (rules/calls.ts); an inhale's reads are checked there
// in the caller's heaps (rules/inhaleReads.ts), and a label must be visible at the statement.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-old-statements-');
const FIELDS = 'field f: Int\nfield c: Ref\n';

describe('old in inhale and exhale of permissions on .vpr', () => {
  it("an inhale's reads are covered by what the method holds; an unheld read fails the inhale", async () => {
    const src = `${FIELDS}method held(x: Ref) {
  inhale acc(x.c)
  inhale acc(x.c.f)
}
method unheld(x: Ref) {
  inhale acc(x.c.f)
}
method divides(x: Ref, n: Int) {
  inhale acc(x.f) && x.f == 10 \\ n
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 8, viperError: 'inhale.failed:insufficient.permission' },
        { line: 11, viperError: 'inhale.failed:division.by.zero' },
      ],
    });
  }, 60_000);

  it('old[l] in an exhale reads the heap at the label, in an amount and in a value', async () => {
    const src = `${FIELDS}method m(x: Ref)
  requires acc(x.f)
{
  x.f := 3
  label l
  x.f := 4
  exhale acc(x.f, old[l](perm(x.f))) && old[l](x.f) == 3
  assert perm(x.f) == none
}
method wrong(x: Ref)
  requires acc(x.f)
{
  x.f := 3
  label l
  x.f := 4
  exhale acc(x.f) && old[l](x.f) == 4
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 18, viperError: 'exhale.failed:assertion.false' }],
    });
  }, 60_000);

  it('old and old[l] in an inhale read the pre-state and the label; an old read needs a permission then', async () => {
    const src = `${FIELDS}method m(x: Ref)
  requires acc(x.f) && x.f == 1
{
  x.f := 3
  label l
  exhale acc(x.f)
  inhale acc(x.f) && x.f == old(x.f) + old[l](x.f)
  assert x.f == 4
  assert x.f == 3
}
method unframed(x: Ref) {
  inhale acc(x.f)
  inhale x.f == old(x.f)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 11, viperError: 'assert.failed:assertion.false' },
        { line: 15, viperError: 'inhale.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('a label inside an ended block: the path that has not reached it fails at the exhale', async () => {
    const src = `${FIELDS}method m(x: Ref, b: Bool)
  requires acc(x.f) && x.f == 3
{
  if (b) { label l }
  exhale acc(x.f) && old[l](x.f) == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'exhale.failed:labelled.state.not.reached' }],
    });
  }, 60_000);
});
