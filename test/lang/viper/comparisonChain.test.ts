// Silver's comparison chains (chain.ts): `a < b <= c` is `a < b && b <= c`, not a comparison of a
// bool. Through the real `symdap verify --json` and Z3, with a failing twin.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-chain-');

describe('Viper comparison chains', () => {
  it('a < b <= c > d is the conjunction of its neighbours', async () => {
    const src = (claim: string) =>
      `method m(a: Int, b: Int, c: Int, d: Int)\n  requires a < b <= c > d\n{\n  assert a < b && b <= c && c > d\n  assert ${claim}\n}\n`;
    expect(await verify(src('a < c'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('b < c'))).failures).toEqual([{ line: 5, viperError: 'assert.failed:assertion.false' }]);
  }, 60_000);

  it('a parenthesised comparison does not chain: (a < b) <= c compares a bool (refused by the checker)', async () => {
    const out = await verify(`method m(a: Int, b: Int, c: Int)\n  requires (a < b) <= c\n{\n}\n`);
    expect(out.verdict).toBe('unsupported');
  }, 60_000);
});
