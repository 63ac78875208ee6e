// Huge and deep input, and files that are not what their name says (issue 21, items 4 and 5),
// through the real command line in its own process (Node's default stack, as a user runs it):
// each ends in a clear error or finishes, never an internal error, and a refused file's
// content is never echoed.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/lang/nesting';

const BIN = join(__dirname, '../../bin/symdap.js');

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

function symdap(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...argv], { maxBuffer: 16 * 1024 * 1024 }, (e, out, err) => {
      resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out, err });
    });
  });
}

describe('huge and deep input', () => {
  // 150,000 is past what `array.push(...elements)` survives on Node's default stack.
  it('checks a 150,000-element array literal', async () => {
    const elems = Array.from({ length: 150_000 }, (_, i) => i % 100).join(', ');
    const prog = await file(
      'literal.sym',
      `proc main() {\n  var a: int[] := [${elems}];\n  assert a.length == 150000;\n}\n`,
    );
    const r = await symdap('check', prog);
    expect(r.err).toBe('');
    expect(r).toMatchObject({ code: 0, out: `${prog}: ok\n` });
  }, 120_000);

  it('refuses a 100,000-deep nested input by name, read by the program or not', async () => {
    const prog = await file('arr.sym', 'proc main(a: int[]) {\n  assert a.length >= 0;\n}\n');
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const [json, name] of [
      [`{"a": ${deep}}`, 'a'],
      [`{"a": [1], "b": ${deep}}`, 'b'],
    ]) {
      const inputs = await file(`deep-${name}.json`, json);
      const r = await symdap('run', prog, '--inputs', inputs);
      expect(r.err).toBe(`symdap run: ${inputs}: input ${name} is nested deeper than ${MAX_NESTING} levels\n`);
      expect(r.code).toBe(2);
    }
  }, 60_000);

  it('cuts a huge wrong input value short in the error', async () => {
    const prog = await file('int.sym', 'proc main(x: int) {\n  assert x == x;\n}\n');
    const inputs = await file('huge.json', JSON.stringify({ x: Array.from({ length: 100_000 }, () => 7) }));
    const r = await symdap('run', prog, '--inputs', inputs);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/input x = \[7,7,7,.*…\] is not an int\n$|input x = \[7,7,7,.*… is not an int\n$/);
    expect(r.err.length).toBeLessThan(300);
  }, 60_000);
});

describe('files are what their name says, links resolved', () => {
  it('refuses x.sym linked to a file of another kind without quoting it (check, run, verify)', async () => {
    const secret = await file('shadow', 'TOPSECRET-1234 rest of the file\n');
    const link = join(dir, 'x.sym');
    await symlink(secret, link);
    for (const command of ['check', 'run', 'verify']) {
      const r = await symdap(command, link);
      expect(r.code).toBe(2);
      expect(r.err + r.out).toContain('cannot read file: not a .sym or .vpr file');
      expect(r.err + r.out).not.toMatch(/TOPSECRET/);
    }
  }, 60_000);

  it('reads a program through a link that leads to a .sym file', async () => {
    const prog = await file('real.sym', 'proc main() {\n  assert 1 == 1;\n}\n');
    const link = join(dir, 'alias.sym');
    await symlink(prog, link);
    expect(await symdap('check', link)).toMatchObject({ code: 0, out: `${link}: ok\n` });
  }, 60_000);

  it('refuses a program named other than .sym or .vpr, and still names a device as one', async () => {
    const other = await file('prog.txt', 'TOPSECRET proc main() {}\n');
    const r = await symdap('check', other);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not a .sym or .vpr file');
    expect(r.err).not.toMatch(/TOPSECRET/);
    expect((await symdap('check', '/dev/zero')).err).toMatch(/cannot read file: a device/);
  }, 60_000);
});
