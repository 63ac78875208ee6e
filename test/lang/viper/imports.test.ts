// Viper imports through the real CLI and Z3 (src/lang/viper/imports.ts, loadFiles.ts): a file's
// imports are read relative to it, each once (cycles are fine); a failure, a syntax error or a
// refusal inside an imported file is reported at that file's own file:line:col; a standard import
// is found under SYMDAP_VIPER_PATH, `<decreases/…>` imports nothing; the language server and the
// debugger refuse imports by name; a file that is not a regular .vpr file is refused unread.

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../../support/cli';
import { loadSource } from '../../../src/lang/frontend';
import { main as cliMain } from '../../../src/cli/main';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-viper-imports-'));
  await mkdir(join(dir, 'sub'));
  await mkdir(join(dir, 'lib', 'mylib'), { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, source: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, source);
  return file;
}

interface Json {
  verdict: string;
  failures: { file?: string; line: number; column: number; viperError: string }[];
  diagnostics: { file?: string; line: number; column: number; message: string }[];
}

async function verify(file: string): Promise<{ code: number; json: Json; text: { out: string; err: string } }> {
  const r = await symdap('verify', file, '--json');
  const text = await symdap('verify', file);
  return { code: r.code, json: JSON.parse(r.out) as Json, text };
}

const LIB =
  'import "../main.vpr"\n\nfunction one(): Int\n  ensures result == 1\n\nmethod inLib(x: Int)\n{\n  assert x > 0\n}\n';

describe('imports', () => {
  it('reads the imported file (relative, in a cycle) and reports its failure at its own file:line:col', async () => {
    const lib = await write('sub/lib.vpr', LIB);
    const main = await write('main.vpr', 'import "sub/lib.vpr"\n\nmethod main()\n{\n  assert one() == 1\n}\n');
    const { code, json, text } = await verify(main);
    expect(code).toBe(1);
    expect(json.failures).toEqual([
      expect.objectContaining({ file: lib, line: 8, column: 3, viperError: 'assert.failed:assertion.false' }),
    ]);
    expect(text.out).toContain(`${lib}:8:3: assertion may fail: x > 0 [assert.failed:assertion.false]`);
  });

  it('a declaration used but imported from nowhere: the program does not check', async () => {
    const main = await write('alone.vpr', 'method main()\n{\n  assert one() == 1\n}\n');
    expect((await verify(main)).json.verdict).not.toBe('verified');
  });

  it('an imported fact is used: a wrong assertion about it fails, a right one verifies', async () => {
    await write('facts.vpr', 'function two(): Int\n  ensures result == 2\n');
    const good = await write('good.vpr', 'import "facts.vpr"\nmethod m() { assert two() == 2 }\n');
    const bad = await write('bad.vpr', 'import "facts.vpr"\nmethod m() { assert two() == 3 }\n');
    expect((await verify(good)).json.verdict).toBe('verified');
    const b = await verify(bad);
    expect(b.json.failures).toEqual([
      expect.objectContaining({ line: 2, viperError: 'assert.failed:assertion.false' }),
    ]);
    expect(b.json.failures[0].file).toBeUndefined();
  });

  it('a syntax error and a refusal inside an imported file are at its file:line:col', async () => {
    const broken = await write('broken.vpr', 'method b()\n{\n  assert 1 +\n}\n');
    const main = await write('usesBroken.vpr', 'import "broken.vpr"\nmethod m() {}\n');
    const r = await verify(main);
    expect(r.json.verdict).toBe('error');
    expect(r.json.diagnostics[0]).toMatchObject({ file: broken, line: 4, column: 1 });
    expect(r.text.err).toContain(`${broken}:4:1: error: unexpected '}'`);
    const wand = await write('wand.vpr', 'method w()\n{\n  package true --* true {\n  }\n}\n');
    const main2 = await write('usesWand.vpr', 'import "wand.vpr"\nmethod m() {}\n');
    const w = await verify(main2);
    expect(w.json.verdict).toBe('unsupported');
    expect(w.text.err).toContain(`${wand}:3:25: unsupported Viper feature: magic wands (package with a proof script)`);
  });

  it('on a terminal, an error inside an imported file has no excerpt of the importing file', async () => {
    const broken = await write('broken2.vpr', 'method b()\n{\n  assert 1 +\n}\n');
    const main = await write('usesBroken2.vpr', 'import "broken2.vpr"\nmethod m() {}\nmethod n() {}\nmethod o() {}\n');
    let err = '';
    const code = await cliMain(['verify', main], { out: () => undefined, err: (t) => (err += t), errIsTTY: true });
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(`${broken}:4:1: error: unexpected '}'`);
    expect(err).not.toContain('method o()');
  });

  it('a missing file, a directory and a link to a non-.vpr file are errors at the import', async () => {
    await write('secret.txt', 'not a program');
    await symlink(join(dir, 'secret.txt'), join(dir, 'link.vpr'));
    for (const [target, reason] of [
      ['nothere.vpr', 'ENOENT'],
      ['sub', 'an imported file must be a .vpr file'],
      ['link.vpr', 'not a .vpr file'],
    ]) {
      const main = await write('usesMissing.vpr', `method m() {}\nimport "${target}"\n`);
      const r = await verify(main);
      expect(r.json.verdict).toBe('error');
      expect(r.json.diagnostics[0]).toMatchObject({ line: 2, column: 1 });
      expect(r.json.diagnostics[0].file).toBeUndefined();
      expect(r.json.diagnostics[0].message).toContain(reason);
      expect(r.json.diagnostics[0].message).not.toContain('not a program');
    }
  });

  it('a standard import: from SYMDAP_VIPER_PATH; <decreases/…> imports nothing; unknown ones are errors', async () => {
    await write('lib/mylib/three.vpr', 'function three(): Int\n  ensures result == 3\n');
    const main = await write(
      'std.vpr',
      'import <mylib/three.vpr>\nimport <decreases/int.vpr>\nmethod m() { assert three() == 3 }\n',
    );
    const before = process.env.SYMDAP_VIPER_PATH;
    try {
      delete process.env.SYMDAP_VIPER_PATH;
      const missing = await verify(main);
      expect(missing.json.verdict).toBe('error');
      expect(missing.json.diagnostics[0].message).toContain('no such file in the standard library');
      process.env.SYMDAP_VIPER_PATH = join(dir, 'lib');
      expect((await verify(main)).json.verdict).toBe('verified');
      // Viper's own library beyond decreases/ is not shipped: refused by name, not an error.
      const adt = await write('adt.vpr', 'import <adt/derives.vpr>\nmethod m() {}\n');
      const refused = await verify(adt);
      expect(refused.code).toBe(4);
      expect(refused.text.err).toBe(
        `${adt}:1:1: unsupported Viper feature: Viper's standard library (import <adt/…>)\n`,
      );
    } finally {
      if (before === undefined) delete process.env.SYMDAP_VIPER_PATH;
      else process.env.SYMDAP_VIPER_PATH = before;
    }
  });

  it('the language server and the debugger read no import: refused by name', async () => {
    const r = loadSource('import "sub/lib.vpr"\nmethod m() {}\n', join(dir, 'editor.vpr'), 'viper', {
      readImports: false,
    });
    expect(r.checked).toBeUndefined();
    expect(r.diagnostics[0].message).toMatch(/^unsupported Viper feature: imports here/);
  });
});
