// Viper's labels, old states and quasihavoc through the real CLI and Z3 (docs/viper.md "Labels,
// old and quasihavoc"): `old[l](e)` reads the heap at the label, `old(e)` the method's pre-state
// heap in bodies, assertions and invariants too, and both read variables as they are now (Viper
// swaps the heap only); a label is its method's, and a path that has not reached it fails where
// `old[l]` reads it (Silicon's labelled.state.not.reached); `quasihavoc` forgets a held location's value and leaves others alone.

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-labels-');
const FIELD = 'field f: Int\n';

describe('labels and old[l] on .vpr', () => {
  it('old[l] reads the heap at the label; a wrong claim about it fails there', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f) && x.f == 1
{
  x.f := 2
  label l
  x.f := 3
  assert old[l](x.f) == 2 && old(x.f) == 1
  assert old[l](x.f) == 3
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 9, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('variables inside old read their current values (Viper swaps the heap only)', async () => {
    const src = `method m()
{
  var y: Int := 1
  label l
  y := 2
  assert old[l](y) == 2 && old(y) == 2
  assert old[l](y) == 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 7, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a label in a loop body: the latest visit', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f)
{
  var i: Int := 0
  while (i < 3)
    invariant acc(x.f)
  {
    label top
    x.f := x.f + 1
    assert x.f == old[top](x.f) + 1
    i := i + 1
  }
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);
});

describe("a label is its method's (Viper): old[l] where l was not reached", () => {
  it('fails on the path that has not reached it (a branch, after a loop), with nothing more on that path', async () => {
    const src = `${FIELD}method branch(x: Ref, b: Bool)
  requires acc(x.f)
{
  if (b) {
    x.f := 15
    label initial
  }
  x.f := 3
  assert x.f == 3 && old[initial](x.f) == 15
}
method loop(x: Ref)
  requires acc(x.f)
{
  x.f := 15
  while (x.f != 3)
    invariant acc(x.f)
  {
    label top
    x.f := x.f - 1
  }
  assert old[top](x.f) == 4
}
method reached(x: Ref, b: Bool)
  requires acc(x.f)
{
  if (b) {
    x.f := 15
    label there
    assert old[there](x.f) == 15
  }
  assume b
  assert old[there](x.f) == 15
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 10, viperError: 'assert.failed:labelled.state.not.reached' },
        { line: 22, viperError: 'assert.failed:labelled.state.not.reached' },
      ],
    });
  }, 60_000);
});

describe('old outside a postcondition on .vpr', () => {
  it('in a body, an assertion and a loop invariant: the pre-state heap', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f)
{
  var v: Int := old(x.f)
  x.f := x.f + 5
  while (x.f > v + 1)
    invariant acc(x.f) && x.f > old(x.f)
  {
    x.f := x.f - 1
  }
  assert x.f == old(x.f) + 1
  assert x.f == old(x.f)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 13, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);
});

describe('quasihavoc on .vpr', () => {
  it('forgets a held location; a location certainly elsewhere or without permission keeps its value', async () => {
    const src = `${FIELD}method m(x: Ref, y: Ref, z: Ref)
  requires acc(x.f) && acc(y.f) && x.f == 1 && y.f == 2 && z != x && z != y
{
  quasihavoc z.f
  quasihavoc x != y ==> x.f
  assert y.f == 2
  assert x.f == 1
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 8, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a false condition havocs nothing', async () => {
    const src = `${FIELD}method m(x: Ref)
  requires acc(x.f) && x.f == 1
{
  quasihavoc x == null ==> x.f
  assert x.f == 1
}
`;
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);
});
