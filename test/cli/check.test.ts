// `symdap check` end to end through runCheck: exit codes, what goes to stdout and stderr,
// for clean files, type errors, syntax errors, missing files and bad usage.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check';
import { bufferIO } from '../../src/cli/io';
import { main } from '../../src/cli/main';

describe('symdap check', () => {
  let dir = '';
  const path = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'symdap-check-'));
    writeFileSync(path('good.sym'), 'proc main(x: int) {\n  var y: int := x + 1;\n  assert y > x;\n}\n');
    writeFileSync(path('bad.sym'), 'proc main() {\n  var y: u8 := 300;\n  var z: bool := 1;\n}\n');
    writeFileSync(path('syntax.sym'), 'proc main() {\n  var := 1;\n}\n');
    // A UTF-8 byte order mark, as some Windows editors write one.
    writeFileSync(path('bom.sym'), '\uFEFFproc main(x: int) {\n  var y: int := x + 1;\n  assert y > x;\n}\n');
    writeFileSync(path('bom-bad.sym'), '\uFEFFproc main() { var y: u8 := 300; }\n');
  });

  it('prints ok for a clean file and exits 0', async () => {
    const io = bufferIO();
    expect(await runCheck([path('good.sym')], io)).toBe(0);
    expect(io.stdout()).toBe(`${path('good.sym')}: ok\n`);
    expect(io.stderr()).toBe('');
  });

  it('prints every type error as file:line:col and exits 2', async () => {
    const io = bufferIO();
    expect(await runCheck([path('bad.sym')], io)).toBe(2);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toBe(
      `${path('bad.sym')}:2:16: error: literal 300 does not fit u8\n` +
        `${path('bad.sym')}:3:18: error: cannot initialize 'z' of type bool with a value of type int\n`,
    );
  });

  it('reports a syntax error', async () => {
    const io = bufferIO();
    expect(await runCheck([path('syntax.sym')], io)).toBe(2);
    expect(io.stderr()).toMatch(new RegExp(`^${path('syntax.sym').replace(/[.\\]/g, '\\$&')}:2:7: error: .+\n$`));
  });

  it('reports a missing file at 1:1', async () => {
    const io = bufferIO();
    expect(await runCheck([path('nope.sym')], io)).toBe(2);
    expect(io.stderr()).toMatch(new RegExp(`^.*nope\\.sym:1:1: error: cannot read file: .*ENOENT.*\n$`));
  });

  it('checks every file and fails if any fails', async () => {
    const io = bufferIO();
    expect(await runCheck([path('bad.sym'), path('good.sym')], io)).toBe(2);
    expect(io.stdout()).toBe(`${path('good.sym')}: ok\n`);
    expect(io.stderr().split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('adds a caret excerpt on a terminal', async () => {
    const io = { ...bufferIO(), errIsTTY: true };
    expect(await runCheck([path('bad.sym')], io)).toBe(2);
    expect(io.stderr()).toContain(' 2 |   var y: u8 := 300;\n   |                ^~~\n');
  });

  it('exits 2 with a usage line for no files or an unknown option', async () => {
    const none = bufferIO();
    expect(await runCheck([], none)).toBe(2);
    expect(none.stderr()).toContain('usage: symdap check FILE...');
    const flag = bufferIO();
    expect(await runCheck(['--fast', path('good.sym')], flag)).toBe(2);
    expect(flag.stderr()).toContain(`unknown option '--fast'`);
    expect(flag.stdout()).toBe('');
  });

  it('skips a UTF-8 byte order mark: check and verify accept the file', async () => {
    const io = bufferIO();
    expect(await runCheck([path('bom.sym')], io)).toBe(0);
    expect(io.stdout()).toBe(`${path('bom.sym')}: ok\n`);
    const verify = bufferIO();
    expect(await main(['verify', path('bom.sym')], verify)).toBe(0);
    expect(verify.stdout()).toContain(`${path('bom.sym')}: verified`);
  });

  it('counts columns after a byte order mark, as editors do', async () => {
    const io = { ...bufferIO(), errIsTTY: true };
    expect(await runCheck([path('bom-bad.sym')], io)).toBe(2);
    expect(io.stderr()).toBe(
      `${path('bom-bad.sym')}:1:28: error: literal 300 does not fit u8\n` +
        ' 1 | proc main() { var y: u8 := 300; }\n' +
        '   |                            ^~~\n',
    );
  });
});
