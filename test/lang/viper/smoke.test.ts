// Smoke checks through the real CLI and Z3 (`symdap verify --smoke`, docs/viper.md "Smoke
// checks"): a `refute false` where Viper's smoke plugin adds one (after inhale/assume, at the
// end of a branch, of a loop body, of a method) fails exactly where no path reaches, with
// `refute.failed:refutation.true`; `unreachable` silences the checks after it. Without --smoke
// no check is added, and `unreachable` changes nothing.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../../support/cli';

let dir = '';
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-viper-smoke-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function verify(source: string, ...flags: string[]): Promise<{ verdict: string; failures: string[] }> {
  const file = join(dir, `p${++n}.vpr`);
  await writeFile(file, source);
  const r = await symdap('verify', file, '--json', ...flags);
  const json = JSON.parse(r.out) as { verdict: string; failures: { line: number; viperError: string }[] };
  return { verdict: json.verdict, failures: json.failures.map((f) => `${f.line} ${f.viperError}`) };
}

const SMOKE = 'refute.failed:refutation.true';

describe('smoke checks on .vpr (--smoke)', () => {
  const src = `method callee()
  ensures false

method m(b: Bool, x: Int)
  requires x > 0
{
  assume x > 5
  if (b) {
    callee()
  } else {
    assume x > 6
  }
  if (x < 3) {
    assume x == 1
  }
  while (x > 100)
    invariant x > 0
  {
    x := x - 1
  }
}
`;
  it('each point no path reaches fails at its statement or branch; the reached ones hold', async () => {
    // 8: the then-branch ends after a callee ensuring false; 13, 14: x < 3 contradicts x > 5.
    // The else branch, the assumes at 7 and 11, the loop body and the method's end are reached.
    expect(await verify(src, '--smoke')).toEqual({
      verdict: 'failed',
      failures: [`8 ${SMOKE}`, `13 ${SMOKE}`, `14 ${SMOKE}`],
    });
  }, 60_000);

  it('without --smoke the same program verifies', async () => {
    expect(await verify(src)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('unreachable silences the checks after it, and the branch end it reaches', async () => {
    const code = `method m(a: Bool)
  requires !a
{
  if (a) {
    unreachable
    assume false
  }
  if (a) {
    assume false
    unreachable
  }
}
`;
    expect(await verify(code, '--smoke')).toEqual({ verdict: 'failed', failures: [`9 ${SMOKE}`] });
    expect(await verify(code)).toEqual({ verdict: 'verified', failures: [] });
  }, 60_000);

  it('a method whose precondition is false fails at the method; one without a body is not checked', async () => {
    const code = `method m()
  requires false
{
}

method abstract()
  requires false
`;
    expect(await verify(code, '--smoke')).toEqual({ verdict: 'failed', failures: [`1 ${SMOKE}`] });
  }, 60_000);
});
