// Abstract predicates (no body): Viper knows nothing of what an instance holds, so each instance a
// call or an inhale produces carries a fresh snapshot (Silicon's), and a function over it may differ
// before and after. Read as the body `true`, every instance of P(a) had one snapshot: a callee's
// `ensures balance(this) == old(balance(this)) + n` became a contradiction and a caller's
// `assert false` "verified" on no feasible path (found by the viper5 helper).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-abstract-pred-');

const account = `predicate account(this: Ref)
function balance(this: Ref): Int
  requires acc(account(this))
method deposit(this: Ref, n: Int)
  requires 0 < n && acc(account(this))
  ensures acc(account(this)) && balance(this) == old(balance(this)) + n
`;

describe('abstract predicates', () => {
  it('a call that changes a function of the instance leaves a consistent state: assert false fails', async () => {
    const r = await verify(`${account}method demo(a: Ref)
  requires acc(account(a))
{
  deposit(a, 200)
  assert false
}
`);
    expect(r).toEqual({ verdict: 'failed', failures: [{ line: 11, viperError: 'assert.failed:assertion.false' }] });
  });

  it('what the callee ensures is known after the call, and nothing more', async () => {
    const r = await verify(`${account}method demo(a: Ref)
  requires acc(account(a)) && balance(a) == 10
{
  deposit(a, 200)
  assert balance(a) == 210
  assert balance(a) == 10
}
`);
    expect(r).toEqual({ verdict: 'failed', failures: [{ line: 12, viperError: 'assert.failed:assertion.false' }] });
  });

  it('an instance not touched keeps its function values', async () => {
    const r = await verify(`${account}method demo(a: Ref, b: Ref)
  requires acc(account(a)) && acc(account(b))
{
  var v: Int := balance(b)
  deposit(a, 200)
  assert balance(b) == v
}
`);
    expect(r.verdict).toBe('verified');
  });
});
