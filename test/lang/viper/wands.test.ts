// Viper's magic wands through the real CLI and Z3 (docs/viper.md "Magic wands"; design.md
// "Magic wands"): `package A --* B` without a proof script (B consumed from a hypothetical state
// holding A, then from the current one), `apply`, wands held as chunks in assertions and
// contracts, their well-formedness, and the refusals that keep the rest out.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-wands-');
const FIELD = 'field f: Int\nfield g: Int\n';

describe('magic wands on .vpr', () => {
  it('a package takes from the current state what the left side does not give; apply gives it back', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f) && acc(x.g)
{
  package acc(x.f) --* acc(x.f) && acc(x.g)
  apply acc(x.f) --* acc(x.f) && acc(x.g)
  x.g := 1
  x.f := 2
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('the footprint is gone after the package', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f) && acc(x.g)
{
  package acc(x.f) --* acc(x.f) && acc(x.g)
  x.g := 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('the left side is not kept: what it gives is gone after the package', async () => {
    const src = `${FIELD}method m(x: Ref)
{
  package acc(x.f) --* true
  x.f := 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('a package whose right side is not held fails with package.failed', async () => {
    const src = `${FIELD}method m(x: Ref)
{
  package acc(x.f) --* acc(x.f) && acc(x.g)
}
method n(x: Ref)
{
  package acc(x.f) && x.f == 2 --* acc(x.f) && x.f == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 5, viperError: 'package.failed:insufficient.permission' },
        { line: 9, viperError: 'package.failed:assertion.false' },
      ],
    });
  }, 60_000);

  it("the left side's facts do not outlive the package (package x == 1 --* false where x is 0)", async () => {
    const src = `method m(x: Int)
  requires x == 0
{
  package x == 1 --* false
  assert false
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 5, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it("a left side's value is not the current one (footprints.vpr): the object may differ", async () => {
    const src = `field l: Ref
field v: Bool
method m(x: Ref)
  requires acc(x.l) && acc(x.l.v)
{
  package acc(x.l) --* acc(x.l) && acc(x.l.v)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 6, viperError: 'package.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('a location held in part by both sides is taken whole, the left part first (3/4 of the current part)', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f) && x.f == 2
{
  package acc(x.f, 1/4) --* acc(x.f) && x.f == 2
  apply acc(x.f, 1/4) --* acc(x.f) && x.f == 2
}
method n(x: Ref)
  requires acc(x.f) && x.f == 2
{
  package acc(x.f, 1/4) --* acc(x.f)
  exhale acc(x.f, 1/4)
  exhale acc(x.f, 1/4)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 14, viperError: 'exhale.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('apply needs the wand (wand.not.found) and its left side', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f)
{
  apply acc(x.f) --* acc(x.g)
}
method n(x: Ref)
  requires acc(x.f, 1/2) --* acc(x.g)
{
  apply acc(x.f, 1/2) --* acc(x.g)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 6, viperError: 'apply.failed:wand.not.found' },
        { line: 11, viperError: 'apply.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('a wand is matched by the values of its holes, not their spelling; an unequal hole is another wand', async () => {
    const src = `${FIELD}method m(x: Ref, y: Ref)
  requires acc(x.f, 1/2) && (acc(x.f, 1/4 + 1/4) --* acc(x.g))
{
  apply acc(x.f, 1/2) --* acc(x.g)
  x.g := 3
}
method n(x: Ref, y: Ref)
  requires acc(x.f) --* acc(x.g)
{
  exhale acc(y.f) --* acc(y.g)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 12, viperError: 'exhale.failed:wand.not.found' }],
    });
  }, 60_000);

  it('a wand whose sides do not frame their reads is not well-formed', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f)
{
  package true --* x.f == 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      // Silicon reports the first only; the package's own check fails here too.
      failures: [
        { line: 6, viperError: 'package.failed:assertion.false' },
        { line: 6, viperError: 'wand.not.wellformed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it.each([
    ['a proof script', 'package acc(x.f) --* acc(x.f) {\n  }', 'magic wands (package with a proof script)'],
    ['a nested wand', 'package acc(x.f) --* (acc(x.g) --* acc(x.f))', 'magic wands inside magic wands'],
    [
      'a conditional permission',
      'package acc(x.f) --* (x.f > 0 ==> acc(x.f))',
      'magic wands with a conditional permission inside',
    ],
    ['old inside', 'package acc(x.f) --* acc(x.f) && x.f == old(x.f)', 'magic wands with old(…) inside'],
    ['applying', 'assert applying (acc(x.f) --* acc(x.f)) in true', 'magic wands (applying)'],
  ])(
    'a wand with %s stays refused by name',
    async (_what, stmt, feature) => {
      const src = `${FIELD}method m(x: Ref)\n  requires acc(x.f)\n{\n  ${stmt}\n}\n`;
      const out = await verify(src);
      expect(out.verdict).toBe('unsupported');
      expect(out.failures).toEqual([]);
      expect(feature.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
