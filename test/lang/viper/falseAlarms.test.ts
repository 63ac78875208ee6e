// False alarms on Viper's suite (issue #24): programs Viper verifies that symdap reported as
// failing, each with its must-fail twin (the same program with the fact it rests on removed),
// through the real CLI and Z3.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-alarms-');

/** silicon/0155.vpr: a pure fact of the unfolded body is known inside the unfolding. */
const unfoldingFacts = (fact: string): string => `field next: Ref
function len(this: Ref): Int
  requires this != null
  requires acc(valid(this), wildcard)
{ unfolding acc(valid(this), wildcard) in 1 + len(this.next) }
predicate valid(this: Ref) {
  acc(this.next) ${fact} && acc(valid(this.next))
}
method m() { var y: Int := 1 }
`;

describe('false alarms on .vpr', () => {
  it("a function body's unfolding knows the predicate body's pure facts", async () => {
    expect(await verify(unfoldingFacts('&& this.next != null'))).toEqual({ verdict: 'verified', failures: [] });
    const twin = await verify(unfoldingFacts(''));
    expect(twin.verdict).toBe('failed');
    expect(twin.failures).toEqual([{ line: 2, viperError: 'function.not.wellformed:assertion.false' }]);
  }, 60_000);
});
