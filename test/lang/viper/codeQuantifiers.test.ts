// Viper quantifiers in statement expressions (`b := forall …`, `if (exists …)`, a function's
// body) through the real `symdap verify --json` and Z3: the symbolic engine evaluates them as it
// does in an assert (lang/checkStmt.ts allows them in code), so one that holds verifies and one
// that does not fails where it is used.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-codeq-');

const T = 120_000;

const SRC = `function allPos(s: Seq[Int]): Bool { forall i: Int :: 0 <= i && i < |s| ==> s[i] > 0 }

method m(s: Seq[Int], n: Int)
  requires allPos(s)
{
  var b: Bool
  b := forall i: Int :: 0 <= i && i < |s| ==> s[i] >= 1
  assert b
  if (exists k: Int :: k > 0 && k + k == n) {
    assert n >= 2
  }
}
`;

describe('Viper quantifiers outside specifications', () => {
  it(
    'verifies quantifiers in an assignment, a condition and a function body',
    async () => {
      expect(await verify(SRC)).toEqual({ verdict: 'verified', failures: [] });
    },
    T,
  );

  it(
    'fails where such a quantifier does not give what is asserted',
    async () => {
      const bad = SRC.replace('s[i] >= 1', 's[i] >= 2').replace('assert n >= 2', 'assert n >= 3');
      expect(await verify(bad)).toEqual({
        verdict: 'failed',
        failures: [
          { line: 8, viperError: 'assert.failed:assertion.false' },
          { line: 10, viperError: 'assert.failed:assertion.false' },
        ],
      });
    },
    T,
  );
});
