// Sym's `refute φ;` end to end through main() (docs/language.md "refute"): decided over every
// path of the run, so a refute that only some paths prove holds, one that every path proves or
// no path reaches fails; with --jobs the run stays in one thread (a split would decide each
// subtree alone), and a generational search refuses the program rather than sample it.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-refute-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** 2^4 paths; `s` is 4 on one of them only. */
const SOURCE = `proc main(a: int, b: int, c: int, d: int) {
  var s: int := 0;
  if (a > 0) { s := s + 1; }
  if (b > 0) { s := s + 1; }
  if (c > 0) { s := s + 1; }
  if (d > 0) { s := s + 1; }
  refute s < 4;
  refute s <= 4;
  if (s > 4) { refute false; }
}
`;

async function verify(...flags: string[]) {
  const file = join(dir, 'refute.sym');
  await writeFile(file, SOURCE);
  const r = await symdap('verify', file, '--json', ...flags);
  const json = JSON.parse(r.out) as { verdict: string; failures: { kind: string; line: number }[] };
  return { code: r.code, verdict: json.verdict, failures: json.failures.map((f) => `${f.kind}@${f.line}`) };
}

describe('symdap verify: refute', () => {
  it('one path where φ may be false is enough; every path proving it, or none reaching it, fails', async () => {
    expect(await verify()).toEqual({ code: 1, verdict: 'failed', failures: ['refute@8', 'refute@9'] });
  }, 60_000);

  it('with --jobs 2 the verdict is the same (the run is not split)', async () => {
    expect(await verify('--jobs', '2')).toEqual({ code: 1, verdict: 'failed', failures: ['refute@8', 'refute@9'] });
  }, 60_000);

  it('a generational search refuses a program with refute', async () => {
    const file = join(dir, 'refute.sym');
    await writeFile(file, SOURCE);
    const r = await symdap('verify', file, '--searcher', 'generational');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/refute statements/);
  }, 60_000);
});
