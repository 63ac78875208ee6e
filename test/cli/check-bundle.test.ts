// `symdap check` through the real command: bin/symdap.js runs it from dist/check.bundle.js (the
// CLI's entry and the ~40 modules `check` loads of a Sym file, scripts/build-cli.js), with the
// other commands and Viper's front end left out of it and loaded from dist/ when needed. Its
// output must be the modules' own (runCheck in process), for clean files, errors and a Viper file.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check';
import { bufferIO } from '../../src/cli/io';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'symdap.js');

describe('symdap check from its bundle', () => {
  let dir = '';
  const path = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'symdap-check-bundle-'));
    writeFileSync(path('good.sym'), 'proc main(x: int) {\n  var y: int := x + 1;\n  assert y > x;\n}\n');
    writeFileSync(path('bad.sym'), 'proc main() {\n  var y: u8 := 300;\n  var z: bool := 1;\n}\n');
    writeFileSync(path('good.vpr'), 'method m(x: Int) returns (y: Int)\n  ensures y > x\n{\n  y := x + 1\n}\n');
    writeFileSync(path('bad.vpr'), 'method m(x: Int) returns (y: Int)\n{\n  y := x + true\n}\n');
  });

  it('is a bundle of the check path only: no engine, no Viper front end, no other command', () => {
    const text = readFileSync(join(ROOT, 'dist', 'check.bundle.js'), 'utf8');
    expect(text).toContain('"dist/cli/check.js"');
    expect(text).toContain('"dist/lang/symFrontend.js"');
    expect(text).not.toMatch(/"dist\/engine\//);
    expect(text).not.toMatch(/"dist\/lang\/viper\//);
    expect(text).not.toMatch(/"dist\/cli\/(verify|run|dap|lsp)\.js"/);
  });

  it('prints what the modules print, with the same exit code', async () => {
    for (const name of ['good.sym', 'bad.sym', 'good.vpr', 'bad.vpr']) {
      const r = spawnSync(process.execPath, [BIN, 'check', path(name)], { encoding: 'utf8' });
      const io = bufferIO();
      const code = await runCheck([path(name)], io);
      expect({ name, status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
        name,
        status: code,
        stdout: io.stdout(),
        stderr: io.stderr(),
      });
    }
  }, 120_000);
});
