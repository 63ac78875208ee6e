// A Viper function's body is checked once, at its declaration, for every input its
// precondition admits (function.not.wellformed): its divisions and the preconditions of the
// functions it applies, as Viper checks them, even where no method applies the function. Both
// of this file's failing programs were "verified" before (found by the viper7 helper).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-fundef-');

describe('function body definedness on .vpr', () => {
  it('a division that may be by zero fails at the function, applied or not', async () => {
    const src = `function h(x: Int): Int { 1 \\ x }
function k(x: Int): Int
  requires x != 0
{ 1 \\ x }
method m() { var y: Int := 1 }
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 1, viperError: 'function.not.wellformed:division.by.zero' }],
    });
  }, 60_000);

  it("an application whose precondition the body's inputs may break fails", async () => {
    const src = `function g(x: Int): Int
  requires x > 0
{ x }
function f(x: Int): Int { g(x) }
function fine(x: Int): Int
  requires x > 1
{ g(x - 1) }
method m() { var y: Int := 1 }
`;
    const out = await verify(src);
    expect(out.verdict).toBe('failed');
    expect(out.failures).toEqual([{ line: 4, viperError: 'application.precondition:assertion.false' }]);
  }, 60_000);
});
