// A statement macro's body is spliced where it is used (lowerStmt.ts's expandStmtMacro): Viper's
// locals are the method's, so a variable the macro declares is visible after the use. Through the
// real `symdap verify --json` and Z3, with a failing twin.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-macro-splice-');

describe('Viper statement macros', () => {
  it('a variable declared in a statement macro is visible after its use', async () => {
    const src = (claim: string) =>
      `define body {\n  var x: Int := 3\n}\n\nmethod m()\n{\n  body\n  assert ${claim}\n}\n`;
    expect(await verify(src('x == 3'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('x == 4'))).failures).toEqual([{ line: 8, viperError: 'assert.failed:assertion.false' }]);
  }, 60_000);
});
