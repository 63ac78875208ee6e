// `symdap run --coverage` end to end through main(): the coverage line of one concrete run
// (statement lines executed, branch sides taken, uncovered lines), loops included, and none
// without the flag. That it agrees with the concolic run of the same input over every sample
// is the property test in test/engine/generational.test.ts.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { symdap } from '../support/cli';
import { ROOT } from '../adapter/sessionHarness';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-runcov-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const SAGE = join(ROOT, 'samples', 'concolic', 'sage_top.sym');

describe('symdap run --coverage', () => {
  test("one matching byte of SAGE's top: the then side of line 13, the else sides of the rest, line 19 never runs", async () => {
    const inputs = await file('one.json', JSON.stringify({ c0: 98, c1: 0, c2: 0, c3: 0 }));
    const r = await symdap('run', SAGE, '--inputs', inputs, '--coverage');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toContain('coverage: statements 6/7 (85.7%), branches 5/10 (50%), uncovered lines 19');
  });

  test('a failing run covers the failing line; a loop run covers both sides of its test', async () => {
    const fail = await file('fail.json', JSON.stringify({ c0: 98, c1: 97, c2: 100, c3: 0 }));
    const r = await symdap('run', SAGE, '--inputs', fail, '--coverage');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^coverage: statements 7\/7 \(100%\), branches 5\/10 \(50%\)$/m);
    const loop = await file(
      'loop.sym',
      'proc main(n: int) {\n  var i: int := 0;\n  while (i < n) {\n    i := i + 1;\n  }\n  if (i > 100) {\n    i := 0;\n  }\n}\n',
    );
    const two = await file('two.json', JSON.stringify({ n: 2 }));
    const l = await symdap('run', loop, '--inputs', two, '--coverage');
    expect(l.code).toBe(0);
    expect(l.out).toMatch(/^coverage: statements 4\/5 \(80%\), branches 3\/4 \(75%\), uncovered lines 7$/m);
  });

  test('without --coverage there is no coverage line', async () => {
    const r = await symdap('run', SAGE);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/coverage:/);
  });
});
