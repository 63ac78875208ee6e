// The lsp-neovim recipe of docs/lsp.md, verbatim, in the real Neovim (0.7.2 on Debian 12): it opens
// a .sym file with a type error and gets the diagnostic from the real `symdap lsp`; a .vpr file
// (filetype viper) gets the server too, and saving it gives the verification failure.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { commandWorks, recipe, ROOT, symdapEnvForSuite } from '../editors/readmeRecipes';

const nvimAvailable = optionalTool('Neovim', commandWorks('nvim', ['--version']), 'apt-get install neovim');

interface Result {
  error: string | null;
  filetype: string;
  clients: number;
  diagnostics: { lnum: number; col: number; message: string; severity: number; source: string }[];
}

describe.skipIf(!nvimAvailable)('docs/lsp.md recipe: Neovim built-in LSP', () => {
  const env = symdapEnvForSuite();

  /** Neovim with the recipe opens `name` (written by `write`), saving it when `save`; what it showed. */
  function open(name: string, write: (file: string) => void, save = false): Result {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-nvim-lsp-'));
    try {
      const init = path.join(dir, 'init.lua');
      const file = path.join(dir, name);
      const out = path.join(dir, 'result.json');
      writeFileSync(init, recipe('lsp-neovim').code);
      write(file);
      const r = spawnSync(
        'nvim',
        ['--headless', '--clean', '-u', init, '-c', `luafile ${path.join(__dirname, 'nvim-harness.lua')}`],
        {
          cwd: dir,
          encoding: 'utf8',
          timeout: 90_000,
          env: {
            ...env(),
            SYMDAP_FILE: file,
            SYMDAP_RESULT: out,
            ...(save ? { SYMDAP_SAVE: '1' } : {}),
            XDG_STATE_HOME: dir,
            XDG_DATA_HOME: dir,
            XDG_CACHE_HOME: dir,
          },
        },
      );
      if (!existsSync(out)) throw new Error(`Neovim wrote no result (exit ${r.status}):\n${r.stderr}${r.stdout}`);
      return JSON.parse(readFileSync(out, 'utf8')) as Result;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('starts symdap lsp for a .sym file and shows its type error as a diagnostic', () => {
    const result = open('bad.sym', (f) => writeFileSync(f, 'proc main(x: int) {\n  var b: bool := x + 1;\n}\n'));
    expect(result.error).toBeNull();
    expect(result.filetype).toBe('sym');
    expect(result.clients).toBe(1);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ lnum: 1, severity: 1, source: 'symdap' });
    expect(result.diagnostics[0].message).toMatch(/bool/);
  }, 120_000);

  it('a .vpr file is filetype viper, gets the server, and on save its lost permission fails at line 18', () => {
    const sample = path.join(ROOT, 'samples', 'viper', 'lost_permission.vpr');
    const result = open('lost_permission.vpr', (f) => copyFileSync(sample, f), true);
    expect(result.error).toBeNull();
    expect(result.filetype).toBe('viper');
    expect(result.clients).toBe(1);
    const verified = result.diagnostics.filter((d) => d.source === 'symdap verify');
    expect(verified.length).toBeGreaterThan(0);
    expect([...new Set(verified.map((d) => d.lnum))]).toEqual([17]);
    const messages = verified.map((d) => d.message).join('\n');
    expect(messages).toContain('acc(x.f) is not held to read x.f');
  }, 120_000);
});
