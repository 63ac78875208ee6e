// A Viper loop without invariants is Viper's `invariant true` (docs/viper.md, "Loops"): its body
// starts from the invariant alone, so a field the loop condition reads is not held there
// (`while.failed:insufficient.permission`), while the code after the loop is still verified in
// the state the loop leaves in (the frame put back), where the exit test can be read.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-loopnoinv-');

const loop = (after: string): string => `field f: Int

method t(r: Ref)
  requires acc(r.f, write)
{
  var j: Int := 2
  while (j < (r.f))
  {
    j := j + 1
  }
  ${after}
}
`;

describe('a Viper loop without invariants', () => {
  it('its body holds nothing: reading the field in the condition fails; after the loop the exit test holds', async () => {
    expect(await verify(loop('assert j >= (r.f)'))).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'while.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('an assertion after the loop that the exit test does not give still fails (the exit is explored)', async () => {
    expect(await verify(loop('assert j > (r.f)'))).toEqual({
      verdict: 'failed',
      failures: [
        { line: 7, viperError: 'while.failed:insufficient.permission' },
        { line: 11, viperError: 'assert.failed:assertion.false' },
      ],
    });
  }, 60_000);

  it('a loop that needs no permission verifies: nothing is unrolled, the loop is modular', async () => {
    const src = `method t(n: Int) returns (j: Int)
  requires n >= 0
  ensures j >= n
{
  j := 0
  while (j < n)
  {
    j := j + 1
  }
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);
});
