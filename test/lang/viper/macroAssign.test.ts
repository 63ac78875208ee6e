// `m(args) := e` and `acc(m(args))` where the macro m stands for a field access (macroAssign.ts):
// the field's assignment and permission once the macro is expanded. Through the real
// `symdap verify --json` and Z3, with a failing twin; another application on the left of `:=`
// is an error, as Viper's parser error.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-macro-assign-');

describe('Viper assignment to a macro application', () => {
  it('a macro that stands for a field access is assigned as that field', async () => {
    const src = (pre: string, claim: string) =>
      `field f: Int\ndefine deref(x) x.f\n\nmethod m(r: Ref)\n  requires ${pre}\n{\n  deref(r) := 5\n  assert ${claim}\n}\n`;
    expect(await verify(src('acc(deref(r))', 'r.f == 5'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('acc(deref(r))', 'r.f == 4'))).failures).toEqual([
      { line: 8, viperError: 'assert.failed:assertion.false' },
    ]);
    expect((await verify(src('true', 'true'))).failures).toEqual([
      { line: 7, viperError: 'assignment.failed:insufficient.permission' },
    ]);
  }, 60_000);

  it('an argument the macro body never names is dropped unread (Silver issue 170)', async () => {
    const src = (claim: string) =>
      `field f: Int\ndefine access(f) r.f\n\nmethod m(r: Ref)\n  requires acc(access(f), 1/2)\n{\n  assert ${claim}\n}\n`;
    expect(await verify(src('perm(r.f) == 1/2'))).toEqual({ verdict: 'verified', failures: [] });
    expect((await verify(src('perm(r.f) == write'))).failures).toEqual([
      { line: 7, viperError: 'assert.failed:assertion.false' },
    ]);
  }, 60_000);

  it('a macro that stands for no field cannot be assigned', async () => {
    const out = await verify(`define three() 3\n\nmethod m()\n{\n  three() := 4\n}\n`);
    expect(out.verdict).not.toBe('verified');
    expect(out.verdict).not.toBe('unsupported');
  }, 60_000);
});
