// Viper's `refute A` through the real CLI and Z3 (docs/viper.md "refute"): it holds when some
// path reaches it on which A may be false, and fails with `refute.failed:refutation.true` when A
// holds on every path that reaches it, or when no path does (a dead branch). A refute of an
// assertion with permissions stays refused by name.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-refute-');
const REFUTED = 'refute.failed:refutation.true';

describe('refute on .vpr', () => {
  it('fails where A is provable, holds where A may be false', async () => {
    const src = `method m(x: Int)
  requires x > 10
{
  refute x > 20
  refute x > 0
  refute false
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 5, viperError: REFUTED }] });
  }, 60_000);

  it('a refute only some paths prove holds; one every path proves fails, whatever the branch', async () => {
    const src = `method m(b: Bool) returns (r: Int)
{
  if (b) { r := 1 } else { r := 2 }
  refute r == 1
  refute r == 1 || r == 2
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 5, viperError: REFUTED }] });
  }, 60_000);

  it('a refute in a branch no path reaches fails, even refute false', async () => {
    const src = `method m(x: Int)
  requires x > 0
{
  if (x < 0) {
    refute false
  }
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 5, viperError: REFUTED }] });
  }, 60_000);

  it('a program whose every refute may be false verifies', async () => {
    const src = `field f: Int
method m(x: Ref)
  requires acc(x.f)
{
  refute x.f == 3
  x.f := 3
  refute x.f != 3
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('refute of an assertion with permissions is refused by name', async () => {
    const src = `field f: Int
method m(x: Ref)
  requires acc(x.f)
{
  refute acc(x.f)
}
`;
    const out = await verify(src);
    expect(out.verdict).toBe('unsupported');
  }, 60_000);
});
