// Viper's triggers through the lowering (lang/viper/quantifiers.ts): a quantifier whose trigger
// terms are terms of its body keeps them, lowered in the binders' scope, for the solver's patterns
// (terms/patterns.ts); a loose trigger is not carried (its refusals stay, triggers.ts); a
// program whose axioms are written with triggers verifies through the real CLI and Z3; and the
// function facts made under a binder carry Silicon's triggers (rules/quantifiedApps.ts).

import { describe, expect, it } from 'vitest';
import { astNodes } from '../../../src/lang/astNodes';
import type { Quant } from '../../../src/lang/ast';
import { printExpr } from '../../../src/lang/printer';
import { loadViper } from '../../../src/lang/viper/frontend';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-triggers-');

/** The lowered quantifiers of a program, each as its triggers' text. */
function loweredTriggers(source: string): (string[][] | undefined)[] {
  const load = loadViper(source, 'x.vpr');
  expect(load.diagnostics).toEqual([]);
  const quants = [...astNodes(load.checked?.program)].filter((n): n is Quant => n.kind === 'quant');
  return quants.map((q) => q.triggers?.map((g) => g.map((t) => printExpr(t))));
}

const DOMAIN = `domain H {
  function temp(x: Int): Int
  function tinv(x: Int): Int
  function heap(x: Int): Int
  axiom a1 { forall r: Int :: {temp(r)} tinv(temp(r)) == r && heap(temp(r)) == heap(r) - 3 }
  axiom a2 { forall r: Int :: {tinv(r)} {heap(tinv(r))} temp(tinv(r)) == r && heap(tinv(r)) == heap(r) + 3 }
}
`;

describe('Viper triggers', () => {
  it('are carried to the lowered quantifier, each group in order', () => {
    const found = loweredTriggers(DOMAIN).map((t) => JSON.stringify(t));
    expect(found.sort()).toEqual(['[["temp(r)"]]', '[["tinv(r)"],["heap(tinv(r))"]]']);
  });

  it('are not carried when one of them is not a term of the body', () => {
    const src =
      'function g(x: Int): Int { x + 1 }\nmethod m(k: Int)\n  requires forall i: Int :: {g(i)} i > 0 ==> k > i\n{}\n';
    expect(loweredTriggers(src)).toEqual([undefined]);
  });

  it('leave a program whose axioms carry them provable', async () => {
    const ok = await verify(`${DOMAIN}method m(a: Int) { assert heap(temp(tinv(a))) == heap(a) }\n`);
    expect(ok).toEqual({ verdict: 'verified', failures: [] });
  }, 120_000);

  it("tie f%limited in an unrolled body to f under a binder (Silicon's link, triggered by f)", async () => {
    const src = (k: number) =>
      `function f(x: Int): Int { x <= 0 ? 0 : f(x - 1) + 1 }\nmethod m() {\n  assert forall i: Int :: i > 0 ==> f(i) == f(i - 1) + ${k}\n}\n`;
    expect(await verify(src(1))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src(2))).failures).toEqual([{ line: 3, viperError: 'assert.failed:assertion.false' }]);
  }, 120_000);
});
