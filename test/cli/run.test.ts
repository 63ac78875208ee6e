// `symdap run` end to end through main(): real files in a temp folder, exit codes, the
// outcome line, the final values, and errors in the program, the arguments and the inputs.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { symdap } from '../support/cli';

let dir: string;
const PROGRAM = [
  'proc main(x: int, c: u8) returns (r: u8)',
  '  requires x >= 0',
  '{',
  '  var y: int := *;',
  '  r := c + 100;',
  '  assert y < x;',
  '}',
  'proc other(a: int[]) { var v: int := a[3]; }',
].join('\n');

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-run-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('symdap run', () => {
  test('refuses a device as the program or the inputs before reading it', async () => {
    const prog = await file('p.sym', PROGRAM);
    for (const args of [['/dev/zero'], [prog, '--inputs', '/dev/zero']]) {
      const r = await symdap('run', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/cannot read (file|inputs from \/dev\/zero): (cannot read file: )?a device/);
    }
  });

  test('a clean run prints ok and the final values, exit 0', async () => {
    const prog = await file('p.sym', PROGRAM);
    const inputs = await file('ok.json', JSON.stringify({ x: 10, c: 200, 'y@4': 3 }));
    const r = await symdap('run', prog, '--inputs', inputs);
    expect(r).toEqual({ code: 0, out: 'ok\nx = 10\nc = 200\nr = 44\ny = 3\n', err: '' });
  });

  test('a failing assertion prints file:line:col and exits 1', async () => {
    const prog = await file('p.sym', PROGRAM);
    const inputs = await file('cex.json', JSON.stringify({ x: 1, c: 0, 'y@4': 5 }));
    const r = await symdap('run', prog, '--inputs', inputs);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(`${prog}:6:3: assertion failed: y < x`);
    expect(r.out).toContain('\ny = 5\n');
  });

  test('missing inputs default to zero; --entry picks another procedure', async () => {
    const prog = await file('p.sym', PROGRAM);
    expect((await symdap('run', prog)).code).toBe(1); // y = 0 < x = 0 fails
    const r = await symdap('run', prog, '--entry=other', '--inputs', await file('a.json', '{"a": [1, 2]}'));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${prog}:8:38: index out of bounds: a[3] (index 3 is outside [0, 2))`);
  });

  test('inputs that violate requires exit 3', async () => {
    const prog = await file('p.sym', PROGRAM);
    const r = await symdap('run', prog, '--inputs', await file('neg.json', '{"x": -1}'));
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^assumption failed: .*x >= 0/);
  });

  test('an infinite loop runs out of fuel, exit 3', async () => {
    const prog = await file('loop.sym', 'proc main() { var i: int := 0; while (true) { i := i + 1; } }');
    const r = await symdap('run', prog);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^out of fuel: /);
  });

  test('bad inputs, program errors and bad arguments exit 2', async () => {
    const prog = await file('p.sym', PROGRAM);
    const bad = await symdap('run', prog, '--inputs', await file('bad.json', '{"c": 300}'));
    expect(bad).toEqual({
      code: 2,
      out: '',
      err: `symdap run: ${join(dir, 'bad.json')}: input c = 300 does not fit u8\n`,
    });
    const notJson = await symdap('run', prog, '--inputs', await file('nj.json', '{x'));
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/cannot read inputs/);
    const broken = await file('broken.sym', 'proc main() {\n  var x: u8 := true;\n}');
    const b = await symdap('run', broken);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: error: `));
    expect((await symdap('run', prog, '--entry', 'nope')).err).toBe(
      'symdap run: no procedure named nope (procedures: main, other)\n',
    );
    expect((await symdap('run')).code).toBe(2);
    expect((await symdap('run', prog, '--bogus')).err).toMatch(/unknown option '--bogus'/);
  });

  test('unknown input names warn on stderr but the run goes on', async () => {
    const prog = await file('p.sym', PROGRAM);
    const r = await symdap('run', prog, '--inputs', await file('extra.json', '{"x": 1, "y@4": 0, "zz": 1}'));
    expect(r.code).toBe(0);
    expect(r.err).toContain('warning');
    expect(r.err).toContain('input zz is not read by the program');
  });
});
