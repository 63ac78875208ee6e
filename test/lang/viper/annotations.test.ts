// Silver annotations through the real CLI (src/lang/viper/annotations.ts): the ones Viper's
// backends read as search options, and unknown ones, are ignored (a failing assertion still
// fails beside them); @opaque and @reveal, which change what a function means, are refused by
// name; a domain function's parameter may be a type alone.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';
import { symdap } from '../../support/cli';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const verify = scratchVerifier('symdap-viper-annotations-');

const ANNOTATED = `@isghost("nope")
field f: Int

@exhaleMode("mce")
@moreJoins("all")
method m(x: Ref, y: Ref, n: Int)
  requires @asd("on an assertion") acc(x.f)
{
  @annotating.a.statement("the assignment")
  x.f := @ann() n
  assert x.f == n
  assert x.f > 0
}
`;

describe('annotations', () => {
  it('ignored: the program is read without them, and its failing assertion fails', async () => {
    expect(await verify(ANNOTATED)).toEqual({
      verdict: 'failed',
      failures: [{ line: 12, viperError: 'assert.failed:assertion.false' }],
    });
  });

  it('@opaque and @reveal are refused by name, at the annotation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'symdap-viper-opaque-'));
    const file = join(dir, 'opaque.vpr');
    await writeFile(file, '@opaque()\nfunction one(): Int { 1 }\nmethod m() { assert @reveal() one() == 1 }\n');
    const r = await symdap('verify', file);
    expect(r.code).toBe(4);
    expect(r.err).toBe(
      `${file}:1:1: unsupported Viper feature: opaque functions (@opaque)\n` +
        `${file}:3:21: unsupported Viper feature: opaque functions (@reveal)\n`,
    );
  });

  it('an @ that is no annotation stays refused', async () => {
    expect((await verify('method m() {\n  @ assert true\n}\n')).verdict).toBe('unsupported');
  });

  it('a domain function parameter written as a type alone', async () => {
    const src =
      'domain D {\n  function id(D): D\n  axiom { forall d: D :: id(d) == d }\n}\nmethod m(d: D) {\n  assert id(id(d)) == d\n  assert false\n}\n';
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:assertion.false' }],
    });
  });
});
