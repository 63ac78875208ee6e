// What `vsce package` puts into the .vsix (listed offline with `vsce ls`): the language files,
// the bundle, and the z3-solver runtime with its WebAssembly, which cannot be bundled because
// z3-built.js finds z3-built.wasm (and starts its worker threads) relative to its own file.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const extensionDir = path.resolve(__dirname, '../../extension');
const requireExt = createRequire(path.join(extensionDir, 'package.json'));

function packagedFiles(): string[] {
  const vsce = path.join(path.dirname(requireExt.resolve('@vscode/vsce/package.json')), 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'ls'], { cwd: extensionDir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

describe('the .vsix contents', () => {
  const files = packagedFiles();

  it('include the manifest, language files, README and LICENSE', () => {
    for (const f of [
      'package.json',
      'language-configuration.json',
      'syntaxes/sym.tmLanguage.json',
      'language-configuration.viper.json',
      'syntaxes/viper.tmLanguage.json',
      'snippets/sym.code-snippets',
      'README.md',
      'LICENSE',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('include z3-solver with its wasm next to z3-built.js, and its runtime dependencies', () => {
    expect(files).toContain('node_modules/z3-solver/build/z3-built.wasm');
    expect(files).toContain('node_modules/z3-solver/build/z3-built.js');
    expect(files).toContain('node_modules/z3-solver/build/node.js');
    expect(files.some((f) => f.startsWith('node_modules/async-mutex/'))).toBe(true);
  });

  it('leave out sources, tests, scripts and dev tools', () => {
    const unwanted = files.filter(
      (f) =>
        /^(src|test|scripts)\//.test(f) ||
        f.endsWith('.ts') ||
        /^node_modules\/(esbuild|@vscode\/vsce|vscode-tmgrammar-test|vscode-textmate|@types)\//.test(f),
    );
    expect(unwanted).toEqual([]);
  });
});
